"""Setup expressions: each step's fields compiled once, run with the names a setup offers, and every
mistake reported at the step's own line in rules.yaml.

The names: the setup's options by name, `players` (the player count), `player` (each_player steps: 1
for the first player, then 2, ...), `tables` (the setup's tables, looked up for this player count,
player and options), `data` (the game's data tables), `table` and `hand` (what the table and this
player have been dealt so far, by label: a list of cards, each its fields with `id` and `copy`, or a
value) and, in `where`, `card` (the card being considered, with `copy`: 1 for its first copy).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pnp.core.errors import InputError, Problem, Where
from pnp.model.schema.reader import field_path
from pnp.rules.spec import Setup, SetupTable, Step

if TYPE_CHECKING:
    from pnp.model.game import Game
    from pnp.model.load import Doc

RESERVED = ("players", "player", "tables", "data", "table", "hand", "card", "pile")
BARE = ("if", "where")  # written as bare expressions (braces optional); the others are a value or one {{ }}
TEXT = ("note",)  # text with {{ expressions }} anywhere in it
VALUES = ("count", "value", "draw", "place", "side")
_SINGLE = re.compile(r"^\s*\{\{(?P<body>(?:(?!\{\{|\}\}).)*)\}\}\s*$", re.S)
Path = tuple[str | int, ...]


class Locator:
    """Places in rules.yaml; the file is read only when a problem needs its line."""

    def __init__(self, game: Game, doc: Doc | None = None, setup: Where | None = None):
        self.game, self.doc, self.read, self.setup = game, doc, doc is not None, setup

    def __call__(self, path: Path) -> Where:
        if path == ("setup",) and self.setup is not None:
            return self.setup
        if not self.read:
            from pnp.model.load import load_file

            file = self.game.dir / "rules.yaml"
            self.doc, self.read = (load_file(file, self.game.root) if file.exists() else None), True
        return self.doc.where(path) if self.doc is not None else Where(f"cards/{self.game.id}/rules.yaml")

    def fail(self, path: Path, message: str) -> InputError:
        return InputError([Problem(self(path), message, field_path(path[1:]) or "setup", rule="setup")])

    def mistake(self, path: Path, message: str) -> ExpressionMistake:
        return ExpressionMistake([Problem(self(path), message, field_path(path[1:]) or "setup")])


class ExpressionMistake(InputError):
    """An expression of the setup that cannot run (its syntax, a name it does not have): bad input, whatever
    the player count, so `pnp check` says it as it says any other (exit 2)."""


# the fields of a step that may hold expressions: their YAML names -> the Step attributes
STEP_FIELDS = {"if": "if_", "where": "where", "count": "count", "value": "value", "draw": "draw", "place": "place",
               "side": "side", "note": "note"}


class Expressions:
    """Every expression of a setup, compiled on first use and kept."""

    def __init__(self, locate: Locator):
        self.locate = locate
        self._compiled: dict[Path, Callable[[dict[str, Any]], Any]] = {}

    def compile(self, path: Path, source: Any, bare: bool, text: bool = False) -> Callable[[dict[str, Any]], Any]:
        if path in self._compiled:
            return self._compiled[path]
        if text and isinstance(source, str) and not _SINGLE.match(source) and "{" in source:
            return self._text(path, source)
        body = None
        if isinstance(source, str):
            m = _SINGLE.match(source)
            body = m.group("body") if m else (source if bare else None)
            if body is None and ("{{" in source or "{%" in source):
                raise self.locate.mistake(path, f"{source!r}: write one {{{{ expression }}}} and nothing around it")
        if body is None:
            def constant(_: dict[str, Any]) -> Any:
                return source
            self._compiled[path] = constant
            return constant
        from pnp.model.expressions.evaluate import explanation, expression, shown

        try:
            compiled = expression(body.strip())
        except Exception as exc:  # a syntax error
            said = getattr(exc, "message", exc)
            raise self.locate.mistake(path, f"syntax error in {shown(source)!r}: {said}") from None

        def run(names: dict[str, Any]) -> Any:
            from jinja2 import Undefined

            try:
                result = compiled(**{k: v for k, v in names.items() if k != "_options"})
                if isinstance(result, Undefined):
                    str(result)  # raises, naming what is undefined
            except InputError:
                raise
            except Exception as exc:  # an undefined name, a missing key, a refused attribute, ...
                said = explanation(source.strip(), exc, names)
                said = said.replace("this card does not have", "this card or table lacks")
                raise self.locate.mistake(path, f"{said}{describe(names)}") from None
            return result

        self._compiled[path] = run
        return run

    def _text(self, path: Path, source: str) -> Callable[[dict[str, Any]], Any]:
        """A note: text with `{{ expressions }}` in it, filled in (the sandbox renders it as a card's text)."""
        from pnp.core.errors import InputError as Bad
        from pnp.layout.expr import ExprError, compile_value

        try:
            _, get = compile_value(source, self.locate((*path,)))
        except Bad as exc:
            raise self.locate.mistake(path, exc.problems[0].message) from None

        def run(names: dict[str, Any]) -> Any:
            try:
                return get({k: v for k, v in names.items() if k != "_options"})
            except ExprError as exc:
                raise self.locate.mistake(path, f"{exc}{describe(names)}") from None

        self._compiled[path] = run
        return run

    def field(self, path: Path, step: Step, name: str, names: dict[str, Any], default: Any = None) -> Any:
        """A step's field evaluated with these names (its default when the step does not set it)."""
        attr = STEP_FIELDS.get(name)
        source = getattr(step, attr) if attr else None
        if source is None:
            return default
        key = (*path, name)
        run = self._compiled.get(key)
        if run is None:
            run = self.compile(key, source, name in BARE, name in TEXT)
        return run(names)


def describe(names: dict[str, Any]) -> str:
    """' (2 players, player 1, difficulty futile)': the case an expression failed in."""
    parts = []
    if "players" in names:
        parts.append(f"{names['players']} player{'s' if names['players'] != 1 else ''}")
    if "player" in names:
        parts.append(f"player {names['player']}")
    parts += [f"{k}={v}" for k, v in names.get("_options", {}).items()]
    return f" (with {', '.join(parts)})" if parts else ""


def by_of(table: SetupTable) -> list[str]:
    return [table.by] if isinstance(table.by, str) else list(table.by)


def check_tables(setup: Setup, locate: Locator) -> list[Problem]:
    """Each table's `by` names players, player or an option, and player comes last."""
    out = []
    for name, table in setup.tables.items():
        keys = by_of(table)
        for key in keys:
            if key not in ("players", "player", *setup.options):
                out.append(locate.fail(("setup", "tables", name, "by"), f"tables.{name} is by {key!r}: use players, "
                                       f"player or an option ({', '.join(setup.options) or 'none'})").problems[0])
        if "player" in keys and keys[-1] != "player":
            out.append(locate.fail(("setup", "tables", name, "by"), f"tables.{name}: `player` comes last in `by`, "
                                   "after players and the options").problems[0])
    for name in setup.options:
        if name in RESERVED:
            out.append(locate.fail(("setup", "options", name), f"the option {name!r} hides a name the setup's "
                                   f"expressions read ({', '.join(RESERVED)}): rename it").problems[0])
    return out


def _lookup(values: Any, want: Any) -> tuple[Any, Any] | None:
    if isinstance(values, dict):
        for key, value in values.items():
            if key == want or str(key) == str(want):
                return key, value
    return None


def resolve_tables(setup: Setup, names: dict[str, Any], locate: Locator) -> dict[str, Any]:
    """Every table's value for this player count, player (in each_player steps) and these options. In
    `table:` steps a table by player gives its whole list, one value per player."""
    out = {}
    for name, table in setup.tables.items():
        value, path = table.values, ("setup", "tables", name, "values")  # type: Any, tuple[Any, ...]
        for key in by_of(table):
            if key == "player":
                if "player" in names and isinstance(value, list):
                    if len(value) != names["players"]:
                        raise locate.fail(path, f"{len(value)} values for {names['players']} players: give one per "
                                          "player, or one value for all")
                    value, path = value[names["player"] - 1], (*path, names["player"] - 1)
                break
            want = names["players"] if key == "players" else names["_options"].get(key)
            found = _lookup(value, want)
            if found is None:
                have = ", ".join(map(str, value)) if isinstance(value, dict) else repr(value)
                case = f"{want} players" if key == "players" else f"{key}={want}"
                raise locate.fail(path, f"no value for {case} (it has: {have})")
            path = (*path, found[0])
            value = found[1]
        out[name] = value
    return out


def choose(setup: Setup, given: dict[str, str] | None = None) -> dict[str, Any]:
    """The setup's options: each given value (as typed on the command line) or the first, the default."""
    given = dict(given or {})
    chosen = {}
    for name, values in setup.options.items():
        if name not in given:
            chosen[name] = values[0] if values else None
            continue
        wanted = given.pop(name)
        match = [v for v in values if str(v) == str(wanted)]
        if not match:
            raise InputError([Problem(None, f"option {name}={wanted}: choose one of "
                                      f"{', '.join(map(str, values))}")])
        chosen[name] = match[0]
    for name in given:
        known = ", ".join(setup.options) or "none: add `options:` to the setup"
        raise InputError([Problem(None, f"unknown option {name!r} (this game's options: {known})")])
    return chosen


def every_choice(setup: Setup) -> list[dict[str, Any]]:
    """Every combination of the options' values (one empty choice when there are no options)."""
    combos: list[dict[str, Any]] = [{}]
    for name, values in setup.options.items():
        combos = [{**c, name: v} for c in combos for v in values or [None]]
    return combos
