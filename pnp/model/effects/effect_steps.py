"""A card's `effect:` read from its YAML: a list of steps, each one verb and its arguments, checked against the
verb (verbs.py) with every problem at its line: an unknown verb or argument (with the near names), a value of
the wrong kind, a field the card lacks, a `repeat` past its bound, a time or duration pnp does not know.

    effect:
      - {repeat: "{{ card.rolls }}", do: [{tokens: {place: rolled, add: "{{ card.damage }}"}}]}
      - {change: {track: happiness, by: -1}, if: "happiness > 50"}

`effect: none` says a card does nothing when played (it is not forgotten). An argument written as an
expression reads the card's fields (`{{ card.damage }}`): its value is worked out here, at load, so the play
and the printed text read the one number the card holds.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from pnp.core import bounds
from pnp.core.errors import Problems, Where, did_you_mean
from pnp.model.effects.effect_words import EffectWords
from pnp.model.effects.verbs import DURATIONS, LIBRARY, MODIFIERS, PASSIVE, TRIGGERS, Arg, Verb
from pnp.model.load import Doc

Path_ = tuple[Any, ...]


@dataclass(frozen=True)
class PlaceChoice:
    """A place the acting player chooses, among those every filter leaves (`{choose: [damaged]}`)."""

    filters: tuple[str, ...]

    def __deepcopy__(self, memo: dict[int, Any]) -> PlaceChoice:
        return self

    def __str__(self) -> str:
        return f"a chosen place ({', '.join(self.filters)})" if self.filters else "a chosen place"


@dataclass(frozen=True)
class EffectStep:
    """One step of an effect: its verb, its arguments (numbers worked out, nested steps read), when it happens
    and for how long (`at`, `until`, `rounds`, `if`), and where it is written."""

    verb: str
    args: dict[str, Any]
    where: Where
    when: dict[str, Any] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)  # argument -> the expression of the card's fields it
    # was worked out from (`"{{ card.damage }}"`): a sweep that changes the field changes what is played

    def __deepcopy__(self, memo: dict[int, Any]) -> EffectStep:
        return self  # read only once read: a look-ahead's copy of a game shares its cards' steps


class _Reading:
    def __init__(self, doc: Doc, card: dict[str, Any], verbs: dict[str, Verb], problems: Problems, subject: str):
        self.doc, self.card, self.verbs, self.problems, self.subject = doc, card, verbs, problems, subject
        self.count = 0

    def fail(self, path: Path_, message: str) -> None:
        self.problems.add(self.doc.where(path), message, self.subject)

    def steps(self, tree: Any, path: Path_, depth: int) -> list[EffectStep] | None:
        if not isinstance(tree, list):
            self.fail(path, "expected a list of steps, e.g. [{draw: 1}] (or `none`: the card does nothing)")
            return None
        if depth > bounds.EFFECT_DEPTH:
            self.fail(path, f"steps nest {depth} deep, past pnp's {bounds.EFFECT_DEPTH}: flatten them")
            return None
        out = [self.step(item, (*path, i), depth) for i, item in enumerate(tree)]
        return None if any(s is None for s in out) else [s for s in out if s is not None]

    def step(self, tree: Any, path: Path_, depth: int) -> EffectStep | None:
        self.count += 1
        if self.count > bounds.EFFECT_STEPS:
            if self.count == bounds.EFFECT_STEPS + 1:
                self.fail(path, f"more than {bounds.EFFECT_STEPS} steps in one effect (pnp's bound): split the card")
            return None
        if not isinstance(tree, dict) or not tree:
            self.fail(path, "a step is a mapping of one verb to its arguments, e.g. {draw: 1}")
            return None
        named = [k for k in tree if k in self.verbs]
        if len(named) > 1 and "resolve" in named:  # a game's own `resolve` verb, or beside another: its cost
            named.remove("resolve")
        if len(named) != 1:
            self._no_verb(tree, named, path)
            return None
        verb = self.verbs[named[0]]
        for key in tree:
            if key != verb.name and key not in verb.siblings and key not in MODIFIERS:
                self.fail((*path, key), f"`{key}` is neither an argument written beside `{verb.name}` nor a time "
                          f"or condition ({', '.join(MODIFIERS)}){did_you_mean(key, [*verb.siblings, *MODIFIERS])}")
                return None
        args = self.args(verb, tree, path, depth)
        when = self.when(tree, path, verb.name, depth)
        if args is None or when is None:
            return None
        sources = {name: v for name, v in _given(verb, tree).items() if isinstance(v, str) and "{{" in v
                   and verb.args[name].kind in ("count", "amount")}
        return EffectStep(verb.name, args, self.doc.where(path), when, sources)

    def _no_verb(self, tree: dict, named: list[str], path: Path_) -> None:
        if named:
            self.fail(path, f"one verb a step: this one has {' and '.join(named)}; write each as a step of its own")
            return
        key = next(iter(tree))
        self.fail((*path, key), f"unknown verb `{key}`{did_you_mean(key, self.verbs)} (verbs: "
                  f"{', '.join(sorted(self.verbs))}; a game adds its own under `verbs:` in game.yaml)")

    def args(self, verb: Verb, tree: dict, path: Path_, depth: int) -> dict[str, Any] | None:
        value, names = tree[verb.name], list(verb.args)
        main_path = (*path, verb.name)
        if isinstance(value, dict) and not _spelled_out(verb, value) and verb.args[names[0]].kind not in (
                "place", "faces"):
            unknown = next(k for k in value if k not in verb.args)
            self.fail((*main_path, unknown), f"`{verb.name}` has no argument `{unknown}`"
                      f"{did_you_mean(unknown, names)} (its arguments: {', '.join(names)})")
            return None
        given = {k: (v, (*main_path, k) if _spelled_out(verb, value) else (*path, k) if k in verb.siblings
                     else main_path) for k, v in _given(verb, tree).items()}
        out: dict[str, Any] = {}
        ok = True
        for name, arg in verb.args.items():
            if name not in given:
                if arg.required and arg.default is None:
                    self.fail(main_path, f"`{verb.name}` needs `{name}:` ({verb.does}; e.g. {verb.example})")
                    ok = False
                out[name] = arg.default
                continue
            read = self.value(arg, verb, name, *given[name], depth)
            ok = ok and read is not _BAD
            out[name] = read
        if ok and verb.name == "repeat" and not 1 <= out["times"] <= bounds.EFFECT_REPEAT:
            self.fail(given["times"][1], f"`repeat` {out['times']} times: it repeats 1 to {bounds.EFFECT_REPEAT} "
                      "times (pnp's bound)")
            ok = False
        return out if ok else None

    def value(self, arg: Arg, verb: Verb, name: str, value: Any, path: Path_, depth: int) -> Any:
        kind = arg.kind
        if kind in ("count", "amount"):
            number = self.number(value, path)
            if number is _BAD:
                return _BAD
            if kind == "count" and number < 0:
                self.fail(path, f"`{name}` of `{verb.name}` is a count, 0 or more: got {number}")
                return _BAD
            return number
        if kind == "steps":
            return _bad_if_none(self.steps(value, path, depth + 1))
        if kind == "faces":
            if not isinstance(value, dict) or not value:
                self.fail(path, "expected a mapping of faces to steps, e.g. {wild: [{draw: 1}], other: []}")
                return _BAD
            faces = {str(k): self.steps(v, (*path, k), depth + 1) for k, v in value.items()}
            return _BAD if any(v is None for v in faces.values()) else faces
        if kind == "place":
            if isinstance(value, dict) and set(value) == {"choose"} and isinstance(value["choose"], list) and all(
                    isinstance(f, str) for f in value["choose"]):
                return PlaceChoice(tuple(value["choose"]))
            if isinstance(value, str) and value:
                return value
            self.fail(path, f"`{name}` is a place: a word the game knows (rolled, here) or {{choose: [FILTER, ...]}}")
            return _BAD
        if not isinstance(value, str) or not value or (kind == "name" and not value.replace("-", "").replace(
                "_", "").isalnum()):
            self.fail(path, f"`{name}` of `{verb.name}` is {'an id' if kind == 'name' else 'text'}, got {value!r}")
            return _BAD
        if arg.choices and value not in arg.choices:
            self.fail(path, f"`{name}` of `{verb.name}` is one of {', '.join(arg.choices)}, got {value!r}"
                      f"{did_you_mean(value, arg.choices)}")
            return _BAD
        return value

    def number(self, value: Any, path: Path_) -> Any:
        if isinstance(value, str) and "{{" in value:
            value = self.expression(value, path)
            if value is _BAD:
                return _BAD
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(path, f"expected a whole number (or an expression of the card's fields, "
                      f"\"{{{{ card.damage }}}}\"), got {value!r}")
            return _BAD
        return value

    def expression(self, source: str, path: Path_) -> Any:
        """The value of `{{ card.FIELD }}`-style arguments, worked out on this card now."""
        from pnp.model.expressions.evaluate import jinja_template

        for missing in _fields_read(source) - set(self.card):
            self.fail(path, f"the card has no field `{missing}`{did_you_mean(missing, self.card)} (its fields: "
                      f"{', '.join(sorted(self.card))})")
            return _BAD
        try:
            text = jinja_template(source).render(card=self.card).strip()
        except Exception as exc:  # noqa: BLE001 - a designer's expression: said, never raised
            self.fail(path, f"cannot work out {source!r}: {exc}")
            return _BAD
        try:
            return int(text)
        except ValueError:
            self.fail(path, f"{source!r} gives {text!r} on this card, not a whole number")
            return _BAD

    def when(self, tree: dict, path: Path_, verb: str, depth: int) -> dict[str, Any] | None:
        out: dict[str, Any] = {}
        for key, allowed in (("at", TRIGGERS), ("until", DURATIONS)):
            if key in tree:
                if tree[key] not in allowed:
                    self.fail((*path, key), f"`{key}: {tree[key]}`: use one of {', '.join(allowed)}"
                              f"{did_you_mean(tree[key], allowed)}")
                    return None
                out[key] = tree[key]
        if "rounds" in tree:
            rounds = tree["rounds"]
            if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= bounds.EFFECT_REPEAT:
                self.fail((*path, "rounds"), f"`rounds:` is a whole number of rounds, 1 to {bounds.EFFECT_REPEAT}")
                return None
            out["rounds"] = rounds
        if "if" in tree:
            if not isinstance(tree["if"], str) or not tree["if"].strip():
                self.fail((*path, "if"), "`if:` is a condition over the game, e.g. \"happiness < 50\"")
                return None
            out["if"] = tree["if"]
        costs = "resolve" in tree and verb != "resolve"  # (a game's own `resolve` verb is the step's verb)
        if costs != (tree.get("until") == "resolved"):
            key = "resolve" if costs else "until"
            self.fail((*path, key), "`until: resolved` and `resolve:` go together: the step lasts until a player "
                      "pays what `resolve:` says, e.g. {change: {track: morale, by: -2}, until: resolved, "
                      "resolve: {spend: {resource: coins, amount: 3}}}")
            return None
        if costs:
            cost, at = tree["resolve"], (*path, "resolve")  # one step, or a list of them
            one = self.step(cost, at, depth + 1) if isinstance(cost, dict) else None
            steps = [one] if one is not None else None if isinstance(cost, dict) else self.steps(cost, at, depth + 1)
            if steps is None:
                return None
            out["resolve"] = tuple(steps)
        if "while" in tree:
            if verb not in PASSIVE:
                self.fail((*path, "while"), f"`while:` goes on a passive step ({', '.join(PASSIVE)}), which holds "
                          f"while its condition does; say when a {verb} happens with `if:`")
                return None
            if not isinstance(tree["while"], str) or not tree["while"].strip():
                self.fail((*path, "while"), "`while:` is a condition over the game, e.g. \"coins < 5\"")
                return None
            out["while"] = tree["while"]
        return out


def _spelled_out(verb: Verb, value: Any) -> bool:
    """Whether a step's value names its verb's arguments (`{draw: {count: 2}}`), not the main one's alone."""
    return isinstance(value, dict) and bool(value) and all(k in verb.args for k in value) and \
        verb.args[next(iter(verb.args))].kind != "faces"


