"""pnp: print-and-play asset generator. Canonical YAML in, print-ready PDFs out."""

__version__ = "0.1.0"  # the one place: pyproject.toml reads it, `pnp --version` prints it, CHANGELOG.md names it
DISTRIBUTION = "pnp-press"  # the name on PyPI (pyproject's `name`); the command and the package are `pnp`
