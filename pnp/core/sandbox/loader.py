"""The one loader of a game's own Python (its custom rules, its play module), in the sandbox's workers.

Both kinds of game code are found, confined and imported the same way: a module file (`rules.py`,
`play.py`) or a package (`rules/__init__.py`, `play/__init__.py`, whose modules may import each other
relatively); every file of it must lie inside the project, links followed (the caller says so in its own
words, at the file); an import forgets any earlier import of the same code, so an edit is read when
`pnp watch` or `pnp serve` runs it again; and an import that fails leaves nothing half-imported behind.
A syntax error is raised as Python raises it: the caller locates it, naming its rule or its game.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType


@dataclass(frozen=True)
class GameCode:
    """One module of a game's own Python: its name in `sys.modules`, its entry file and every file of it."""

    name: str  # pnp_rules_<game>, pnp_play_<game>
    entry: Path  # the module's file, or its package's __init__.py
    files: tuple[Path, ...]  # the entry and, for a package, every module under it

    @property
    def package(self) -> bool:
        return self.entry.name == "__init__.py"


def find(name: str, folder: Path, stem: str) -> GameCode | None:
    """The game's `stem` code in `folder`: the package `stem/` if it has an `__init__.py`, else `stem.py`, else
    None. A link counts as the file it names (it is confined, not skipped)."""
    package, module = folder / stem / "__init__.py", folder / f"{stem}.py"
    if package.is_file() or package.is_symlink():
        return GameCode(name, package, (package, *sorted(p for p in package.parent.rglob("*.py") if p != package)))
    if module.is_file() or module.is_symlink():
        return GameCode(name, module, (module,))
    return None


def confine(code: GameCode, check: Callable[[Path], object]) -> None:
    """Every file of the code through `check` (the caller's confinement to the project: it raises, located)."""
    for path in code.files:
        check(path)


_LOADED: dict[str, tuple] = {}  # module name -> its files' (path, mtime, size) when it was imported


def signature(code: GameCode) -> tuple:
    return tuple((str(f), st.st_mtime_ns, st.st_size) for f in code.files if f.is_file() and (st := f.stat()))


def current(code: GameCode) -> bool:
    """Whether the code imported last is still what its files say (no edit since)."""
    return code.name in sys.modules and _LOADED.get(code.name) == signature(code)


def load(code: GameCode) -> ModuleType:
    """Import the code afresh (its earlier import, and its package's modules, forgotten first)."""
    _LOADED[code.name] = signature(code)
    for loaded in [m for m in sys.modules if m == code.name or m.startswith(code.name + ".")]:
        del sys.modules[loaded]
    locations = [str(code.entry.parent)] if code.package else None
    spec = importlib.util.spec_from_file_location(code.name, code.entry, submodule_search_locations=locations)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[code.name] = module  # relative imports inside the package look the package up here
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[code.name]
        raise
    return module
