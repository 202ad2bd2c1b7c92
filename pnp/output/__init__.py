"""Stages 4-6, output: laid-out faces -> pages -> PDF files and images (the only stage that knows reportlab).

Takes faces from layout and print settings from the model; gives imposed pages, rendered PDFs,
the print-and-play document and PNG/TTS exports, written atomically. Knows nothing of rules or the CLI.
"""
