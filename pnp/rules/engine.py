"""The rules engine: a game's rules.yaml (and its custom Python rules) held against its components.

Each rule kind is one module of pnp/rules/kinds/ whose check yields findings; the engine looks a rule's
kind up in the registry (pnp/rules/rule_kinds.py), runs it within its time and makes every finding a
problem that names the rule, the card or item and its file:line. It gives the kinds what they share:
decks and sources read, expressions evaluated, a rule's `message:` said.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from pnp.core import bounds, watchdog
from pnp.core.errors import InputError, Problem, Where, did_you_mean
from pnp.model.game import Deck, Game
from pnp.model.load import Doc
from pnp.rules.kinds import KINDS, Rule
from pnp.rules.rule_values import Value, card_view
from pnp.rules.spec import RulesFile, Source

if TYPE_CHECKING:
    from pnp.rules.custom_runner import Started


class Said(Protocol):
    """A rule that says what broke it: an expression and its `message:` (`each`, `expect`)."""

    id: str
    check: str | None
    message: str | None


class Engine:
    def __init__(self, game: Game, spec: RulesFile, doc: Doc, custom: bool = True,
                 rule_seconds: float = bounds.RULE_SECONDS, started: Started | None = None):
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
            from pnp.rules.custom_runner import start_customs

            running = start_customs(self.game, self._customs(customs), self.rule_seconds)
        try:
            found: dict[int, list[Problem]] = {}
            for i, rule in enumerate(self.spec.rules):
                if rule.id in skipped:
                    continue
                at = ("rules", i)
                if rule.kind != "custom":
                    watchdog.working_on(f"checking rule {rule.id} ({self.doc.where(at)})")
                    found[i] = self._timed(rule, at)
            if running is not None:
                from pnp.rules.custom_runner import judge_customs

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
            with watchdog.time_limit(bounds.RULE_SECONDS):
                return self._found(rule, at)
        except watchdog.Overtime:
            raise InputError([Problem(self.doc.where(at), f"checking this rule took more than {bounds.RULE_SECONDS:g} "
                                      "s: its expressions do too much for each card or row", rule.id)]) from None

    def _found(self, rule: Rule, at: tuple) -> list[Problem]:
        check = KINDS[rule.kind].check
        return [Problem(where, message, subject, rule.severity, rule.id) for where, subject, message in
                check(self, rule, at)]

    def _customs(self, chosen: list[int]) -> list[tuple[Rule, Where]]:
        return [(self.spec.rules[i], self.doc.where(("rules", i))) for i in chosen]

    # -- what the kinds share ------------------------------------------------------------------
    def said(self, rule: Said, names: dict[str, Any], at: tuple) -> str:
        """The rule's `message:`, its `{{ }}` filled in from the names its check read; without one, the
        check and the two sides it compared as computed."""
        from pnp.rules.said import compared

        if not rule.message:
            return compared(rule.check or "", lambda side: self.expr(side, names, at))
        if "{{" not in rule.message:
            return rule.message
        from pnp.core.watchdog import new_evaluation
        from pnp.model.expressions.evaluate import explanation, jinja_template

        every = {**self.context(), **names}
        try:
            new_evaluation()
            return str(jinja_template(rule.message).render(**every))
        except Exception as exc:
            raise InputError([Problem(self.doc.where((*at, "message")), explanation(rule.message, exc, every),
                                      rule.id)]) from None
