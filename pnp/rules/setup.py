"""Setups: deal a legal setup from a game's rules, reproducibly, check that every player count and
every choice of the options can be dealt, and check a recorded one.

A setup is plain data: `{"game", "players", "seed", "options", "table": {label: value}, "hands":
[{label: value}]}` where a label names a deck, a pile, a die or a track (or the step's `label`), and a
value is a list of card ids (a pile's top card first), `{"cards": [...], "side": "back"}` for cards
laid a given side up, a die face or a stated value. The steps (`pnp.rules.dealer`) read the options,
the player count, the player dealt to and the setup's tables (`pnp.rules.setup_expr`).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnp.errors import InputError, Problem, Where
from pnp.model.game import Game
from pnp.rules.dealer import Dealer, Piece, Take, validate
from pnp.rules.setup_expr import Locator, check_tables, choose, describe, every_choice, resolve_tables
from pnp.rules.spec import Setup

if TYPE_CHECKING:
    from pnp.model.load import Doc


def card_titles(game: Game) -> dict[str, str]:
    """How a dealt card is named: its deck's `title:` expression, else its name, else its id."""
    from pnp.layout.expr import ExprError, compile_value

    titles: dict[str, str] = {}
    for deck in game.decks:
        title = deck.spec.title
        dynamic, get = compile_value(title, deck.doc.where(("title",))) if title else (False, None)
        for card in deck.cards:
            if dynamic and get is not None:
                try:
                    titles[card.id] = f"{str(get({'card': card.data})).strip()} ({card.id})"
                    continue
                except ExprError as exc:
                    raise InputError([Problem(deck.doc.where(("title",)), f"title: {exc}",
                                              f"{deck.id}/{card.id}")]) from None
            titles[card.id] = str(card.data.get("name") or card.id)
    return titles


def deal(game: Game, setup: Setup, players: int, seed: int, options: dict[str, Any] | None = None,
         doc: Doc | None = None) -> dict[str, Any]:
    """One setup for `players` players, the same for the same seed. `doc` is rules.yaml (read when needed)."""
    if not setup.players.min <= players <= setup.players.max:
        raise InputError([Problem(None, f"{game.manifest.name} takes {setup.players.min} to {setup.players.max} "
                                  f"players, not {players}")])
    options = options if options is not None else choose(setup)
    locate = Locator(game, doc)
    bad = check_tables(setup, locate) + validate(setup, locate)
    if bad:
        raise InputError(bad)
    dealt = Dealer(game, setup, locate).deal(players, options, random.Random(seed))
    return {"game": game.id, "players": players, "seed": seed, "options": options, **dealt}


class _Trial(Dealer):
    """Deals from unshuffled piles and notes, instead of failing, each step that runs short."""

    def __init__(self, *args: Any):
        super().__init__(*args)
        self.asked: Counter = Counter()  # deck -> cards all the steps ask for
        self.filtered: dict[tuple, list] = {}  # a step with `where` -> [cards asked, matching cards in the deck]
        self.shortfalls: list[tuple[Take, int]] = []

    def pick(self, take: Take, pool: list[Piece]) -> list[Piece]:
        if take.count is not None:
            self.asked[take.deck] += take.count
            if take.step.where:
                everything = [Piece(take.deck, c.id, k, {**c.data, "copy": k}) for c in self.decks[take.deck].cards
                              for k in range(1, c.copies + 1)]
                entry = self.filtered.setdefault(take.path, [0, sum(map(take.fits, everything)), take])
                entry[0] += take.count
        return super().pick(take, pool)

    def short(self, take: Take, got: int) -> None:
        self.shortfalls.append((take, got))


