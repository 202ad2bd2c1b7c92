"""Custom rules: Python functions in a game's `rules.py` (or `rules/` package), registered with
`@custom_rule(name)` and run in a worker process (pnp/core/sandbox/runner.py, the one runner for game code)
under its limits; their mistakes become located errors, never a traceback and never a pass.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from pnp.core.errors import InputError, Problem, Where
from pnp.core.sandbox import loader
from pnp.model.game import Game
from pnp.model.project import confined

if TYPE_CHECKING:
    from pnp.core.sandbox.runner import Running, WorkOutcome


class Fail(Protocol):
    """How a custom rule reports a violation: `fail(message, where, subject)`.

    `where` is the place to name (`deck.where(card, "cost")`, `card.where`, `table.where(("zones", 2))`;
    default: the rule's own line in rules.yaml); `subject` is what breaks it (`"ability/duct-tape"`;
    default: the rule's id). The rule's `severity` in rules.yaml says whether it is an error, a warning
    or an info line."""

    def __call__(self, message: str, where: Where | None = None, subject: str = "") -> None: ...


class CustomRuleSpec(Protocol):
    """What the runner reads of a `kind: custom` rule (pnp/rules/kinds/custom.py)."""

    id: str
    function: str | None


RuleFunction = Callable[[Game, Fail], None]
CUSTOM: dict[str, RuleFunction] = {}


def custom_rule(name: str) -> Callable[[RuleFunction], RuleFunction]:
    """Register a Python rule for `kind: custom, function: NAME` in rules.yaml. It is called as
    `fn(game, fail)` and reports each violation with `fail(message, where, subject)`."""

    def register(fn: RuleFunction) -> RuleFunction:
        CUSTOM[name] = fn
        return fn

    return register


HINTS = {  # what to do, by how a rule failed (pnp/core/sandbox/runner.py, WorkOutcome.kind)
    "overtime": "make it faster, or give it more time with --rule-timeout SECONDS",
    "exit": "a rule reports with fail(message, where, subject) and returns",
    "died": "a rule reports with fail(message, where, subject) and returns",
    "memory": "a rule reads the game it is given; it need not hold much",
    "refused": "a rule reads the game it is given and reports with fail(); it writes no file, opens no connection "
               "and starts no process (docs/rules.md, \"Security\")",
}


@dataclass
class Started:
    """A game's custom rules, started (`pnp.rules.check.start_custom_rules`): their places in rules.yaml, and the
    worker running them."""

    chosen: list[int]
    running: Running

    def close(self) -> None:
        self.running.close()


def start_customs(game: Game, rules: list[tuple[CustomRuleSpec, Where]], rule_seconds: float) -> Running:
    """Start a game's custom rules (each with its line in rules.yaml) in a worker process (pnp/core/sandbox/runner.py);
    `judge_customs` takes what comes back."""
    from pnp.core.sandbox.confinement import Confinement
    from pnp.core.sandbox.runner import Running

    box = Confinement(rule_seconds, game.dir, f"cards/{game.id}", (game.root,), prepare=lambda: compile_ahead(game))
    return Running([_work(game, rule, at) for rule, at in rules], box)


def judge_customs(rules: list[tuple[CustomRuleSpec, Where]], outcomes: list[WorkOutcome]
                  ) -> tuple[list[list[tuple[Where, str, str]]], list[Problem]]:
    """The findings (where, subject, message) of each rule, and a warning for each that printed. A rule that
    failed in any way (raised, ran too long, exited, crashed, did what a rule may not) is a located error."""
    found: list[list[tuple[Where, str, str]]] = []
    notes: list[Problem] = []
    bad: list[Problem] = []
    for (rule, at), outcome in zip(rules, outcomes, strict=True):
        name = rule.function or ""
        found.append(outcome.value if outcome.kind == "ok" else [])
        bad += [p for p in outcome.problems if (p.where, p.message) not in {(b.where, b.message) for b in bad}]
        if outcome.failure:
            hint = HINTS.get(outcome.kind)
            bad.append(Problem(at, f"custom rule {name!r} {outcome.failure}" + (f" (at {outcome.at})" if outcome.at
                               else "") + (f"; {hint}" if hint else ""), rule.id))
        if outcome.printed.strip():
            text = " ".join(outcome.printed.split())
            notes.append(Problem(at, f"custom rule {name!r} printed {text[:160]!r}: a rule says what it finds with "
                                 "fail(message, where, subject), not print()", rule.id, "warning", rule.id))
    if bad:
        raise InputError(bad)
    return found, notes


def compile_ahead(game: Game) -> None:
    """Compile the game's rules files where an import would keep them (`__pycache__` beside them), without
    running them: each worker then reads them compiled (a worker writes no file, so it cannot keep what
    it compiles; compiling Welcome to the Moon's rules takes 30-50 ms)."""
    import importlib.util
    import py_compile
    from pathlib import Path

    home = game.dir.resolve()
    for path in [game.dir / "rules.py", *sorted((game.dir / "rules").glob("*.py"))]:
        cached = Path(importlib.util.cache_from_source(str(path)))
        if not path.is_file() or not path.resolve().is_relative_to(home) \
                or not cached.parent.resolve().is_relative_to(home):
            continue  # a link out of the game: refused when imported; nothing written through it
        if not cached.is_file() or cached.stat().st_mtime < path.stat().st_mtime:
            with contextlib.suppress(Exception):  # a syntax error: said when the worker imports it
                py_compile.compile(str(path), str(cached), doraise=True)


def _work(game: Game, rule: CustomRuleSpec, rule_at: Where) -> Callable[[], list[tuple[Where, str, str]]]:
    """One rule as the worker runs it: its module imported there (never in pnp's own process), then called."""

    def work() -> list[tuple[Where, str, str]]:
        found: list[tuple[Where, str, str]] = []

        def fail(message: str, where: Where | None = None, subject: str = "") -> None:
            found.append((where if isinstance(where, Where) else rule_at, str(subject or rule.id), str(message)))

        try:
            fn = custom_function(game, rule.function or "", rule_at)
        except SyntaxError as exc:
            raise InputError([Problem(Where(_shown(game, exc.filename), exc.lineno or 0, exc.offset or 0),
                                      f"syntax error in the custom rules: {exc.msg}", rule.id)]) from None
        fn(game, fail)
        return found

    return work


def _shown(game: Game, filename: str | None) -> str:
    from pathlib import Path

    try:
        return Path(filename or "").resolve().relative_to(game.root.resolve()).as_posix()
    except ValueError:
        return f"cards/{game.id}/rules.py"


def custom_function(game: Game, name: str, where: Where) -> RuleFunction:
    code = _rules_code(game)
    if name not in CUSTOM or (code is not None and not loader.current(code)):
        _load_custom(game)  # first use, or the designer edited the rules since (`pnp watch` keeps running)
    if name not in CUSTOM:
        raise InputError([Problem(where, f"no custom rule {name!r}: define it in cards/{game.id}/rules.py (or a "
                                  f"module of cards/{game.id}/rules/) with @custom_rule({name!r})")])
    return CUSTOM[name]


def _rules_code(game: Game) -> loader.GameCode | None:
    """The game's custom rules: `rules.py`, or for a large game a `rules/` package whose `__init__.py` imports
    its modules (they may share helpers with relative imports)."""
    return loader.find(_rules_name(game), game.dir, "rules")


def _rules_name(game: Game) -> str:
    return f"pnp_rules_{game.id.replace('-', '_')}"


def _load_custom(game: Game) -> None:
    """Import the game's custom rules through the sandbox's one loader, each file confined to the project."""
    code, module_name = _rules_code(game), _rules_name(game)
    for rule_name in [n for n, fn in CUSTOM.items() if fn.__module__.split(".")[0] == module_name]:
        del CUSTOM[rule_name]  # a rule deleted from the file must not linger
    if code is None:
        return
    loader.confine(code, lambda path: confined(game.root, path, Where(f"cards/{game.id}/"
                                                                       f"{path.relative_to(game.dir).as_posix()}"),
                                               "this custom rules file"))
    loader.load(code)
