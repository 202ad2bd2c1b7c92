"""Stage 3, layout: a template and one component's data -> a scene of positioned shapes (plain data).

A template is compiled once per build: its constant elements are laid out once and shared by
every face as a `Static` group (drawn as one reusable PDF form); only elements holding expressions
are evaluated per card. Each element is drawn by its kind (pnp/layout/elements/, one module a kind, its
`draw` given this template as its `Drawing`): text is fitted there, so overflow and safe-zone checks need no
drawing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pnp.core import bounds
from pnp.core.errors import InputError, Problems, Where
from pnp.core.watchdog import Overtime
from pnp.layout.elements import Container
from pnp.layout.expr import Context, ExprError, compile_nested, compile_value, is_expr, names_in, truthy
from pnp.layout.scene import ElementSource, Face, GridCells, Item, Static, shift
from pnp.layout.templates import PlacedElement, Template
from pnp.layout.values import Eval, LayoutEnv, Skip, WhereOf
from pnp.model.units import MM

__all__ = ["CompiledTemplate", "LayoutEnv"]  # LayoutEnv lives in pnp.layout.values; importable from here too

_UNSET, _DYNAMIC = object(), object()


class CompiledTemplate:
    def __init__(self, template: Template, env: LayoutEnv, bleed: float, problems: Problems,
                 base: Context, scope: str, rotatable: str | None = None,
                 on_element: Callable[[PlacedElement, list[Item]], None] | None = None):
        """`base` holds what is fixed for the whole component (deck, game, vars): expressions that
        read nothing else are evaluated here, once, and their elements join the static groups.
        `rotatable`: how its numbers that read otherwise upside down are marked, unless the template says
        (a die's faces: underlined). `on_element(placed, items)` hears of each named element's items as it
        is drawn (the rules' geometry checks read the laid-out boxes; a group moves its items afterwards)."""
        self.t, self.env, self.bleed, self.on_element = template, env, bleed, on_element
        self.rotatable = template.rotatable if template.rotatable is not None else rotatable
        self.w, self.h = template.size
        self.base = {**base}
        self._locals: list[tuple[str, str, Any, Where]] = []  # ("vars" or "let", name, getter, where): per face
        self._static = self._compile_locals(template, problems, scope)
        self.uses_card = bool(self._locals)
        self.memo: dict[tuple[int, str], Any] = {}  # per element: what no card can change
        self._per_item: set[int] = set()  # elements whose `if` reads the repeated `item`
        self._kids: dict[int, list[tuple[PlacedElement, dict[str, tuple[bool, Any]]]]] = {}  # groups' elements
        self.offset = (0.0, 0.0)  # the origin of the group being drawn (for the safe-zone check)
        self.sources: dict[int, ElementSource] = {}  # id(item) -> the element that drew it, for every face
        self._source: dict[int, ElementSource] = {}  # id(placed element) -> its Source
        self.parts: list[Static | tuple[PlacedElement, dict[str, tuple[bool, Any]]]] = []
        self.grids: list[GridCells] = []  # the grids drawn on the face being laid out (for a tiled board's seams)
        static_run: list[Item] = []
        for i, placed in enumerate(template.elements):
            values, free = self._compile(placed, problems, scope)
            if free - self._static:  # reads the card: laid out per face
                self.uses_card = True
                if static_run:
                    self.parts.append(Static(f"{scope}:{template.name}#{i}", static_run))
                    static_run = []
                self.parts.append((placed, values))
            else:
                static_run.extend(self._element(placed, values, self.base, scope, problems))
        if static_run:
            self.parts.append(Static(f"{scope}:{template.name}#end", static_run))
        self._static_grids = tuple(self.grids)

    def _compile_locals(self, template: Template, problems: Problems, scope: str) -> set[str]:
        """The template's `vars` and `let` values: those that read only what is fixed for the component are
        computed here, once; the others (reading the card) once per face, in order, before the elements.
        The names elements may read without being laid out per face."""
        static = set(self.base) | {"vars"}
        self.base["vars"] = {}
        for kind, values in (("vars", template.vars), ("let", template.let)):
            for name, value in values.items():
                where = template.local_where.get((kind, name), template.where)
                try:
                    dynamic, got = compile_value(value, where)
                except InputError as exc:
                    problems.extend(exc.problems)
                    dynamic, got = False, None
                reads = names_in(value) if dynamic else set()
                target = "vars" if kind == "vars" else name
                if dynamic and not reads <= static:
                    self._locals.append((kind, name, got, where))
                    static.discard(target)
                    continue
                try:
                    got = got(self.base) if dynamic else got
                except ExprError as exc:
                    problems.add(where, f"{kind}.{name}: {exc} (template {self.t.name})", scope)
                    got = None
                if kind == "vars":
                    self.base["vars"] = {**self.base["vars"], name: got}
                else:
                    self.base[name] = got
        return static

    def _face_locals(self, ctx: Context, subject: str, problems: Problems) -> None:
        """The `vars` and `let` values that read the card, computed for this face into `ctx`."""
        for kind, name, getter, where in self._locals:
            try:
                value = getter(ctx)
            except ExprError as exc:
                problems.add(where, f"{kind}.{name}: {exc} (template {self.t.name})", subject)
                value = None
            if kind == "vars":
                ctx["vars"] = {**ctx["vars"], name: value}
            else:
                ctx[name] = value

    def _compile(self, placed: PlacedElement, problems: Problems, scope: str
                 ) -> tuple[dict[str, tuple[bool, Any]], set[str]]:
        """An element's values, each a constant or a getter, and the names its getters read that the
        element does not bind itself (`item`, `index` and a group's `as` under `repeat`)."""
        values: dict[str, tuple[bool, Any]] = {}
        free: set[str] = set()
        el = placed.element
        fixed = {k: v for k, v in self.base.items() if k in self._static}  # what every face reads the same
        for key, value in vars(el).items():
            if key in el.plain:
                continue
            if key == "if_":
                key = "if"
            try:
                if key == "let":  # a group's named values: compiled in order, computed where the group is drawn
                    values[key] = (False, self._group_lets(placed, value, problems, scope))
                    free |= {n for raw in value.values() for n in (names_in(raw) if is_expr(raw) else ())}
                    continue
                own = el.compile_setting(key, value, placed.where, fixed)
                if own is not None:  # (a table's columns: each column's values, some read the `row`)
                    values[key] = (False, own[0])
                    free |= own[1] - self._static
                    continue
                if isinstance(value, list | dict) and key in el.nested:
                    compiled, names = compile_nested(value, placed.where)
                else:
                    compiled = compile_value(value, placed.where)
                    names = names_in(value) if compiled[0] else set()
                if compiled[0] and names <= self._static:
                    try:
                        compiled = (False, compiled[1](self.base))
                    except ExprError:
                        if key == "if" or el.if_ is None:
                            raise
                        # an element drawn only when its `if` holds: a value that cannot be computed is said
                        # where it is drawn, never for a face that does not draw it
                elif compiled[0]:
                    free |= names
                    if key == "if" and {"item", "index"} & names and el.repeat is not None:
                        self._per_item.add(id(placed))  # (without its own `repeat`: a group's item, read as is)
                values[key] = compiled
            except ExprError as exc:
                problems.add(placed.where, f"{exc} (template {self.t.name})", scope)
                values[key] = (False, None)
            except InputError as exc:  # syntax errors carry their own place
                problems.extend(exc.problems)
                values[key] = (False, None)
        bound = {"item", "index"} if values.get("repeat", (False, None))[1] is not None else set()
        bound |= el.binds()
        if isinstance(el, Container):
            kids = self._kids[id(placed)] = []
            for child in placed.children:
                child_values, child_free = self._compile(child, problems, scope)
                kids.append((child, child_values))
                free |= child_free
        return values, free - bound

    def _group_lets(self, placed: PlacedElement, lets: dict[str, Any], problems: Problems, scope: str
                    ) -> list[tuple[str, tuple[bool, Any]]]:
        from pnp.layout.templates import RESERVED_NAMES

        out = []
        for name, raw in lets.items():
            if name in RESERVED_NAMES:
                problems.add(placed.where, f"let: {name!r} is a name templates read already "
                             f"({', '.join(RESERVED_NAMES)}): call it something else (template {self.t.name})", scope)
                continue
            out.append((name, compile_value(raw, placed.where)))
        return out

    def face(self, ctx: Context, subject: str, problems: Problems, card_where: WhereOf | None = None) -> Face:
        ctx = {**self.base, **ctx}
        self.grids = list(self._static_grids)
        if self._locals:
            self._face_locals(ctx, subject, problems)
        items: list[Item] = []
        for part in self.parts:
            if isinstance(part, Static):
                items.append(part)
            else:
                items.extend(self._element(part[0], part[1], ctx, subject, problems, card_where))
        return Face(self.w, self.h, self.bleed, items, self.sources, self.t.stamp, tuple(self.grids))

    # -- one element -------------------------------------------------------------------------
    def _element(self, placed: PlacedElement, values: dict[str, tuple[bool, Any]], ctx: Context | None,
                 subject: str, problems: Problems, card_where: WhereOf | None = None) -> list[Item]:
        ev = Eval(values, ctx, placed.where, subject, self.env, (self.w, self.h))
        try:
            has_if = "if" in values and values["if"][1] is not None
            per_item = has_if and id(placed) in self._per_item
            if has_if and not per_item and not truthy(ev.raw("if")):
                return []
            repeat = ev.raw("repeat") if "repeat" in values else None
            if repeat is None:
                return self._noted(placed, self._drawn(placed, ev, subject, problems, card_where))
            seq = range(repeat) if isinstance(repeat, int) else list(repeat)
            if len(seq) > bounds.REPEAT:
                raise ValueError(f"repeat: {len(seq):,} items; an element repeats at most {bounds.REPEAT:,} times")
            out: list[Item] = []
            for index, item in enumerate(seq):  # with `repeat`, `if` is asked of each item
                ev.ctx = {**(ctx or {}), "item": item, "index": index}
                if getattr(placed.element, "as_", None):
                    ev.ctx[placed.element.as_] = item
                if per_item and not truthy(ev.raw("if")):
                    continue
                out.extend(self._drawn(placed, ev, subject, problems, card_where))
            return self._noted(placed, out)
        except Skip:
            return []
        except (ExprError, ValueError, TypeError, OverflowError) as exc:  # OverflowError: a number past a float
            problems.add(placed.where, f"{exc} (template {self.t.name})", subject)
            return []
        except Overtime as exc:
            if not getattr(exc, "reported", False):  # the innermost element (of a group) says it
                problems.add(placed.where, f"laying out this element took more than {bounds.FACE_SECONDS:g} s: its "
                             f"loops run too long; draw less per face (template {self.t.name})", subject)
                exc.reported = True  # type: ignore[attr-defined]
            raise

    def _noted(self, placed: PlacedElement, items: list[Item]) -> list[Item]:
        """Remember which element drew these items (a group adds its name to its children's)."""
        name = placed.element.name
        if isinstance(placed.element, Container):
            for item in items:
                inner = self.sources.get(id(item))
                if inner is not None and name:
                    self.sources[id(item)] = ElementSource(inner.where, (*inner.names, name))
        else:
            source = self._source.get(id(placed))
            if source is None:  # one for all the items the element draws on every face
                source = self._source[id(placed)] = ElementSource(placed.where, (name,) if name else ())
            for item in items:
                self.sources[id(item)] = source
        return items

    def _drawn(self, placed: PlacedElement, ev: Eval, subject: str, problems: Problems,
               card_where: WhereOf | None) -> list[Item]:
        items = placed.element.draw(self, placed, ev, subject, problems, card_where)
        if self.on_element is not None and placed.element.name:
            self.on_element(placed, items)
        return items

    def once(self, placed: PlacedElement, ev: Eval, name: str, keys: tuple[str, ...], make: Any) -> Any:
        """`make()` for this element, computed once when none of `keys` holds a card expression."""
        memo_key = (id(placed), name)
        found = self.memo.get(memo_key, _UNSET)
        if found is _DYNAMIC:
            return make()
        if found is _UNSET:
            if any(ev.values.get(k, (False,))[0] for k in keys):
                self.memo[memo_key] = _DYNAMIC
                return make()
            found = self.memo[memo_key] = make()
        return found

    def box(self, placed: PlacedElement, ev: Eval) -> tuple[float, float, float, float]:
        return self.once(placed, ev, "box", ("x", "y", "w", "h"), lambda: self._make_box(placed, ev))

    def _make_box(self, placed: PlacedElement, ev: Eval) -> tuple[float, float, float, float]:
        x, y = ev.length("x", self.w), ev.length("y", self.h)
        w, h = ev.length("w", self.w), ev.length("h", self.h)
        for key, value in (("x", x), ("y", y), ("w", w), ("h", h)):
            if abs(value) > bounds.ELEMENT_MAX:
                raise ValueError(f"{key}: {value / MM:,.0f} mm; an element reaches at most "
                                 f"{bounds.ELEMENT_MAX / MM:,.0f} mm")
        if placed.element.bleed and self.bleed:
            b, eps = self.bleed, 0.5
            if x <= eps:
                w, x = w + x + b, -b
            if y <= eps:
                h, y = h + y + b, -b
            if x + w >= self.w - eps:
                w = self.w + b - x
            if y + h >= self.h - eps:
                h = self.h + b - y
        return x, y, w, h

    def warn_once(self, placed: PlacedElement, said: str, problems: Problems) -> None:
        """A warning about what an element draws, said once for the template, not once per card."""
        if (id(placed), said) not in self.memo:
            self.memo[(id(placed), said)] = True
            problems.add(placed.where, said, self.t.name, severity="warning")

    def check_safe(self, placed, box, subject, problems, what: str) -> None:
        """Say where what an element drew leaves the safe zone (once for the template, when no card moves it)."""
        if placed.element.art:
            return
        x, y, w, h = box
        x, y = x + self.offset[0], y + self.offset[1]
        s, eps = self.t.safe, 0.01
        if x < s - eps or y < s - eps or x + w > self.w - s + eps or y + h > self.h - s + eps:
            if self.memo.get((id(placed), "box"), _DYNAMIC) is not _DYNAMIC:  # same box on every card:
                if (id(placed), "unsafe") in self.memo:  # say it once, for the template
                    return
                self.memo[(id(placed), "unsafe")] = True
                subject = self.t.name
            problems.add(placed.where, f"{what} leaves the safe zone ({s / 72 * 25.4:.1f} mm inside the trim); "
                         "move it inward or mark it `art: true` (template " + self.t.name + ")",
                         subject, rule="safe-zone")

    def children(self, placed: PlacedElement, ev: Eval, subject: str, problems: Problems,
                 card_where: WhereOf | None, cell: Context | None = None) -> list[Item]:
        """A group's (or one grid cell's) elements, measured from its (x, y), reading its `let` (and `cell`)."""
        dx, dy = ev.length("x", self.w), ev.length("y", self.h)
        ctx = {**(ev.ctx or {}), **cell} if cell else ev.ctx
        lets = ev.values.get("let", (False, None))[1]
        if lets:  # its named values, once for this drawing of the group (each item under `repeat`), in order
            ctx = dict(ctx or {})
            for name, (dynamic, got) in lets:
                ctx[name] = got(ctx) if dynamic else got
        outer = self.offset
        self.offset = (outer[0] + dx, outer[1] + dy)
        try:
            items: list[Item] = []
            for child, values in self._kids[id(placed)]:
                items.extend(self._element(child, values, ctx, subject, problems, card_where))
        finally:
            self.offset = outer
        return shift(items, dx, dy)
