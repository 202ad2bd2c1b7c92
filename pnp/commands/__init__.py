"""The commands: the CLI and what orchestrates each command (build, watch, preview, report, changes).

Takes what the user typed; calls the stages in order and prints what they found. Only this package
wires stages together; no other package imports it.
"""