def _given(verb: Verb, tree: dict) -> dict[str, Any]:
    """The arguments a step writes, by name (the main one's shorthand, `{draw: 2}`, as `count`)."""
    value = tree[verb.name]
    given = dict(value) if _spelled_out(verb, value) else {next(iter(verb.args)): value}
    given.update({s: tree[s] for s in verb.siblings if s in tree})
    return given


class _Bad:
    pass


_BAD = _Bad()


def _bad_if_none(value: Any) -> Any:
    return _BAD if value is None else value


@lru_cache(maxsize=4096)
def _fields_read(source: str) -> frozenset[str]:
    """The card fields an expression reads (`card.damage`, `card['damage']`); each expression parsed once."""
    from jinja2 import Environment, nodes

    try:
        tree = Environment().parse(source)
    except Exception:  # noqa: BLE001 - its syntax is said when it is worked out
        return frozenset()
    found = {n.attr for n in tree.find_all(nodes.Getattr) if isinstance(n.node, nodes.Name) and n.node.name == "card"}
    found |= {n.arg.value for n in tree.find_all(nodes.Getitem) if isinstance(n.node, nodes.Name)
              and n.node.name == "card" and isinstance(n.arg, nodes.Const) and isinstance(n.arg.value, str)}
    return frozenset(found)


