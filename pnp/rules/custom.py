"""Custom rules: Python functions in a game's `rules.py` (or `rules/` package), registered with
`@custom_rule(name)` and run under a time limit; their mistakes become located errors, never a traceback.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable
from typing import Protocol

from pnp.errors import InputError, Problem, Where
from pnp.model import limits
from pnp.model.game import Game
from pnp.model.project import confined
from pnp.rules.spec import Rule


class Fail(Protocol):
    """How a custom rule reports a violation: `fail(message, where, subject)`.

    `where` is the place to name (`deck.where(card, "cost")`, `card.where`, `table.where(("zones", 2))`;
    default: the rule's own line in rules.yaml); `subject` is what breaks it (`"ability/duct-tape"`;
    default: the rule's id). The rule's `severity` in rules.yaml says whether it is an error, a warning
    or an info line."""

    def __call__(self, message: str, where: Where | None = None, subject: str = "") -> None: ...


RuleFunction = Callable[[Game, Fail], None]
CUSTOM: dict[str, RuleFunction] = {}


def custom_rule(name: str) -> Callable[[RuleFunction], RuleFunction]:
    """Register a Python rule for `kind: custom, function: NAME` in rules.yaml. It is called as
    `fn(game, fail)` and reports each violation with `fail(message, where, subject)`."""

    def register(fn: RuleFunction) -> RuleFunction:
        CUSTOM[name] = fn
        return fn

    return register


def run_custom(game: Game, rule: Rule, at: Where, rule_seconds: float
               ) -> tuple[list[tuple[Where, str, str]], list[Problem]]:
    """Run one custom rule (`at`: its line in rules.yaml): its findings (where, subject, message), and a
    warning if it printed."""
    name, rule_at = rule.function or "", at
    found: list[tuple[Where, str, str]] = []
    notes: list[Problem] = []

    def fail(message: str, where: Where | None = None, subject: str = "") -> None:
        found.append((where or rule_at, subject or rule.id, message))

    def bad(what: str) -> InputError:
        return InputError([Problem(rule_at, f"custom rule {name!r} {what}", rule.id)])

    printed = io.StringIO()
    try:  # the game's own code: its mistakes are located errors, never a traceback or an exit
        with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed), \
                limits.time_limit(rule_seconds):
            fn = custom_function(game, name, rule_at)
            fn(game, fail)
    except InputError:
        raise
    except limits.Overtime as exc:
        raise bad(f"ran longer than {rule_seconds:g} s and was stopped (at {_game_frame(game, exc)}); "
                  "make it faster, or give it more time with --rule-timeout SECONDS") from None
    except SystemExit as exc:
        raise bad(f"called sys.exit() (at {_game_frame(game, exc)}); a rule reports with fail(message, "
                  "where, subject) and returns") from None
    except SyntaxError as exc:
        raise InputError([Problem(Where(_shown(game, exc.filename), exc.lineno or 0, exc.offset or 0),
                                  f"syntax error in the custom rules: {exc.msg}", rule.id)]) from None
    except Exception as exc:  # a bug in the game's own rules: say where
        raise bad(f"failed: {type(exc).__name__}: {exc} (at {_game_frame(game, exc)})") from None
    if printed.getvalue().strip():
        text = " ".join(printed.getvalue().split())
        notes.append(Problem(rule_at, f"custom rule {name!r} printed {text[:160]!r}: a rule says what it "
                             "finds with fail(message, where, subject), not print()", rule.id, "warning", rule.id))
    return found, notes


def _shown(game: Game, filename: str | None) -> str:
    from pathlib import Path

    try:
        return Path(filename or "").resolve().relative_to(game.root.resolve()).as_posix()
    except ValueError:
        return f"cards/{game.id}/rules.py"


def _game_frame(game: Game, exc: BaseException) -> str:
    """`cards/<game>/rules.py:LINE`: the innermost line of the game's own code the error passed through."""
    import traceback
    from pathlib import Path

    root = game.dir.resolve()
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        path = Path(frame.filename).resolve()
        if path.is_relative_to(root):
            return f"cards/{game.id}/{path.relative_to(root).as_posix()}:{frame.lineno}"
    return f"cards/{game.id}/rules.py"


def custom_function(game: Game, name: str, where: Where) -> RuleFunction:
    if name not in CUSTOM or _LOADED.get(_module_name(game)) != _signature(game):
        _load_custom(game)  # first use, or the designer edited the rules since (`pnp watch` keeps running)
    if name not in CUSTOM:
        raise InputError([Problem(where, f"no custom rule {name!r}: define it in cards/{game.id}/rules.py (or a "
                                  f"module of cards/{game.id}/rules/) with @custom_rule({name!r})")])
    return CUSTOM[name]


_LOADED: dict[str, tuple] = {}  # module name -> the rules files' (path, mtime) when they were imported


def _module_name(game: Game) -> str:
    return f"pnp_rules_{game.id.replace('-', '_')}"


def _signature(game: Game) -> tuple:
    files = [game.dir / "rules.py", *sorted((game.dir / "rules").glob("*.py"))]
    return tuple((str(f), st.st_mtime_ns, st.st_size) for f in files if f.is_file() and (st := f.stat()))


def _load_custom(game: Game) -> None:
    """Import the game's custom rules: `rules.py`, or for a large game a `rules/` package whose
    `__init__.py` imports its modules (they may share helpers with relative imports)."""
    import importlib.util
    import sys

    module_name = _module_name(game)
    for rule_name in [n for n, fn in CUSTOM.items() if fn.__module__.split(".")[0] == module_name]:
        del CUSTOM[rule_name]  # a rule deleted from the file must not linger
    _LOADED[module_name] = _signature(game)
    package = game.dir / "rules" / "__init__.py"
    path = package if package.is_file() else game.dir / "rules.py"
    if not path.is_file():
        return
    for code in [path, *sorted((game.dir / "rules").glob("*.py"))]:
        confined(game.root, code, Where(f"cards/{game.id}/{code.relative_to(game.dir).as_posix()}"),
                 "this custom rules file")
    for loaded in [m for m in sys.modules if m == module_name or m.startswith(module_name + ".")]:
        del sys.modules[loaded]  # a rule missing from what was loaded: read the files again
    locations = [str(package.parent)] if package.is_file() else None
    spec = importlib.util.spec_from_file_location(module_name, path, submodule_search_locations=locations)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module  # relative imports inside the package look the package up here
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[module_name]
        raise
