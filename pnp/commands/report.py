"""Check reports for people (text), programs (json) and GitHub Actions (workflow annotations)."""

from __future__ import annotations

import json
from collections.abc import Iterable

from pnp.errors import Problem
from pnp.rules.check import Checked


def _line(p: Problem) -> str:
    where = f"{p.where}: " if p.where else ""
    subject = f"{p.subject}: " if p.subject else ""
    return f"{where}{subject}{p.message}"


def text(results: Iterable[Checked], strict: bool = False) -> str:
    out = []
    for r in results:
        errors, warnings = r.errors, r.warnings
        status = "FAILED" if r.failed(strict) else "ok"
        out.append(f"{r.game.id}: {len(errors)} error{'s' if len(errors) != 1 else ''}, {len(warnings)} "
                   f"warning{'s' if len(warnings) != 1 else ''}: {status}")
        for severity, items in (("error", errors), ("warning", warnings), ("info", r.infos)):
            by_rule: dict[str, list[Problem]] = {}
            for p in items:
                by_rule.setdefault(p.rule or "check", []).append(p)
            for rule, found in by_rule.items():
                known = " (known: --strict accepts it)" if severity == "warning" and rule in r.strict_ignores else ""
                out.append(f"  {severity} [{rule}] ({len(found)}){known}")
                out.extend(f"    {_line(p)}" for p in found)
    return "\n".join(out)


def as_json(results: Iterable[Checked], strict: bool = False) -> str:
    def item(p: Problem) -> dict:
        w = p.where
        return {"rule": p.rule or "check", "severity": p.severity, "subject": p.subject, "message": p.message,
                "file": w.file if w else None, "line": w.line if w else None, "col": w.col if w else None}

    games = [{"game": r.game.id, "ok": not r.failed(strict), "errors": [item(p) for p in r.errors],
              "warnings": [item(p) for p in r.warnings], "infos": [item(p) for p in r.infos]} for r in results]
    return json.dumps({"games": games}, indent=1)


def github(results: Iterable[Checked], strict: bool = False) -> str:
    """`::error file=F,line=L,col=C,title=RULE::message` lines, which GitHub shows on the diff."""
    out = []
    for r in results:
        for p in r.problems:
            level = {"error": "error", "info": "notice"}.get(p.severity, "warning")
            if strict and p.severity == "warning" and p.rule not in r.strict_ignores:
                level = "error"
            place = f"file={p.where.file},line={p.where.line},col={p.where.col}," if p.where and p.where.line else ""
            message = f"{p.subject}: {p.message}" if p.subject else p.message
            out.append(f"::{level} {place}title={r.game.id} {p.rule or 'check'}::{message}")
    return "\n".join(out)


FORMATS = {"text": text, "json": as_json, "github": github}