def every_step(steps: Any) -> Iterator[EffectStep]:
    """Each step of an effect, the steps inside a step's arguments (a `repeat`'s, a roll's faces') and its
    resolve cost (`resolve:`) too."""
    for step in steps or ():
        yield step
        yield from every_step(step.when.get("resolve"))
        for value in step.args.values():
            if isinstance(value, list):
                yield from every_step(value)
            elif isinstance(value, dict):
                for inner in value.values():
                    yield from every_step(inner)


def read_effect(tree: Any, doc: Doc, path: Path_, card: dict[str, Any], problems: Problems, subject: str,
                verbs: dict[str, Verb] | None = None) -> tuple[EffectStep, ...] | None:
    """The card's effect as steps (`()` for `effect: none`); None, with its problems added, when it is wrong."""
    if tree == "none":
        return ()
    reading = _Reading(doc, card, verbs if verbs is not None else LIBRARY, problems, subject)
    steps = reading.steps(tree, path, 1)
    return None if steps is None else tuple(steps)


def card_effect(tree: Any, place: Doc, i: int, card_id: str, data: dict[str, Any], problems: Problems,
                verbs: dict[str, Verb] | None, words: EffectWords | None = None) -> tuple[EffectStep, ...] | None:
    """A deck's card `i`'s `effect:` read into steps (None: it declares none), its problems naming the card; its
    words written into the card's fields as `effect`, for a template or a text to print (`{{ card.effect }}`)."""
    if tree is None:
        return None
    steps = read_effect(tree, place, ("cards", i, "effect"), {**data, "id": card_id}, problems,
                        f"cards[{i}] ({card_id}).effect", verbs)
    if steps:
        from pnp.model.effects.effect_text import effect_sentence

        data["effect"] = effect_sentence(steps, verbs, words)
    return steps
