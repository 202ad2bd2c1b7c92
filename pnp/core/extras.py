"""The optional extras: what only some games or commands need is installed apart (pyproject.toml's
`[project.optional-dependencies]`), and a missing one is said in one line that names the pip command."""

from __future__ import annotations

import re
from importlib.util import find_spec

from pnp import DISTRIBUTION
from pnp.core.errors import InputError, Problem, Where

# what each extra is for (its packages are pyproject.toml's): docs/commands.md's table is made from both
USES = {
    "serve": "`pnp serve`, the live page",
    "sheets": "decks read from XLSX, XLS or ODS (`cards_from:`); a CSV deck needs nothing",
    "hex": "a board holding a hex or square grid, tiled across pages along its cells' edges",
    "plots": "`pnp simulate --format html`",
    "cluster": "`pnp simulate --cluster ADDRESS`",
    "all": "every one above",
}


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


def reference_table(optional: dict[str, list[str]]) -> str:
    """The docs' table of the extras a designer may install (pyproject's optional dependencies, less test and docs)."""
    rows = ["| extra | what it adds | needed for |", "|---|---|---|"]
    for extra, use in USES.items():
        names = [re.split(r"[<>=;\[ ]", r, maxsplit=1)[0] for r in optional[extra]]
        adds = "every extra above" if extra == "all" else ", ".join(names)
        rows.append(f"| `{extra}` | {adds} | {use if extra != 'all' else ''} |")
    return "\n".join(rows) + "\n"
