"""The rules engine: a game's rules.yaml (and its custom Python rules) held against its components.

Each rule kind is one small function that yields problems; every problem names the rule, the card
or item and its file:line. Built-in checks (placeholders, the contents list) run for every game.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnp.errors import InputError, Problem, Where, did_you_mean
from pnp.model import limits
from pnp.model.colour import close_pairs
from pnp.model.game import Card, Deck, Game
from pnp.model.load import Doc
from pnp.model.units import parse_colour
from pnp.rules.spec import Rule, RulesFile, Source

if TYPE_CHECKING:
    from pnp.rules.custom import Started


@dataclass
class Value:
    value: Any
    where: Where
    subject: str


class Engine:
    def __init__(self, game: Game, spec: RulesFile, doc: Doc, custom: bool = True,
                 rule_seconds: float = limits.RULE_SECONDS, started: Started | None = None):
        """`custom`: run the game's Python rules (False for an untrusted change: they are code that runs);
        `rule_seconds`: the time each may take; `started`: those rules, started already."""
        self.game, self.spec, self.doc = game, spec, doc
        self.decks = {d.id: d for d in game.decks}
        self.custom, self.rule_seconds, self.started = custom, rule_seconds, started
        self.notes: list[Problem] = []  # what the engine says besides the rules' findings
        self._context: dict[str, Any] | None = None
        self.customs: dict[int, list[tuple[Where, str, str]]] | None = None  # each custom rule's findings, by index

    # -- where values come from ------------------------------------------------------------
    def deck(self, name: str | list[str] | None, at: tuple) -> Deck:
        if isinstance(name, list):
            raise InputError([Problem(self.doc.where((*at, "deck")), "this rule kind reads one deck; `each` is the "
                                      "kind that takes a list of decks")])
        if name not in self.decks:
            raise InputError([Problem(self.doc.where(at), f"no deck {name!r} in this game (decks: "
                                      f"{', '.join(self.decks)}){did_you_mean(name, self.decks)}")])
        return self.decks[name]

    def values(self, src: Source, at: tuple) -> list[Value]:
        if src.palette:
            return [Value(k, self.game.doc.where(("palette", k)), f"palette.{k}") for k in self.game.manifest.palette]
        if src.deck:
            deck = self.deck(src.deck, at)
            return [Value(card_view(c).get(src.field) if src.field else c.id, deck.where(c, src.field or ""),
                          f"{deck.id}/{c.id}") for c in deck.cards]
        if src.data:
            doc = self.game.data.get(src.data)
            if doc is None:
                raise InputError([Problem(self.doc.where(at), f"no data table {src.data!r} (declare it under "
                                          f"`data:` in game.yaml; known: {', '.join(self.game.data) or 'none'})")])
            path: tuple = ()
            items: Any = doc.data
            for part in (src.items or "").split(".") if src.items else []:
                items = items.get(part) if isinstance(items, dict) else None
                path = (*path, part)
            if not isinstance(items, list):
                raise InputError([Problem(self.doc.where(at), f"{src.data}.{src.items} is not a list")])
            out = []
            for i, item in enumerate(items):
                if src.where and not self.expr(src.where, {"item": item}, at):
                    continue
                value = item.get(src.field) if src.field and isinstance(item, dict) else item
                out.append(Value(value, doc.where((*path, i, src.field) if src.field else (*path, i)),
                                 f"{src.data}.{src.items}[{i}]"))
            return out
        raise InputError([Problem(self.doc.where(at), "a source needs `deck`, `data` or `palette`")])

    def context(self) -> dict[str, Any]:
        """What a rule's expressions read (`game`, `data`, `decks`), made once: an `each` or a `where:` asks for
        it once per card or row, and making it reads every card of every deck."""
        if self._context is None:
            self._context = self._make_context()
        return self._context

    def _make_context(self) -> dict[str, Any]:
        m = self.game.manifest
        contents = {k: v.count for k, v in m.content().items()}
        return {"game": {"id": self.game.id, "name": m.name, "palette": m.palette, "contents": contents,
                         "players": {"min": m.players.min, "max": m.players.max} if m.players else None},
                "data": {k: d.data for k, d in self.game.data.items()},
                "decks": {d.id: {"count": d.faces, "cards": [card_view(c) for c in d.cards]} for d in self.game.decks}}

    def expr(self, source: str, extra: dict[str, Any], at: tuple) -> Any:
        from pnp.layout.expr import expression, shown

        try:
            compiled = expression(source.strip().removeprefix("{{").removesuffix("}}"), True)
        except Exception as exc:
            raise InputError([Problem(self.doc.where(at), f"expression syntax error in {shown(source)!r}: "
                                      f"{getattr(exc, 'message', None) or exc}")]) from None
        names = {**self.context(), **extra}
        try:
            return compiled(**names)
        except Exception as exc:
            from pnp.model.expressions.evaluate import explanation

            raise InputError([Problem(self.doc.where(at), explanation(source, exc, names))]) from None

    # -- running ----------------------------------------------------------------------------
    def run(self) -> list[Problem]:
        """Every rule's findings, in the order of rules.yaml. The custom rules start first, in a worker process,
        and run while pnp checks the others (one worker for them all)."""
        skipped = [rule.id for rule in self.spec.rules if rule.kind == "custom" and not self.custom]
        customs = [i for i, r in enumerate(self.spec.rules) if r.kind == "custom" and r.function and self.custom]
        running = None
        if self.started is not None and self.started.chosen == customs:
            running = self.started.running
        elif customs:
            from pnp.rules.custom import start_customs

            running = start_customs(self.game, self._customs(customs), self.rule_seconds)
        try:
            found: dict[int, list[Problem]] = {}
            for i, rule in enumerate(self.spec.rules):
                if rule.id in skipped:
                    continue
                at = ("rules", i)
                missing = [key for key in NEEDS.get(rule.kind, ()) if getattr(rule, key) in (None, "")]
                if missing:
                    raise InputError([Problem(self.doc.where(at), f"a {rule.kind} rule needs "
                                              + " and ".join(f"`{key}:`" for key in missing), rule.id)])
                if rule.kind != "custom":
                    limits.working_on(f"checking rule {rule.id} ({self.doc.where(at)})")
                    found[i] = self._timed(rule, at)
            if running is not None:
                from pnp.rules.custom import judge_customs

                results, printed = judge_customs(self._customs(customs), running.outcomes())
                self.customs = dict(zip(customs, results, strict=True))
                self.notes.extend(printed)
                for i in customs:
                    found[i] = self._found(self.spec.rules[i], ("rules", i))
        finally:
            if running is not None:
                running.close()
        out = [p for i in sorted(found) for p in found[i]]
        if skipped:
            out.append(Problem(self.doc.where(), f"{len(skipped)} custom rule{'s' if len(skipped) != 1 else ''} not "
                               f"run (--no-custom-rules): {', '.join(skipped)}", self.game.id, "warning",
                               "custom-rules-skipped"))
        return out + self.notes

    def _timed(self, rule: Rule, at: tuple) -> list[Problem]:
        """A built-in rule's findings, within its time (custom rules are timed by the runner of game code)."""
        try:
            with limits.time_limit(limits.RULE_SECONDS):
                return self._found(rule, at)
        except limits.Overtime:
            raise InputError([Problem(self.doc.where(at), f"checking this rule took more than {limits.RULE_SECONDS:g} "
                                      "s: its expressions do too much for each card or row", rule.id)]) from None

    def _found(self, rule: Rule, at: tuple) -> list[Problem]:
        check = getattr(self, "rule_" + rule.kind)
        return [Problem(where, message, subject, rule.severity, rule.id) for where, subject, message in check(rule, at)]

    def _customs(self, chosen: list[int]) -> list[tuple[Rule, Where]]:
        return [(self.spec.rules[i], self.doc.where(("rules", i))) for i in chosen]

    # -- rule kinds: each yields (where, subject, message) ------------------------------------
    def rule_contents(self, rule: Rule, at: tuple) -> Iterator[tuple[Where, str, str]]:
        """A component of the contents list is a deck (all its copies) or a card of some deck (its copies); a deck
        the list does not name (nor any of its cards) is a warning."""
        cards = {c.id: c.copies for d in self.game.decks for c in d.cards}
        named = self.game.manifest.content()
        for deck in self.game.decks:
            if deck.id not in named and not any(c.id in named for c in deck.cards):
                self.notes.append(Problem(deck.doc.where(("id",)), f"the contents list in game.yaml does not name "
                                          f"this deck ({deck.faces} printed): add `{deck.id}: {deck.faces}` under "
                                          "`contents:` (`{count: N, stated: false}` if the rulebook gives no count)",
                                          deck.id, "warning", rule.id))
        for component, item in named.items():
            if not item.printed:
                continue
            count = item.count
            if count is None:
                if item.stated:
                    yield (self.game.doc.where(("contents", component)), component,
                           "give the count the rulebook states (`count: N`), or `stated: false` if it states none")
                continue
            if item.listed is not None and item.listed != count and not item.note:
                yield (self.game.doc.where(("contents", component)), component,
                       f"the rulebook's component list says {item.listed} and its rules need {count}: say which the "
                       "pack follows and why in a `note` (the checklist prints both)")
            listed = f"the rulebook lists {count}" if item.stated else f"contents gives {count} (not in the rulebook)"
            printed = self.decks[component].faces if component in self.decks else cards.get(component)
            if printed is None:
                yield (self.game.doc.where(("contents", component)), component,
                       f"{listed}, but no deck or card with this id prints it")
            elif printed != count:
                yield (self.game.doc.where(("contents", component)), component, f"{listed}, the game prints {printed}")

    def rule_copies(self, rule: Rule, at: tuple) -> Iterator[tuple[Where, str, str]]:
        """Every card prints `copies`, or with `by`, the copies `table` gives its value of that field."""
        deck = self.deck(rule.deck, at)
        if (rule.copies is None) == (rule.by is None):
            raise InputError([Problem(self.doc.where(at), "a copies rule takes `copies: N` (every card), or `by: "
                                      "FIELD` with `table: {value: copies}`")])
        for card in deck.cards:
            printed = f"prints {card.copies} cop{'y' if card.copies == 1 else 'ies'}"
            where = deck.where(card, "copies") if "copies" in _raw(deck, card) else card.where
            if rule.by is None:
                if card.copies != rule.copies:
                    yield (where, f"{deck.id}/{card.id}", f"{printed}; every {deck.name} card takes {rule.copies}")
                continue
            value = card.data.get(rule.by)
            if str(value) not in rule.table:
                yield (deck.where(card, rule.by), f"{deck.id}/{card.id}", f"{rule.by} {value!r} has no number of "
                       f"copies in the rule's table ({', '.join(rule.table)})")
            elif card.copies != rule.table[str(value)]:
                yield (where, f"{deck.id}/{card.id}", f"{printed}; a {value} {deck.name} card takes "
                       f"{rule.table[str(value)]} ({rule.by}: {value})")

    def rule_unique(self, rule: Rule, at: tuple) -> Iterator[tuple[Where, str, str]]:
        """No two cards of a deck share a field's value; or, with `source:`, no two items of a data table
        (or cards of a deck) share theirs."""
        if rule.source:
            first_at: dict[Any, str] = {}
            for v in self.values(rule.source, (*at, "source")):
                key = _hashable(v.value)
                if key in first_at:
                    yield (v.where, v.subject, f"{_shown(v.value)} is also {first_at[key]}; each needs its own")
                first_at.setdefault(key, f"at {v.where}")
            return
        if not rule.deck or not rule.field:
            raise InputError([Problem(self.doc.where(at), "a unique rule needs `deck:` and `field:`, or `source:`",
                                      rule.id)])
        deck = self.deck(rule.deck, at)
        first: dict[Any, str] = {}
        for card in deck.cards:
            value = _hashable(card.data.get(rule.field or ""))
            if value in first:
                yield (deck.where(card, rule.field or ""), f"{deck.id}/{card.id}",
                       f"{rule.field} {card.data.get(rule.field or '')!r} is also on {first[value]}; each card needs "
                       "its own")
            first.setdefault(value, card.id)

    def rule_range(self, rule: Rule, at: tuple) -> Iterator[tuple[Where, str, str]]:
        deck = self.deck(rule.deck, at)
        for card in deck.cards:
            value = card.data.get(rule.field or "")
            if value is None:
                continue
            if (rule.min is not None and value < rule.min) or (rule.max is not None and value > rule.max):
                yield (deck.where(card, rule.field or ""), f"{deck.id}/{card.id}",
                       f"{rule.field} {value} is outside {rule.min:g}..{rule.max:g}"
                       + (f" ({rule.description})" if rule.description else ""))

    def rule_composition(self, rule: Rule, at: tuple) -> Iterator[tuple[Where, str, str]]:
        deck = self.deck(rule.deck, at)
        have = _sum_faces(deck, rule.field or "")
        for value, bound in rule.counts.items():
            n = have.get(value, 0)
            for ok, says in ((bound.exactly is None or n == bound.exactly, f"exactly {bound.exactly}"),
                             (bound.min is None or n >= bound.min, f"at least {bound.min}"),
                             (bound.max is None or n <= bound.max, f"at most {bound.max}")):
                if not ok:
                    yield (deck.doc.where(("cards",)), deck.id,
                           f"{n} {deck.name} card{'s' if n != 1 else ''} with {rule.field} {value!r}; the rule "
                           f"wants {says}" + (f" ({rule.description})" if rule.description else ""))

    def rule_distribution(self, rule: Rule, at: tuple) -> Iterator[tuple[Where, str, str]]:
        deck = self.deck(rule.deck, at)
        have = _sum_faces(deck, rule.field or "")
        keys = {str(k) for k in have} | set(rule.table)
        for key in sorted(keys, key=lambda k: (len(k), k)):
            want, got = rule.table.get(key, 0), have.get(key, 0)
            if want != got:
                yield (deck.doc.where(("cards",)), deck.id,
                       f"{rule.field} {key}: {got} card{'s' if got != 1 else ''}, the distribution wants {want}")

    def rule_reference(self, rule: Rule, at: tuple) -> Iterator[tuple[Where, str, str]]:
        assert rule.source and rule.target
        targets = _each(self.values(rule.target, (*at, "target")))
        known = {t.value for t in targets}
        seen: Counter = Counter()
        among = ""
        for v in _each(self.values(rule.source, (*at, "source"))):
            seen[v.value] += 1
            if v.value not in known:
                among = among or listed(known)  # (once)
                yield (v.where, v.subject, f"{_shown(v.value)} is not among {among}")
            elif rule.exact and seen[v.value] == 2:
                yield (v.where, v.subject, f"{_shown(v.value)} appears twice; each value must appear once")
        if rule.exact:
            for t in targets:
                if t.value not in seen:
                    yield (t.where, t.subject, f"{_shown(t.value)} has no match in {_describe(rule.source)}")

    def rule_each(self, rule: Rule, at: tuple) -> Iterator[tuple[Where, str, str]]:
        for deck in self.decks_of(rule, at):
            for card in deck.cards:
                names = {"card": card_view(card), "deck": {"id": deck.id, "name": deck.name}}
                if not self.expr(rule.check or "", names, at):
                    yield (card.where, f"{deck.id}/{card.id}", self.said(rule, names, at))

    def rule_expect(self, rule: Rule, at: tuple) -> Iterator[tuple[Where, str, str]]:
        """Said at the data the check reads first (`data.oob.units` -> that entry of oob.yaml), else at the rule."""
        if not self.expr(rule.check or "", {}, at):
            yield (self.data_read(rule.check or "") or self.doc.where(at), rule.id, self.said(rule, {}, at))

    def data_read(self, check: str) -> Where | None:
        """The place of the first data table entry an expression reads by a plain path (`data.oob.units`)."""
        m = _DATA_PATH.search(check)
        doc = self.game.data.get(m.group(1)) if m else None
        if m is None or doc is None:
            return None
        path: tuple = tuple(k for k in m.group(2).split(".") if k)
        while path:
            value: Any = doc.data
            for key in path:
                value = value.get(key) if isinstance(value, dict) else None
            if value is not None:
                break
            path = path[:-1]
        return doc.where(path)

    def decks_of(self, rule: Rule, at: tuple) -> list[Deck]:
        """The deck a rule names, or each of a list of them (`deck: [tier-1, tier-2]`)."""
        names = rule.deck if isinstance(rule.deck, list) else [rule.deck]
        return [self.deck(name, (*at, "deck", i) if isinstance(rule.deck, list) else at)
                for i, name in enumerate(names)]

    def said(self, rule: Rule, names: dict[str, Any], at: tuple) -> str:
        """The rule's `message:`, its `{{ }}` filled in from the names its check read; without one, the
        check and the two sides it compared as computed."""
        from pnp.rules.said import compared

        if not rule.message:
            return compared(rule.check or "", lambda side: self.expr(side, names, at))
        if "{{" not in rule.message:
            return rule.message
        from pnp.model.expressions.evaluate import explanation, jinja_template
        from pnp.model.limits import new_evaluation

        every = {**self.context(), **names}
        try:
            new_evaluation()
            return str(jinja_template(rule.message).render(**every))
        except Exception as exc:
            raise InputError([Problem(self.doc.where((*at, "message")), explanation(rule.message, exc, every),
                                      rule.id)]) from None

    def rule_connected(self, rule: Rule, at: tuple) -> Iterator[tuple[Where, str, str]]:
        assert rule.nodes and rule.edges
        nodes = self.values(rule.nodes, (*at, "nodes"))
        names = {n.value for n in nodes}
        links: dict[Any, set] = {n: set() for n in names}
        among = ""
        for e in self.values(rule.edges, (*at, "edges")):
            if not (isinstance(e.value, list) and len(e.value) == 2 and all(x in names for x in e.value)):
                among = among or listed(names)  # (once)
                yield (e.where, e.subject, f"a connection joins two of {among}, got {e.value!r}")
                continue
            a, b = e.value
            links[a].add(b)
            links[b].add(a)
        if not nodes:
            return
        reached, todo = {nodes[0].value}, [nodes[0].value]
        while todo:
            for nxt in links[todo.pop()] - reached:
                reached.add(nxt)
                todo.append(nxt)
        for n in nodes:
            if n.value not in reached:
                yield (n.where, n.subject, f"{n.value!r} cannot be reached from {nodes[0].value!r}")

    def rule_colours(self, rule: Rule, at: tuple) -> Iterator[tuple[Where, str, str]]:
        assert rule.source
        values = self.values(rule.source, (*at, "source"))
        palette = self.game.manifest.palette
        colours, where = {}, {}
        for v in values:
            try:
                rgb = parse_colour(v.value, palette)
            except ValueError as exc:
                yield (v.where, v.subject, str(exc))
                continue
            if rgb is not None:
                colours[str(v.value)], where[str(v.value)] = rgb, v
        symbols = {str(s.subject): s.value for s in self.values(rule.symbols, (*at, "symbols"))} if rule.symbols \
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
            yield (self.doc.where((*at, "source")), rule.id, f"more than {limits.COLOUR_PAIRS:,} pairs of colours "
                   "are too close (the closest are said above): give the table fewer, more distinct colours")

    def rule_fits(self, rule: Rule, at: tuple) -> Iterator[tuple[Where, str, str]]:
        from pnp.rules.fits import check_fits

        yield from check_fits(self, rule, at)

    def rule_balance(self, rule: Rule, at: tuple) -> Iterator[tuple[Where, str, str]]:
        """Played, not checked here: `pnp check` runs it through the play stage (pnp.play.balance)."""
        yield from ()

    def rule_custom(self, rule: Rule, at: tuple) -> Iterator[tuple[Where, str, str]]:
        """What the rule found in the worker (`run` started them all first and took their outcomes)."""
        yield from (self.customs or {}).get(at[1], [])


