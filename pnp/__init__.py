"""pnp: print-and-play asset generator. Canonical YAML in, print-ready PDFs out."""

__version__ = "0.1.0"
