"""Layout: a rulebook's blocks resolved from the game into a flow of plain data (headings, paragraphs, tables,
figures of laid-out faces) that output draws; every name it cannot find is a located problem."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from pnp.core.errors import Problems, Where, did_you_mean, echo
from pnp.layout.rulebook.names import prose_names, rulebook_names, shown
from pnp.layout.rulebook.numbers import held, typed_numbers, untyped
from pnp.layout.scene import Face
from pnp.layout.text import MarkupError, parse
from pnp.model.game import Game
from pnp.model.rulebook.source import Expr, IconRef, Inline, Rulebook, RulebookBlock, Unsupported, literal
from pnp.model.units import MM, parse_length


@dataclass
class Heading:
    level: int
    text: str
    where: Where | None = None  # the block it comes from (each flow item: said when it cannot be drawn)


@dataclass
class Para:
    markup: str
    bullet: str = ""  # "•" or "3." for a list item
    depth: int = 0
    where: Where | None = None


@dataclass
class Figure:
    faces: list[Face]
    width: float  # points, of each face
    caption: str = ""
    callouts: list[tuple[int, float, float, float, float]] = field(default_factory=list)  # number, element's box
    leaders: list[tuple[int, bool, float, float, float]] = field(default_factory=list)  # number, right?, end, run
    legend: list[str] = field(default_factory=list)
    where: Where | None = None
    pieces: list[tuple[Face, float, float, float]] = field(default_factory=list)  # on the first face: face, x, y, w
    badges: list[tuple[int, float, float]] = field(default_factory=list)  # a numbered disc on it, at x, y (face pts)


@dataclass
class RulebookTable:
    rows: list[list[str | Figure]]  # header first
    widths: list[float] | None = None  # fractions of the text width
    where: Where | None = None
    gallery: bool = False  # rows of pictures with their captions: no header, no rules between rows


@dataclass
class PageBreak:
    where: Where | None = None


@dataclass
class PageIndex:
    """A glossary (each term with the page that explains it) or an index (each word with every page it is on); the
    pages are found as the book is drawn (pnp/output/document/book_index.py)."""

    every: bool  # an index: every page; a glossary: the page that explains it
    terms: list[tuple[str, list[str]]]  # each term and the spellings it is found by (itself first)
    where: Where | None = None
    means: dict[str, str] = field(default_factory=dict)  # a glossary: each term's definition (markup), from game.yaml


@dataclass
class SetupView:
    """rules.yaml's setup as the rulebook prints it (made by pnp.rules.setup_view: layout reads, never deals)."""

    players: list[int]
    steps: list[str]  # each step said in words, its number where it is the same for every player count
    by_players: list[tuple[str, list[Any]]]  # what differs by player count: (what, value for each count)
    options: dict[str, list[Any]]
    sentences: list[tuple[str, Where, int]] = field(default_factory=list)  # each step's `say:`, where it is
    # written, and the steps it speaks for (itself and the `say: ""` steps after it)


class StepSaid(NamedTuple):
    """A setup step as a setup diagram says it."""

    kind: str  # draw, place, roll or track
    source: str  # the deck, die or track card it deals from
    said: str  # what it is, in words ("the Happiness track", "the Peril Die")
    unit: str = ""  # a track's unit ("%")
    wild: str = ""  # a roll: what its wild face means


@dataclass
class Dealt:
    """A setup dealt for a ```pnp setup-diagram``` block (by pnp.rules.played_view: layout reads, never deals)."""

    players: int
    seed: int
    table: dict[str, Any]  # what `pnp setup` deals, by label
    hands: list[dict[str, Any]]
    steps: dict[str, StepSaid]  # by label


@dataclass
class Played:
    """What the rulebook's drawn blocks show: setups dealt by (players, seed), games told by (players, seed, index)
    (each game's events as pnp.play.told tells them)."""

    deals: dict[tuple[int, int], Dealt]
    stories: dict[tuple[int, int, int], list[list[Any]]]


Flow = Heading | Para | Figure | RulebookTable | PageBreak | PageIndex
Faces = dict[tuple[str, str], tuple[Face, Face | None]]  # (deck, card) -> its front and back


