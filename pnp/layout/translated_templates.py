"""Templates in a game's other language: each element `templates.yaml` names (template id -> element `name:` ->
text) prints the translated text, located at its line there; the rest of the template is the source's. A template,
an element or a text the source does not have, and an expression added or dropped, are errors at that line."""

from __future__ import annotations

import dataclasses
from typing import Any

from pnp.core.errors import InputError, Problem, Problems, Where, did_you_mean
from pnp.layout.elements import Container
from pnp.layout.templates import PlacedElement, Template, TemplateStore
from pnp.model.translation.lang_files import Worded
from pnp.model.translation.live_words import live_problems


class TranslatedStore(TemplateStore):
    """The game's templates with a language's texts in place (`texts`: template id -> element name -> said)."""

    def __init__(self, root: Any, code: str, texts: dict[str, dict[str, Worded]], source: TemplateStore,
                 variables: dict[str, dict[str, Worded]] | None = None, both: bool = False):
        super().__init__(root)
        self.code, self.texts, self.source, self.variables = code, texts, source, variables or {}
        self.both = both  # `names: both`: the source's name printed small under each translated title

    def get(self, name: str, used_at: Where | None = None) -> Template:
        template = self.source.get(name, used_at)
        if name not in self.texts and name not in self.variables and not self.both:
            return template
        if name not in self._cache:
            problems = Problems()
            values = dict(template.vars)
            for var, said in self.variables.get(name, {}).items():
                if var not in values:
                    problems.add(said.where, f"{self.code}: template {name} has no var {var!r}"
                                 f"{did_you_mean(var, values)} (its vars: {', '.join(values) or 'none'})", var)
                elif not isinstance(values[var], str):
                    problems.add(said.where, f"{self.code}: var {var!r} of {name} is no words to translate", var)
                else:
                    for why in live_problems(values[var], said.text):
                        problems.add(said.where, f"{self.code}: {why}", var, rule="translation")
                    values[var] = said.text
            template = dataclasses.replace(template, vars=values)
            wanted = dict(self.texts.get(name, {}))
            elements = _replaced(template.elements, wanted, self.code, problems)
            if self.both:
                elements = _with_source_names(elements)
            for element, said in wanted.items():
                names = sorted(_names(template.elements))
                problems.add(said.where, f"{self.code}: template {name} has no text element named {element!r}"
                             f"{did_you_mean(element, names)} (its texts: {', '.join(names) or 'none'})",
                             element)
            problems.raise_if_errors()
            self._cache[name] = dataclasses.replace(template, elements=elements)
        return self._cache[name]

    def found(self) -> list[Problem]:
        """What is wrong with templates.yaml: an entry naming no template of the project, and each template's own."""
        out: list[Problem] = []
        for name in {**self.texts, **self.variables}:
            said = next(iter({**self.texts.get(name, {}), **self.variables.get(name, {})}.values()), None)
            if said is None:
                continue
            if not (self.root / "templates" / f"{name}.yaml").is_file():
                out.append(Problem(said.where, f"{self.code}: no template {name!r} (templates/{name}.yaml): name a "
                                   "template by its id, as a deck's `template:` does", name))
                continue
            try:
                self.get(name, said.where)
            except InputError as exc:
                out += [p for p in exc.problems if p not in out]
        return out


def _names(placed: list[PlacedElement]) -> set[str]:
    return {n for p in placed for n in ({getattr(p.element, "name", None)} | _names(p.children)) if n}


def _replaced(placed: list[PlacedElement], wanted: dict[str, Worded], code: str,
              problems: Problems) -> list[PlacedElement]:
    out = []
    for p in placed:
        name = getattr(p.element, "name", None)
        children = _replaced(p.children, wanted, code, problems) if p.children else p.children
        element = p.element
        if isinstance(element, Container) and children is not p.children:
            element = dataclasses.replace(element, elements=[c.element for c in children])
        if name in wanted:
            said = wanted.pop(name)
            source = getattr(element, "text", None)
            if not isinstance(source, str):
                problems.add(said.where, f"{code}: element {name!r} prints no text of its own to translate",
                             str(name))
            else:
                for why in live_problems(source, said.text):
                    problems.add(said.where, f"{code}: {why}", str(name), rule="translation")
                element = dataclasses.replace(element, text=said.text)
                out.append(PlacedElement(element, said.where, children))
                continue
        out.append(p if element is p.element else PlacedElement(element, p.where, children))
    return out


TITLE = "{{ card.name }}"
SHARE = 0.32  # of the title's box: the source's name's band, at its foot


def _with_source_names(placed: list[PlacedElement]) -> list[PlacedElement]:
    """Each element that prints a card's name alone, its box shared with the source's name under it, small."""
    from pnp.model.translation.translated import SOURCE_NAME
    from pnp.model.units import parse_length

    out = []
    for p in placed:
        el = p.element
        if getattr(el, "type", None) != "text" or str(getattr(el, "text", "")).strip() != TITLE:
            out.append(p)
            continue
        try:
            y, h = parse_length(el.y), parse_length(el.h)
            size = parse_length(el.size) if el.size is not None else None
        except (TypeError, ValueError):  # a box that depends on the card: left as it is
            out.append(p)
            continue
        title = dataclasses.replace(el, h=f"{h * (1 - SHARE):.3f}pt")
        small = f"{min(h * SHARE / 1.25, (size or 12) * 0.55):.2f}pt"
        under = dataclasses.replace(el, name=f"{el.name or 'title'}-source-name", text=f"{{{{ card.{SOURCE_NAME} }}}}",
                                    y=f"{y + h * (1 - SHARE):.3f}pt", h=f"{h * SHARE:.3f}pt", size=small,
                                    min_size=small, valign="top")
        out += [PlacedElement(title, p.where, p.children), PlacedElement(under, p.where, [])]
    return out
