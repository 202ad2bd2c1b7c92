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
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from pnp.core import bounds, watchdog
from pnp.core.errors import InputError, Problem, Where
from pnp.model.game import Game
from pnp.rules.dealer import Dealer, Piece, Take, validate
from pnp.rules.messages import cards_of
from pnp.rules.setup_expr import ExpressionMistake, Locator, check_tables, choose, every_choice, resolve_tables
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
            if title and not dynamic:  # a plain title names every card of the deck
                titles[card.id] = f"{title} ({card.id})"
                continue
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
    dealt = timed(locate, lambda: Dealer(game, setup, locate).deal(players, options, random.Random(seed)))
    return {"game": game.id, "players": players, "seed": seed, "options": options, **dealt}


T = TypeVar("T")


def timed(locate: Locator, work: Callable[[], T]) -> T:
    """`work()`, a deal, within `bounds.RULE_SECONDS` (its expressions run over whole decks and tables)."""
    try:
        with watchdog.time_limit(bounds.RULE_SECONDS):
            return work()
    except watchdog.Overtime:
        raise InputError([Problem(locate(("setup",)), f"dealing this setup took more than {bounds.RULE_SECONDS:g} s: "
                                  "its `where:` and `if:` expressions do too much for each card", "setup")]) from None


class _Trial(Dealer):
    """Deals from unshuffled piles and notes, instead of failing, each step that runs short."""

    def __init__(self, *args: Any):
        super().__init__(*args)
        self.asked: Counter = Counter()  # deck -> cards all the steps ask for
        self.filtered: dict[tuple, tuple[list[int], set[int], Take]] = {}  # a step with `where` -> (cards asked,
        # the deck's pieces it matches for some player, the step)
        self.shortfalls: list[tuple[Take, int]] = []
        self.over: dict[str, tuple] = {}  # deck -> the step that asks for more of it than it holds

    def pick(self, take: Take, pool: list[Piece]) -> list[Piece]:
        if take.count is not None:
            self.asked[take.deck] += take.count
            if take.deck not in self.over and self.asked[take.deck] > len(self.every.get(take.deck, ())):
                self.over[take.deck] = take.path
            if take.step.where:
                asked, matching, _ = self.filtered.setdefault(take.path, ([0], set(), take))
                asked[0] += take.count
                # the pool is what fits of the pieces still in the pile: only those dealt already are asked again
                pile, fit = {id(p) for p in self.piles[take.deck]}, {id(p) for p in pool}
                matching.update(i for i, piece in enumerate(self.every[take.deck])
                                if id(piece) in fit or (id(piece) not in pile and take.fits(piece)))
        return super().pick(take, pool)

    def short(self, take: Take, got: int) -> None:
        self.shortfalls.append((take, got))

    def start(self, rng: random.Random | None) -> None:
        super().start(rng)
        self.every = {deck: list(pile) for deck, pile in self.piles.items()}

    def lay(self, label: str, pieces: list[Piece], into: dict[str, Any], view: dict[str, Any], scope: tuple) -> None:
        super().lay(label, pieces, into, view, scope)
        if scope == ("table",) and label in self.laid:
            self.every[label] = list(pieces)