def feasibility(game: Game, setup: Setup, where: Where, doc: Doc | None = None) -> list[Problem]:
    """Every player count, under every choice of the options, can be dealt: each deck holds the cards
    the steps ask for, and each `where` matches enough; every expression is evaluated on the way."""
    locate = Locator(game, doc)
    problems = check_tables(setup, locate) + validate(setup, locate)
    if problems:
        return problems

    def fail(message: str, at: Where = where) -> None:
        same = message.split(" (with ")[0]  # the same mistake under another player count is said once
        if not any(p.message.split(" (with ")[0] == same and p.where == at for p in problems):
            problems.append(Problem(at, message, "setup", rule="setup"))

    faces = {d.id: d.faces for d in game.decks}
    for options in every_choice(setup):
        under = "".join(f" with {k}={v}" for k, v in options.items())
        for n in range(setup.players.min, setup.players.max + 1):
            trial = _Trial(game, setup, locate)
            try:
                trial.deal(n, options, None)
            except InputError as exc:
                for p in exc.problems:
                    fail(p.message if p.subject == "setup" else f"{p.subject}: {p.message}", p.where or where)
                continue
            told = False
            for deck, count in trial.asked.items():
                if count > faces[deck]:
                    fail(f"{n} players{under} need {count} {deck} cards; the deck has {faces[deck]}")
                    told = True
            for want, have, take in trial.filtered.values():
                if want > have:
                    fail(f"{n} players{under} need {want} {take.deck} card{'s' if want != 1 else ''} where "
                         f"{take.step.where}; the deck has {have}")
                    told = True
            for take, got in trial.shortfalls[:1] if not told else []:
                same = f" sharing their {take.step.same}" if take.step.same else ""
                fail(f"{n} players{under}: this step needs {take.count} {take.deck} card"
                     f"{'s' if take.count != 1 else ''}{same} and {got} {'is' if got == 1 else 'are'} left once the "
                     f"steps before it are dealt{describe(take.names)}", locate(take.path))
    return problems


def check_recorded(game: Game, setup: Setup, recorded: Doc, doc: Doc | None = None) -> list[Problem]:
    """Hold a recorded setup (YAML or JSON) against the rules: counts, ids, copies, sides, start values."""
    from pnp.rules.recorded import check

    return check(game, setup, recorded, Locator(game, doc))


@dataclass(repr=False, eq=False)
class GameSetup:
    """A game's setup as a custom rule reads it (public API: `setup_of(game)`)."""

    game: Game
    spec: Setup  # what rules.yaml says: `players`, `options`, `tables` (each `by` and `values`), the steps
    doc: Doc  # rules.yaml

    def where(self, *path: str | int) -> Where:
        """The place of a part of the setup: `where("tables", "wheel", "values", 3)`."""
        return self.doc.where(("setup", *path))

    @property
    def player_counts(self) -> range:
        return range(self.spec.players.min, self.spec.players.max + 1)

    def choices(self) -> list[dict[str, Any]]:
        """Every combination of the options' values."""
        return every_choice(self.spec)

    def tables(self, players: int, player: int | None = None, **options: Any) -> dict[str, Any]:
        """The setup's tables looked up for a player count (and a player), under these options."""
        chosen = {**choose(self.spec), **options}
        names: dict[str, Any] = {**chosen, "_options": chosen, "players": players}
        if player is not None:
            names["player"] = player
        return resolve_tables(self.spec, names, Locator(self.game, self.doc))

    def deal(self, players: int, seed: int = 0, **options: Any) -> dict[str, Any] | None:
        """A setup dealt as `pnp setup` deals it; None when it cannot be dealt (`pnp check` says why)."""
        try:
            return deal(self.game, self.spec, players, seed, {**choose(self.spec), **options}, self.doc)
        except InputError:
            return None


def setup_of(game: Game) -> GameSetup | None:
    """The game's setup from its rules.yaml, or None when it has none."""
    from pnp.model.load import load_file
    from pnp.model.project import confined
    from pnp.model.schema import read
    from pnp.rules.spec import RulesFile

    path = game.dir / "rules.yaml"
    confined(game.root, path, Where(f"cards/{game.id}/rules.yaml"), f"cards/{game.id}/rules.yaml")
    if not path.is_file():
        return None
    doc = load_file(path, game.root)
    spec, problems = read(RulesFile, doc.data if doc.data is not None else {}, doc)
    if spec is None:
        raise InputError(problems)
    return GameSetup(game, spec.setup, doc) if spec.setup is not None else None
