"""Check reports for people (text), programs (json) and GitHub Actions (workflow annotations).

A game whose input cannot be read (a YAML syntax error, a missing file, a bad field) is not checked:
it is reported as `Unchecked`, with its input errors, in every format, so that CI sees them as
annotations and JSON entries like rule problems, and `pnp check --all` goes on to the other games.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pnp.core.errors import BySeverity, Problem
from pnp.rules.check import Checked


@dataclass
class Unchecked(BySeverity):
    """A game that could not be checked: the errors that stopped it and their exit status (2: bad input)."""

    game_id: str
    problems: list[Problem]
    exit_code: int = 2
    strict_ignores: tuple[str, ...] = ()

    def failed(self, strict: bool) -> bool:
        return True


Result = Checked | Unchecked


def game_id(r: Result) -> str:
    return r.game_id if isinstance(r, Unchecked) else r.game.id


def exit_code(results: Sequence[Result], strict: bool) -> int:
    """The worst of all games: 2 a game's input is bad, 1 a game breaks its rules, 0 all clean."""
    return max([r.exit_code if isinstance(r, Unchecked) else int(r.failed(strict)) for r in results], default=0)


def _rule(p: Problem, r: Result) -> str:
    return p.rule or ("input" if isinstance(r, Unchecked) else "check")


def _line(p: Problem) -> str:
    where = f"{p.where}: " if p.where else ""
    subject = f"{p.subject}: " if p.subject else ""
    return f"{where}{subject}{p.message}"


def text(results: Iterable[Result], strict: bool = False) -> str:
    out = []
    for r in results:
        errors, warnings = r.errors, r.warnings
        if isinstance(r, Unchecked):
            out.append(f"{r.game_id}: not checked: {len(errors)} error{'s' if len(errors) != 1 else ''} in its "
                       "input: FAILED")
        else:
            status = "FAILED" if r.failed(strict) else "ok"
            out.append(f"{r.game.id}: {len(errors)} error{'s' if len(errors) != 1 else ''}, {len(warnings)} "
                       f"warning{'s' if len(warnings) != 1 else ''}: {status}")
        for severity, items in (("error", errors), ("warning", warnings), ("info", r.infos)):
            by_rule: dict[str, list[Problem]] = {}
            for p in items:
                by_rule.setdefault(_rule(p, r), []).append(p)
            for rule, found in by_rule.items():
                known = " (known: --strict accepts it)" if severity == "warning" and rule in r.strict_ignores else ""
                out.append(f"  {severity} [{rule}] ({len(found)}){known}")
                out.extend(f"    {_line(p)}" for p in found)
    return "\n".join(out)


def as_json(results: Iterable[Result], strict: bool = False) -> str:
    def entries(r: Result, items: list[Problem]) -> list[dict]:
        return [{"rule": _rule(p, r), "severity": p.severity, "subject": p.subject, "message": p.message,
                 "file": p.where.file if p.where else None, "line": p.where.line if p.where else None,
                 "col": p.where.col if p.where else None} for p in items]

    games = [{"game": game_id(r), "ok": not r.failed(strict), "checked": not isinstance(r, Unchecked),
              "errors": entries(r, r.errors), "warnings": entries(r, r.warnings), "infos": entries(r, r.infos)}
             for r in results]
    return json.dumps({"games": games}, indent=1)


def _escape(value: str, prop: bool = False) -> str:
    """GitHub's workflow-command escaping: a message keeps its line breaks, a property its commas and colons."""
    value = value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return value.replace(":", "%3A").replace(",", "%2C") if prop else value


def github(results: Iterable[Result], strict: bool = False) -> str:
    """`::error file=F,line=L,col=C,title=GAME RULE::message` lines, which GitHub shows on the diff."""
    out = []
    for r in results:
        for p in r.problems:
            level = {"error": "error", "info": "notice"}.get(p.severity, "warning")
            if strict and p.severity == "warning" and p.rule not in r.strict_ignores:
                level = "error"
            place = ""
            if p.where:
                place = f"file={_escape(p.where.file, True)},"
                if p.where.line:
                    place += f"line={p.where.line}," + (f"col={p.where.col}," if p.where.col else "")
            message = f"{p.subject}: {p.message}" if p.subject else p.message
            out.append(f"::{level} {place}title={_escape(f'{game_id(r)} {_rule(p, r)}', True)}::{_escape(message)}")
    return "\n".join(out)


FORMATS = {"text": text, "json": as_json, "github": github}