# what each rule kind cannot do without (the others are optional, or checked by the kind itself)
NEEDS: dict[str, tuple[str, ...]] = {
    "copies": ("deck",), "range": ("deck", "field"), "composition": ("deck", "field"),
    "distribution": ("deck", "field"), "reference": ("source", "target"), "each": ("deck", "check"),
    "expect": ("check",), "connected": ("nodes", "edges"), "colours": ("source",), "fits": ("piece", "space"),
    "custom": ("function",),
}


_DATA_PATH = re.compile(r"\bdata\.([A-Za-z_]\w*)((?:\.[A-Za-z_]\w*)*)")  # `data.oob.units` in a check


def card_view(card: Card) -> dict[str, Any]:
    """A card as rule expressions read it: its fields, its `id` and how many `copies` print."""
    return {**card.data, "copies": card.copies}


def _raw(deck: Deck, card: Card) -> dict[str, Any]:
    """The card as its deck file writes it."""
    cards = deck.doc.data.get("cards") if isinstance(deck.doc.data, dict) else None
    raw = cards[card.index] if isinstance(cards, list) and card.index < len(cards) else None
    return raw if isinstance(raw, dict) else {}


def _each(values: list[Value]) -> list[Value]:
    """A list value (a card's `consume: [power, oxygen]`) as its items; a mapping cannot be compared."""
    out = []
    for v in values:
        for item in v.value if isinstance(v.value, list) else [v.value]:
            if isinstance(item, dict | list):
                raise InputError([Problem(v.where, f"{v.subject}: {item!r} is a table; a reference compares names "
                                          "and numbers (point `field` at one of its entries)")])
            out.append(Value(item, v.where, v.subject))
    return out


