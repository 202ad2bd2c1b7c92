"""What every element kind has (a name, a condition, a repeat and a box), what a shape or a container of
elements adds, and the kinds of setting they are written with.

Every setting may be a "{{ expression }}" (`Value`), evaluated per card when the face is laid out. What a
setting written out names (a colour, a length, a font, an icon, one of fixed choices) is its `Kind`
(pnp/model/schema/kinds.py), and the comment after each field is its description: `pnp schema` makes the editor's
schema from both, and `check_choices` (pnp/layout/elements/choices.py) reads the same kinds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any, ClassVar

from pnp.layout.elements.choices import check_choices
from pnp.model.schema.kinds import Kind
from pnp.model.schema.reader import alias

if TYPE_CHECKING:
    from pnp.core.errors import Problems, Where
    from pnp.layout.elements.element_kinds import Drawing
    from pnp.layout.scene import Item
    from pnp.layout.values import Eval, WhereOf
    from pnp.model.load import Doc

Value = str | int | float | bool | None  # any value may be a "{{ expression }}"

ALIGNS = ("left", "center", "right")
STYLES = ("regular", "bold", "italic", "bold_italic")
Colour = Annotated[Value, Kind("colour")]
Length = Annotated[Value, Kind("length")]
Font = Annotated[Value, Kind("font")]
IconName = Annotated[Value, Kind("icon")]
Align = Annotated[Value, Kind("choice", ALIGNS)]
Style = Annotated[Value, Kind("choice", STYLES)]
Path_ = tuple[str | int, ...]


@dataclass(repr=False, eq=False)
class ElementBase:
    """What every element has: a name, a condition, a repeat and a box."""
    name: str | None = None  # lets a child template replace this element
    if_: Value = alias("if")  # draw only when this expression is true
    repeat: Value | list[Any] = None  # draw once per item of this list (or N times); `item`, `index`
    x: Length = "0mm"  # the box's left edge, from the face's (or the group's) left
    y: Length = "0mm"  # the box's top edge, from the face's (or the group's) top
    w: Length = "100%"  # the box's width
    h: Length = "100%"  # the box's height
    art: bool = False  # art may leave the safe zone and bleed off the trim
    bleed: bool = False  # grow the box by the bleed on every side touching the trim

    # the settings that are never expressions, and the lists and dicts whose entries may be
    plain: ClassVar[frozenset[str]] = frozenset({"type", "name", "art", "bleed"})
    nested: ClassVar[tuple[str, ...]] = ()

    def binds(self) -> set[str]:
        """The names this element's settings may read that it gives them itself (a table's `row`)."""
        return set()

    def compile_setting(self, key: str, value: Any, where: Where, fixed: dict[str, Any]
                        ) -> tuple[Any, set[str]] | None:
        """A setting this kind compiles itself (a table's columns), over the values `fixed` for the whole
        component: what it compiled to and the names it reads. None: compiled as any other."""
        return None

    def check(self, doc: Doc, path: Path_, problems: Problems) -> None:
        """What the kind checks of its settings when the template is read, beyond their fixed choices."""

    def draw(self, at: Drawing, placed: Any, ev: Eval, subject: str, problems: Problems,
             card_where: WhereOf | None) -> list[Item]:
        """What this element puts on the face, its values evaluated by `ev` (raising `Skip`: nothing)."""
        raise NotImplementedError(type(self).__name__)


if TYPE_CHECKING:
    Element = ElementBase  # any registered kind: pnp.layout.elements makes it their union, chosen by `type`


@dataclass(repr=False, eq=False)
class Shape(ElementBase):
    """An element drawn as a shape: its fill and stroke."""
    fill: Colour = None  # the colour inside (default: none)
    stroke: Colour = None  # the outline's colour (default: none)
    stroke_width: Length = "0.5pt"  # the outline's width
    dash: list[str] | str | None = None  # the outline dashed: lengths on, off, ... (`[2mm, 1mm]`)

    nested: ClassVar[tuple[str, ...]] = ("dash",)


@dataclass(repr=False, eq=False)
class Container(ElementBase):
    """What holds elements of its own (a group, a grid): their coordinates measured from its (x, y)."""

    as_: str | None = alias("as")  # a second name for the repeated item (nested groups each have their `item`)
    let: dict[str, Any] = field(default_factory=dict)  # named values its elements read, once per drawing, in order
    elements: list[Element] = field(default_factory=list)  # what the group draws, in order (later on top)

    plain: ClassVar[frozenset[str]] = ElementBase.plain | {"elements", "as_"}

    def binds(self) -> set[str]:
        return ({self.as_} if self.as_ else set()) | set(self.let)

    def check(self, doc: Doc, path: Path_, problems: Problems) -> None:
        check_choices(self.elements, doc, (*path, "elements"), problems)
