"""A template's text defaults (`text:`), and the text settings of one text or table element over them."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Annotated, Any

from pnp.core import bounds
from pnp.core.errors import Problems
from pnp.layout.fonts.families import unknown_font
from pnp.layout.text import Style
from pnp.layout.values import Eval, LayoutEnv, between
from pnp.model.load import Doc
from pnp.model.schema.kinds import Kind
from pnp.model.units import parse_colour, parse_length


@dataclass(repr=False, eq=False)
class TextDefaults:
    """A template's defaults for its text elements."""
    """The template's text settings, for every text and table that does not set its own."""

    font: Annotated[str, Kind("font", expression=False)] = "body"  # the family
    size: Annotated[str, Kind("length", expression=False)] = "8pt"  # the text size
    min_size: Annotated[str, Kind("length", expression=False)] = "7pt"  # the smallest size text may shrink to
    leading: float = 1.18  # the line height, times the size
    color: Annotated[str, Kind("colour", expression=False)] = "#000000"  # the text's colour
    paragraph_gap: float = 0.35  # the space between paragraphs, in ems


def check_text_defaults(text: TextDefaults, doc: Doc, problems: Problems) -> None:
    """The template's text defaults within their bounds, said at their line (not at every text using them)."""
    checks: list[tuple[str, Any, float, float, str]] = [
        ("size", text.size, *bounds.TEXT_SIZE, "pt"), ("min_size", text.min_size, *bounds.TEXT_SIZE, "pt"),
        ("leading", text.leading, 0.5, 5.0, "x the size"), ("paragraph_gap", text.paragraph_gap, 0.0, 10.0, "ems")]
    for key, raw, low, high, unit in checks:
        try:
            value = parse_length(raw) if unit == "pt" else float(raw)
        except (ValueError, TypeError) as exc:
            problems.add(doc.where(("text", key)), str(exc), f"text.{key}")
            continue
        if not (math.isfinite(value) and low <= value <= high):
            problems.add(doc.where(("text", key)), f"{value:g} {unit}; use a value from {low:g} to {high:g}",
                         f"text.{key}")


# the settings `text_params` reads: computed once for an element where none of them reads the card
TEXT_KEYS = ("font", "size", "min_size", "leading", "paragraph_gap", "color", "align", "valign", "style",
             "glossary", "glossary_color", "uppercase")


def text_params(ev: Eval, d: TextDefaults, env: LayoutEnv) -> tuple:
    """A text's (or a table's) style, size, smallest size, leading, paragraph gap, glossary, face, alignments
    and capitals: its own settings over the template's defaults `d`, checked."""
    family_name = ev.raw("font") or d.font
    family = env.families.get(family_name)
    if family is None:
        raise ValueError(unknown_font(family_name, env.families))
    size = between("size", parse_length(ev.raw("size") or d.size), *bounds.TEXT_SIZE, "pt")
    min_size = min(between("min_size", parse_length(ev.raw("min_size") or d.min_size), *bounds.TEXT_SIZE, "pt"),
                   size)
    leading = between("leading", ev.number("leading", d.leading), 0.5, 5.0, "x the size")
    gap = ev.raw("paragraph_gap")
    gap = between("paragraph_gap", d.paragraph_gap if gap is None else float(gap), 0.0, 10.0, "ems")
    color = parse_colour(ev.raw("color") or d.color, env.palette) or (0.0, 0.0, 0.0)
    term_raw = ev.raw("glossary_color") or env.term_color
    term = parse_colour(term_raw, env.palette) if term_raw else None
    glossary = env.glossary if ev.raw("glossary") is not False else None
    return (Style(family, color, term or color, None), size, min_size, leading, gap, glossary,
            str(ev.raw("style") or "regular"), str(ev.raw("align") or "left"), str(ev.raw("valign") or "top"),
            bool(ev.raw("uppercase")))
