"""Stage 3, layout: a template and one component's data -> a scene of positioned shapes (plain data).

Takes the typed game, its templates, fonts and icons; gives faces in points (text fitted, dice on
their nets) that checks, previews and the renderer read. Knows nothing of pages, PDFs or rules.
"""
