"""The `text` element: text in a box, wrapped, aligned and shrunk to fit, with **bold**, *italic* and :icons:.

Its words are parsed and fitted by pnp.layout.text; a mistake in a card's markup is said at the card's field,
text that does not fit even at `min_size` is reported (rule `text-overflow`), so overflow needs no drawing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal

from pnp.core.errors import Problems
from pnp.layout.elements.common import Align, Colour, ElementBase, Font, Length, Path_, Style, Value
from pnp.layout.elements.element_kinds import Drawing, element
from pnp.layout.elements.text_defaults import TEXT_KEYS, text_params
from pnp.layout.expr import field_of
from pnp.layout.scene import Item, Rect, Text
from pnp.layout.text import MarkupError, check_coverage, fit, parse
from pnp.layout.values import Eval, Skip, WhereOf
from pnp.model.load import Doc
from pnp.model.schema.kinds import Kind


@element("text", order=5)
@dataclass(repr=False, eq=False)
class TextEl(ElementBase):
    """Text in a box: wrapped, aligned and shrunk to fit, with **bold**, *italic* and :icons:."""
    type: Literal["text"] = "text"  # text wrapped in its box, shrunk down to `min_size` to fit
    text: Value = None  # what it prints: **bold**, *italic*, :icon:, and expressions ("{{ card.name }}")
    font: Font = None  # the family (default: the template's `text.font`)
    size: Length = None  # the text size (default: the template's `text.size`)
    min_size: Length = None  # the smallest size it may shrink to, to fit (default: the template's)
    leading: Value = None  # the line height, times the size (default: the template's)
    color: Colour = None  # default: the template's `text.color`
    align: Align = "left"  # across the box
    valign: Annotated[Value, Kind("choice", ("top", "middle", "bottom"))] = "top"  # down the box
    style: Style = "regular"  # the face the text starts in
    field: str | None = None  # the card field this text shows, named in errors
    paragraph_gap: Value = None  # the space between paragraphs, in ems (default: the template's)
    uppercase: Value = False  # set in capitals
    glossary: Value = True  # style the game's glossary terms in this text
    glossary_color: Colour = None  # their colour here (default: game.yaml's glossary colour): on a dark or coloured box
    rotate: Value = 0  # degrees, about the box's centre (180: reads from the other side of a fold)
    rotatable: Value = None  # a number that reads otherwise upside down (6, 9) gets a mark: true, underline, dot

    plain: ClassVar[frozenset[str]] = ElementBase.plain | {"field"}

    def check(self, doc: Doc, path: Path_, problems: Problems) -> None:
        if self.text is None and self.if_ is not False:
            problems.add(doc.where(path), "a text element needs `text:`, what it prints (\"{{ card.name }}\"); "
                         "to leave out a parent template's text, write `if: false`", "text")

    def draw(self, at: Drawing, placed: Any, ev: Eval, subject: str, problems: Problems,
             card_where: WhereOf | None) -> list[Item]:
        box = at.box(placed, ev)
        value = ev.said("text", at.env.choices)
        if value is None or value == "":
            raise Skip
        style, size, min_size, leading, gap, glossary, base, align, valign, upper = at.once(
            placed, ev, "text", TEXT_KEYS, lambda: text_params(ev, at.t.text, at.env))
        if at.env.lang:  # a translated game: its language's hyphenation and shrink-to-fit
            from pnp.layout.hyphenate import in_language

            style, min_size = in_language(style, min_size, at.env)
        text = str(value)
        field = self.field or field_of(self.text)
        try:
            paragraphs = parse(text, glossary, at.env.term_style, at.env.icons, base, upper)
            check_coverage(paragraphs, style.family, text)
        except MarkupError as exc:
            if at.env.lang:  # a translated card: a font of fonts/ that has the character, if one does
                from pnp.layout.fonts.font_scripts import suggested

                exc = MarkupError(f"{exc}{suggested(at.env.root, str(exc))}")
            if field and card_where:  # the mistake is in the card's text: point there
                problems.add(card_where(field), f"{field}: {exc}", subject)
                return []
            raise ValueError(str(exc)) from None
        at.check_safe(placed, box, subject, problems, "text box")
        fitted = fit(paragraphs, style, box, size, min_size, leading, gap, align, valign)
        if fitted is None:
            what = field or f"element {self.name or 'text'}"
            fix = "shorten it" if field else "shorten it or give it a bigger box"
            where = card_where(field or "") if card_where else placed.where
            problems.add(where, f"{what}: text does not fit its {box[2] / 72 * 25.4:.1f} x "
                         f"{box[3] / 72 * 25.4:.1f} mm box even at {min_size:g} pt; {fix} "
                         f"(template {at.t.name}, {placed.where})", subject, rule="text-overflow")
            return []
        runs, used, lines = fitted
        x, y, w, h = box
        bands: list[Rect] = []
        if at.env.placeholders is not None and at.env.placeholders.search(text):
            from pnp.layout.highlight import highlight

            bands, runs = highlight(runs, at.env.placeholders, style.family)
        laid = Text(x, y, w, h, runs, used, lines, ev.angle())
        if not at.rotatable and ev.values.get("rotatable", (False, None))[1] is None:
            return [*bands, laid]  # (most texts)
        marked = ev.raw("rotatable")
        from pnp.layout.rotatable import mark, style_of

        how = at.rotatable if marked is None else style_of(marked)
        return [*bands, laid, *mark(laid, style.family, how)] if how else [*bands, laid]
