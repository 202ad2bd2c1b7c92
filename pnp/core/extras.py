"""The optional extras: what only some games or commands need is installed apart (pyproject.toml's
`[project.optional-dependencies]`), and a missing one is said in one line that names the pip command."""

from __future__ import annotations

from importlib.util import find_spec

from pnp import DISTRIBUTION
from pnp.core.errors import InputError, Problem, Where


def install(extra: str) -> str:
    return f"pip install '{DISTRIBUTION}[{extra}]'"


def missing(modules: tuple[str, ...]) -> bool:
    """True when one of `modules` cannot be imported (looked up, not imported: no cost when it is there)."""
    for module in modules:
        try:
            if find_spec(module) is None:
                return True
        except (ImportError, ValueError):  # ValueError: held out of sys.modules (None), as the tests do
            return True
    return False


def require(modules: tuple[str, ...], extra: str, what: str, where: Where | None = None, subject: str = "",
            instead: str = "") -> None:
    """Each of `modules` can be imported, or InputError: `what` needs them, an optional extra, and how to add it."""
    if missing(modules):
        raise InputError([Problem(where, f"{what} needs {' and '.join(modules)}, an optional extra: "
                                         f"{install(extra)}{instead}", subject)])
