"""The registry of element kinds: each kind's module registers its dataclass with `@element("rect")`.

A kind is one module of this package: its dataclass (the settings a template writes, each with the comment
`pnp schema` and the docs read), and its `draw`, what it puts on a face. pnp.layout.elements imports every
module of the package, so adding a kind is adding its file; the loader reads an element by its `type` into
the registered class, `pnp schema` offers every kind, and tests/layout/test_element_kinds.py holds the docs to them.

`Drawing` is what a kind's `draw` may use of the template being laid out (pnp.layout.template_engine).
"""

from __future__ import annotations

import dataclasses
import functools
import operator
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from pnp.core.errors import Problems
    from pnp.layout.expr import Context
    from pnp.layout.scene import GridCells, Item
    from pnp.layout.values import Eval, LayoutEnv, WhereOf

T = TypeVar("T", bound=type)
_KINDS: dict[str, tuple[int, type]] = {}  # kind -> (its place in the listing, its dataclass)


def element(kind: str, order: int = 1000) -> Callable[[T], T]:
    """Register a dataclass as the element kind `kind` (its `type: Literal[kind]` says the same). `order`
    places it in the listings (the schema's choice of `type`, the message for an unknown one, the docs'
    table): lower first; a new kind may leave it out and is listed after the others, by name."""
    def register(cls: T) -> T:
        written = next((f.default for f in dataclasses.fields(cls) if f.name == "type"), None)
        if written != kind:
            raise TypeError(f"{cls.__name__}: registered as {kind!r}, its `type` says {written}")
        if kind in _KINDS and _KINDS[kind][1] is not cls:
            raise TypeError(f"element kind {kind!r} registered twice ({_KINDS[kind][1].__name__}, {cls.__name__})")
        _KINDS[kind] = (order, cls)
        return cls
    return register


def kinds() -> dict[str, type]:
    """Every registered kind and its dataclass, in their listing order."""
    return {k: cls for k, (_, cls) in sorted(_KINDS.items(), key=lambda kv: (kv[1][0], kv[0]))}


def union() -> Any:
    """The registered kinds as one type (`RectEl | EllipseEl | ...`), which the loader reads by `type`."""
    return functools.reduce(operator.or_, kinds().values())


class Drawing(Protocol):
    """What a kind's `draw` may use of the template it is laid out in, for the face being laid out."""

    w: float  # the face's width, in points
    h: float  # the face's height
    env: LayoutEnv  # the game's fonts, icons, palette
    t: Any  # the template (its name, text defaults, safe zone)
    rotatable: str | None  # how numbers reading otherwise upside down are marked
    memo: dict[Any, Any]  # per element: what is computed once for every face
    offset: tuple[float, float]  # the origin of the group being drawn, on the face
    grids: list[GridCells]  # the grids drawn on this face

    def box(self, placed: Any, ev: Eval) -> tuple[float, float, float, float]: ...

    def once(self, placed: Any, ev: Eval, name: str, keys: tuple[str, ...], make: Callable[[], Any]) -> Any: ...

    def check_safe(self, placed: Any, box: tuple[float, float, float, float], subject: str, problems: Problems,
                   what: str) -> None: ...

    def warn_once(self, placed: Any, said: str, problems: Problems) -> None: ...

    def children(self, placed: Any, ev: Eval, subject: str, problems: Problems, card_where: WhereOf | None,
                 cell: Context | None = None) -> list[Item]: ...