def _hashable(value: Any) -> Any:
    """A value as a key: a list or table compared by what it holds."""
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((str(k), _hashable(v)) for k, v in value.items()))
    return value


def _shown(value: Any) -> str:
    """A value as the YAML wrote it: numbers bare (1, 2.5), text quoted ('red')."""
    return repr(value) if isinstance(value, str) else str(value)


def listed(names: Any) -> str:
    """Values as a message lists them, as the YAML writes them (numbers bare, in order first, then text): the
    first 20 (a table of 20,000 said for every value that misses it would be 400 million names)."""
    ordered = sorted(names, key=lambda v: (isinstance(v, str), v if isinstance(v, int | float) else str(v)))
    shown = "[" + ", ".join(_shown(v) for v in ordered[:20])
    return shown + "]" if len(ordered) <= 20 else f"{shown}, ... and {len(ordered) - 20:,} more]"


def _sum_faces(deck: Deck, field: str) -> Counter:
    have: Counter = Counter()
    for card in deck.cards:
        have[str(card.data.get(field))] += card.copies
    return have


def _describe(src: Source) -> str:
    if src.deck:
        return f"deck {src.deck}" + (f" ({src.field})" if src.field else "")
    if src.data:
        return f"{src.data}.{src.items or ''}" + (f" ({src.field})" if src.field else "")
    return "the palette"
