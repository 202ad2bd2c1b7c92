"""`kind: colours`: colours far enough apart, for typical and colour-blind vision."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from pnp.core import bounds
from pnp.model.colour import close_pairs
from pnp.model.units import parse_colour
from pnp.rules.rule_kinds import Found, RuleOptions, rule_kind
from pnp.rules.shared_options import Source

if TYPE_CHECKING:
    from pnp.rules.engine import Engine


@dataclass(kw_only=True)
class Colours(RuleOptions):
    """the colours are at least `min_distance` apart (CIE delta E) for typical vision; pairs that look alike with
    protanopia, deuteranopia or tritanopia (closer than `colour_blind_distance`) must carry different symbols"""

    kind: Literal["colours"]
    source: Source | None  # the colours
    symbols: Source | None = None  # a symbol per colour, for colour-blind players
    min_distance: float = 20.0  # delta E with typical vision
    colour_blind_distance: float = 12.0  # delta E under simulation, unless symbols differ


@rule_kind(Colours)
def check(engine: Engine, rule: Colours, at: tuple) -> Iterator[Found]:
    assert rule.source
    values = engine.values(rule.source, (*at, "source"))
    palette = engine.game.manifest.palette
    colours, where = {}, {}
    for v in values:
        try:
            rgb = parse_colour(v.value, palette)
        except ValueError as exc:
            yield (v.where, v.subject, str(exc))
            continue
        if rgb is not None:
            colours[str(v.value)], where[str(v.value)] = rgb, v
    symbols = {str(s.subject): s.value for s in engine.values(rule.symbols, (*at, "symbols"))} if rule.symbols \
        else {}
    symbol_of = {str(v.value): symbols.get(v.subject) for v in values}
    pairs, more = close_pairs(colours, rule.min_distance)
    for d, a, b in pairs:
        yield (where[b].where, where[b].subject, f"{b} is hard to tell from {a} (delta E {d:.1f}, "
               f"needs {rule.min_distance:g}); pick colours further apart")
    for vision in ("protanopia", "deuteranopia", "tritanopia"):
        alike, more_alike = close_pairs(colours, rule.colour_blind_distance, vision)
        more = more or more_alike
        for d, a, b in alike:
            sa, sb = symbol_of.get(a), symbol_of.get(b)
            if not sa or not sb or sa == sb:
                yield (where[b].where, where[b].subject, f"{b} and {a} look alike with {vision} (delta E "
                       f"{d:.1f}) and {'share a symbol' if sa and sa == sb else 'have no symbol'}: give "
                       "each its own symbol")
    if more:
        yield (engine.doc.where((*at, "source")), rule.id, f"more than {bounds.COLOUR_PAIRS:,} pairs of colours "
               "are too close (the closest are said above): give the table fewer, more distinct colours")