def _trial(game: Game, setup: Setup, locate: Locator, n: int, options: dict[str, Any]) -> list[tuple[Where, str]]:
    """What keeps `n` players from being dealt under these options: (place, what is wrong) pairs."""
    trial = _Trial(game, setup, locate)
    try:
        timed(locate, lambda: trial.deal(n, options, None))
    except ExpressionMistake:
        raise
    except InputError as exc:
        return [(p.where or locate(("setup",)), p.message if p.subject == "setup" else f"{p.subject}: {p.message}")
                for p in exc.problems]
    faces = {d.id: d.faces for d in game.decks} | {label: len(trial.every[label]) for label in trial.laid}

    def held(deck: str) -> str:
        return "the pile holds" if deck in trial.laid else "the deck has"

    def asked_of(n: int, deck: str) -> str:
        return f"{n} card{'s' if n != 1 else ''} from the pile {deck!r}" if deck in trial.laid else cards_of(n, deck)

    found = [(locate(trial.over.get(deck, ("setup",))), f"need {asked_of(count, deck)}; {held(deck)} {faces[deck]}")
             for deck, count in trial.asked.items() if count > faces[deck]]
    found += [(locate(take.path), f"need {asked_of(asked[0], take.deck)} where "
               f"{take.step.where}; {held(take.deck)} {len(matching)}")
              for asked, matching, take in trial.filtered.values() if asked[0] > len(matching)]
    for take, got in trial.shortfalls[:1] if not found else []:
        same = f" sharing their {take.step.same}" if take.step.same else ""
        cards = f"{asked_of(take.count or 0, take.deck)}{same}"
        found.append((locate(take.path), f"this step needs {cards} and {got} {'is' if got == 1 else 'are'} left once "
                      "the steps before it are dealt"))
    return found


def _relevant(cases: list[tuple[int, dict[str, Any]]], setup: Setup) -> list[tuple[int, dict[str, Any]]]:
    """The cases a problem is found in, less each option it is found under whatever its value."""
    keep = list(setup.options)
    for name, values in setup.options.items():
        rest = [k for k in keep if k != name]
        groups: dict[tuple, set] = {}
        for n, o in cases:
            groups.setdefault((n, tuple(o[k] for k in rest)), set()).add(repr(o[name]))
        if all(len(seen) == len(values or [None]) for seen in groups.values()):
            keep = rest
    found = dict.fromkeys((n, tuple((k, o[k]) for k in keep)) for n, o in cases)
    return [(n, dict(items)) for n, items in found]


def feasibility(game: Game, setup: Setup, where: Where, doc: Doc | None = None) -> list[Problem]:
    """Every player count, under every choice of the options, can be dealt: each deck holds the cards
    the steps ask for, and each `where` matches enough; every expression is evaluated on the way. A
    problem found under every choice of the options is said once, without them. A step or a table
    written wrong, or an expression that cannot run, is bad input as anywhere else: an InputError (exit
    2), not a rule finding."""
    locate = Locator(game, doc, where)
    mistakes = check_tables(setup, locate) + validate(setup, locate)
    if mistakes:
        raise InputError(mistakes)
    problems: list[Problem] = []
    seen: dict[tuple[Where, str], list[tuple[int, dict[str, Any]]]] = {}
    for options in every_choice(setup):
        for n in range(setup.players.min, setup.players.max + 1):
            for at, message in _trial(game, setup, locate, n, options):
                cases = seen.setdefault((at, message.split(" (with ")[0]), [])
                if (n, options) not in cases:
                    cases.append((n, options))
    for (at, message), cases in seen.items():
        for n, options in _relevant(cases, setup):
            if message.startswith("need "):
                under = "".join(f" with {k}={v}" for k, v in options.items())
                problems.append(Problem(at, f"{n} player{'s' if n != 1 else ''}{under} {message}", "setup",
                                        rule="setup"))
                continue
            case = "".join(f", {k}={v}" for k, v in options.items())
            problems.append(Problem(at, f"{message} (with {n} player{'s' if n != 1 else ''}{case})", "setup",
                                    rule="setup"))
            break  # a gap in a table or a step that cannot be dealt: said once
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
    from pnp.model.schema.reader import read
    from pnp.rules.spec import RulesFile

    path = game.dir / "rules.yaml"
    confined(game.root, path, Where(f"cards/{game.id}/rules.yaml"), f"cards/{game.id}/rules.yaml")
    if not path.exists():  # (a pipe or a folder is not "no rules": load_file says what it is)
        return None
    doc = load_file(path, game.root)
    spec, problems = read(RulesFile, doc.data if doc.data is not None else {}, doc)
    if spec is None:
        raise InputError(problems)
    from pnp.rules.setup_words import in_language

    return GameSetup(game, in_language(game, spec.setup), doc) if spec.setup is not None else None