class Resolver:
    def __init__(self, book: Rulebook, game: Game, faces: Faces, problems: Problems, icons: dict[str, str],
                 setup: SetupView | None, played: Played | None = None):
        self.book, self.game, self.faces, self.problems = book, game, faces, problems
        self.icons, self.setup = icons, setup  # icons: each name's meaning (icons.yaml)
        self.played = played or Played({}, {})
        self.names = rulebook_names(game)
        self.words = prose_names(game)
        self.held = held(game, self.words, untyped([*setup.steps, *(f"{row}: {', '.join(map(str, values))}"
                                                                   for row, values in setup.by_players)],
                                                   [said for said, *_ in setup.sentences]) if setup else [])
        self.decks = {d.id: d for d in game.decks}
        self.unknown: dict[str, str] = {}  # an unknown icon's name -> what is said of it
        self.at = Where(book.file)  # the block being laid out
        self.text_width = TEXT_WIDTH

    def markup(self, inline: Inline, check: Where | None = None) -> str:
        out: list[str] = []
        for part in inline:
            if isinstance(part, Expr):
                out.append(self.value(part))
            elif isinstance(part, Unsupported):
                self.problems.add(part.where, f"{part.what}: the rulebook draws no image files; show a card or a "
                                  "board with ```pnp face deck/card```, an icon as :name:", "rulebook")
            elif isinstance(part, IconRef):
                if part.name not in self.icons:
                    self.problems.add(part.where, self.no_icon(part.name), "rulebook")
                    out.append(f"\\:{part.name}:")  # said once, here
                else:
                    out.append(f":{part.name}:")
            else:
                if check is not None:
                    self.problems.extend(typed_numbers(part, check, self.game, self.words, self.held, self.book.find))
                out.append(part)
        said = "".join(out)
        try:  # what the cards' renderer will read: a value, a caption or a legend line may not be markup it can
            parse(said, None, "", self.icons)
        except MarkupError as exc:
            self.problems.add(check or self.at, f"{exc}: {echo(said)}", "rulebook")
            return literal(said)
        return said

    def no_icon(self, name: str) -> str:
        """What is said of an unknown icon, worked out once for each name (a rulebook may use it thousands of times)."""
        if name not in self.unknown:
            self.unknown[name] = f"no icon :{name}: in the game's icon set{did_you_mean(name, self.icons)}"
        return self.unknown[name]

    def value(self, e: Expr) -> str:
        from pnp.model.expressions.evaluate import explanation, expression

        try:
            return shown(expression(e.source.strip())(**self.names))
        except Exception as exc:  # a syntax error, an undefined name, a refused attribute, a missing count
            said = str(exc) if isinstance(exc, LookupError) and "count(" in str(exc) else \
                explanation("{{" + e.source + "}}", exc, self.names)
            self.problems.add(e.where, said, "rulebook")
            return "?"

    def card(self, ref: str, where: Where) -> tuple[str, str] | None:
        """`deck/card`, a card id, or a deck id (its first card)."""
        deck_id, _, card_id = ref.partition("/")
        if not card_id:
            if ref in self.decks and self.decks[ref].cards:
                deck_id, card_id = ref, self.decks[ref].cards[0].id
            else:
                deck_id = next((d for d, c in self.faces if c == ref), "")
                card_id = ref
        if (deck_id, card_id) in self.faces:
            return deck_id, card_id
        known = [f"{d}/{c}" for d, c in self.faces]
        self.problems.add(where, f"no card {ref!r} is printed (write deck/card, e.g. {known[0] if known else '-'})"
                          f"{did_you_mean(ref, known + list(self.decks))}", "rulebook")
        return None

    def width(self, block: RulebookBlock, default: float) -> float:
        try:
            return parse_length(block.args["width"], 0) if "width" in block.args else default
        except ValueError as exc:
            self.problems.add(block.where, f"width={block.args['width']}: {exc}", "rulebook")
            return default


PICTURE = 30 * MM  # a component's picture in the contents
LEAST = 25 * MM  # and never narrower than this (a tall standee is drawn taller): it reads
TALL = 1.75  # its height at most this times its width (a tarot card's 1.71 is kept whole)
WIDE = 2.5  # a piece this many times as wide as it is tall (a track) goes across the page
TEXT_WIDTH = 174 * MM  # the width of the rulebook's text on A4 (pnp/output/document/book_pages.py: paper less margins)
