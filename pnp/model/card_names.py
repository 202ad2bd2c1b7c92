"""A card's id made from its name, and a card's problems named by its id."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from pnp.core.errors import Problem


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def named_problems(problems: list[Problem], raw: list[Any]) -> list[Problem]:
    """A card's problems name it by its place and its id (or name): `cards[13] (blueprints).cost`."""
    out = []
    for p in problems:
        m = re.match(r"cards\[(\d+)\]", p.subject)
        card = raw[int(m.group(1))] if m and int(m.group(1)) < len(raw) else None
        name = str(card.get("id") or slug(str(card.get("name") or ""))) if isinstance(card, dict) else ""
        out.append(dataclasses.replace(p, subject=f"{m.group(0)} ({name}){p.subject[m.end():]}") if m and name else p)
    return out
