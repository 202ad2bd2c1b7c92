"""Stage 2, model: raw YAML trees -> a typed game (manifest, decks, cards).

Card fields are declared per deck (`fields:`), so a deck's cards are checked against that declaration: an unknown
field, a wrong type or a missing value is reported with its file:line:col and its path (`cards[3].cost`)."""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pnp.core import bounds
from pnp.core.errors import InputError, Problems, Where, did_you_mean
from pnp.model.card_names import named_problems, slug
from pnp.model.data_tables import load_tables
from pnp.model.deck_memo import context_of, kept_deck
from pnp.model.dial_spec import DialSpec
from pnp.model.effects.effect_steps import card_effect
from pnp.model.effects.effect_words import EffectWords, word_problems
from pnp.model.effects.verbs import GameVerb, Verb, game_verbs
from pnp.model.expressions.card_exprs import evaluated, expressions, names_of
from pnp.model.load import Doc, load_file
from pnp.model.project import OUTSIDE, check_game_id, confined, no_game, outside
from pnp.model.schema.fields import PAPERS, FieldSpec, Id, Length, card_hints, field_problems
from pnp.model.schema.kinds import Kind
from pnp.model.schema.reader import Check, Reader, read
from pnp.model.translation.codes import language_problems
from pnp.model.units import MM, is_colour_code, palette_colour

_HEX_JSON = {"type": "string", "pattern": "^#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$"}
PaletteColour = Annotated[str, Check(convert=palette_colour, json={  # "#rrggbb", or with its PDF/X inks
    "anyOf": [_HEX_JSON, {"type": "object", "additionalProperties": False, "required": ["rgb"], "properties": {
        "rgb": {**_HEX_JSON, "description": "the colour on screen and in an RGB build, #rrggbb"},
        "cmyk": {"type": "array", "minItems": 4, "maxItems": 4,
                 "items": {"type": "number", "minimum": 0, "maximum": 100},
                 "description": "the inks of a PDF/X build, percent: [c, m, y, k]"}}}],
    "description": "a colour, #rrggbb; or {rgb: #rrggbb, cmyk: [c, m, y, k]}: the inks it prints with in PDF/X"})]

TemplateName = Annotated[str | None, Kind("template", expression=False)]


@dataclass(repr=False, eq=False)
class FontFamily:
    """A font family: a TrueType file of fonts/ for each style."""
    regular: str  # TrueType file in fonts/ for plain text
    bold: str | None = None  # for **bold** (falls back to regular)
    italic: str | None = None  # for *italic* (falls back to regular)
    bold_italic: str | None = None  # falls back to bold
    fallback: list[str] = field(default_factory=list)  # fonts for characters the family lacks (symbols, scripts)


@dataclass(repr=False, eq=False)
class GlossaryTerm:
    """A glossary term and its other spellings."""
    term: str  # the word or phrase, as written in card text
    forms: list[str] = field(default_factory=list)  # other spellings styled the same (plurals)
    means: str = ""  # what it means, in a sentence: the rulebook's glossary prints it beside the term


@dataclass(repr=False, eq=False)
class Glossary:
    """Words styled the same way wherever a card text says them."""
    style: Literal["bold", "italic", "bold_italic", "regular"] = "bold"  # how the terms are set
    color: str | None = None  # palette name or #rrggbb
    terms: list[str | GlossaryTerm] = field(default_factory=list)  # the terms: a word, or {term, forms}


@dataclass(repr=False, eq=False)
class Players:
    """How many players the game takes."""
    min: Annotated[int, Check(ge=1)] = 1  # the fewest players
    max: Annotated[int, Check(ge=1)] = 1  # the most players


@dataclass
class PrintSettings:
    """How the game prints: paper, margins, bleed, duplex, marks."""
    paper: Literal["A4", "letter", "A3", "tabloid"] = "A4"  # the paper size
    papers: list[Literal["A4", "letter", "A3", "tabloid"]] = field(default_factory=list)  # every paper it is
    # published on: `pnp check --print` preflights each ([]: `paper` alone)
    margin: Annotated[Length, Check(*bounds.MARGIN, mm=True)] = 5 * MM  # printable margin on every side
    bleed: Annotated[Length, Check(*bounds.BLEED, mm=True)] = 3 * MM  # art beyond the trim line on every face
    duplex: Literal["long", "short", "none"] = "long"  # long or short: the edge the backs flip on; none: no backs
    cut_marks: bool = True  # cut marks outside the grid of faces
    mark_length: Annotated[Length, Check(*bounds.MARK_LENGTH, mm=True)] = 5 * MM  # a cut mark's length
    mark_offset: Annotated[Length, Check(*bounds.MARK_OFFSET, mm=True)] = 1 * MM  # between a mark and the bleed
    mark_width: Annotated[Length, Check(*bounds.MARK_WIDTH, mm=True)] = 0.5  # a cut mark's line width
    gap: Literal["auto", "none", "bleed"] = "auto"  # none: abut; bleed: 2 x bleed apart; auto: fits more
    center: bool = True  # the grid of faces centred on the page (else from the top-left margin)
    document: bool = True  # also write <game>-pnp.pdf: cover, checklist, instructions and every component
    pads: Literal["back-to-back", "one-sided"] = "back-to-back"  # write-in pages: back to back, or blank backs
    # in the document (back to back: behind each write-in page another, of a different pad where there are two)
    contrast: Annotated[float, Check(*bounds.CONTRAST)] = 2.0  # text stands out this much (WCAG ratio) from what
    # lies under it, or the preflight says so; 4.5 is WCAG AA (large text, 18 pt or 14 pt bold, is held to 3 at most)

    def overridden(self, paper: str | None = None, duplex: str | None = None, bleed: bool = True) -> PrintSettings:
        """These settings with the command line's choices (`--paper`, `--duplex`, `--no-bleed`)."""
        s = dataclasses.replace(self)
        if paper:
            s.paper = {k.lower(): k for k in PAPERS}[paper.lower()]  # type: ignore[assignment]
        if duplex:
            s.duplex = duplex  # type: ignore[assignment]
        if not bleed:
            s.bleed = 0.0
        return s


@dataclass(repr=False, eq=False)
class ContentItem:
    """One line of the rulebook's component list."""
    count: int | None = None  # required unless `stated: false`
    printed: bool = True  # false: not printed (ordinary dice, pencils): listed in the checklist only
    note: str = ""  # said beside it in the checklist
    stated: bool = True  # false: the rulebook names it but states no count (`count`, if given, is ours)
    listed: int | None = None  # the rulebook's own component list says this where its rules need `count`: both shown


@dataclass(repr=False, eq=False)
class Manifest:
    """A game's game.yaml: its name, players, fonts, palette, decks and print settings."""
    name: str  # the game's name, on the cover and in every file's title
    version: str = "0.1"  # the game's version, stamped on playtest builds
    players: Players | None = None  # how many may play
    minutes: str | None = None  # how long a game takes ("30-45"), on the rulebook's cover
    age: Annotated[int | None, Check(ge=1, le=99)] = None  # the youngest it is for (12: "ages 12+" on the cover)
    fonts: dict[str, FontFamily] = field(default_factory=dict)  # font families by name: TrueType files in fonts/
    palette: dict[str, PaletteColour] = field(default_factory=dict)  # colours by name (#rrggbb), for templates and
    # rules to name; one given with its inks (`{rgb: ..., cmyk: [c, m, y, k]}`) is a Swatch: its `cmyk` for PDF/X
    glossary: Glossary = field(default_factory=Glossary)
    icons: str | None = None  # icon set file inside the game folder
    decks: list[str] = field(default_factory=list)  # deck files inside the game folder
    contents: dict[str, int | ContentItem] = field(default_factory=dict)  # the rulebook's component list

    def content(self) -> dict[str, ContentItem]:
        """The contents list with every entry spelled out."""
        return {k: v if isinstance(v, ContentItem) else ContentItem(v) for k, v in self.contents.items()}
    data: dict[str, str] = field(default_factory=dict)  # data tables by name: files in the game folder
    credits: list[str] = field(default_factory=list)  # lines in the document's credits: art and font attributions
    print: PrintSettings = field(default_factory=PrintSettings)
    placeholders: list[str] = field(  # text that marks unfinished work: highlighted, warned of, refused by --final
        default_factory=lambda: ["[NAME PENDING]", "TODO", "TBD", "???", "XXX"])
    verbs: dict[str, GameVerb] = field(default_factory=dict)  # the game's own verbs for its cards' effects
    words: EffectWords = field(default_factory=EffectWords)  # how the effects' sentences say places and names
    languages: Annotated[list[str], Check(le=bounds.LANGUAGES)] = field(default_factory=list)  # [en, fr, de]:
    # ISO 639-1 codes, the source first; each other's words in lang/<code>/ (docs/translating.md)
    names: Literal["translated", "both"] = "translated"  # both: the source's name printed small under a title
    fit: dict[str, Annotated[float, Check(ge=0.5, le=1.0)]] = field(default_factory=dict)  # a language -> how far
    # below its `min_size` a text may shrink in it (0.85: to 85 %), for the languages that run long


@dataclass(repr=False, eq=False)
class Seams:
    """Where a board larger than the paper may be cut into tiles (see docs/printing.md)."""

    avoid: list[str | tuple[Length, Length, Length, Length]] = field(default_factory=list)  # no seam crosses these:
    # template element names (every box they draw) or [x, y, w, h] boxes on the board
    tab: Annotated[Length, Check(ge=3 * MM, le=20 * MM, mm=True)] = 7 * MM  # the glue tab under each seam


@dataclass(repr=False, eq=False)
class Sides:
    """What the table calls a deck's two sides (`sides: {front: A, back: B}`): `pnp setup` says "side A up"."""

    front: str = "front"  # the front's name at the table (`A`)
    back: str = "back"  # the back's name at the table (`B`)


@dataclass(repr=False, eq=False)
class DeckFile:
    """A deck file: its fields, templates and cards (or the sheet they come from)."""
    id: Id  # the deck's id: lower-case letters, digits and dashes
    name: str  # the deck's name, as the document and the checklist say it
    template: TemplateName = None  # the faces' template; required, except for dice (drawn from their net)
    back: TemplateName = None  # the backs' template (default: no backs)
    kind: Literal["cards", "tokens", "board", "die", "sheet", "dial"] = "cards"  # how faces are put on paper
    shape: Literal["rect", "round"] = "rect"  # tokens: the cut line's shape
    pack: Literal["auto", "none", "pieces"] = "auto"  # the pnp document: share sheets with like pieces, or not
    instructions: str | None = None  # a line for the document's "Cutting and building" (fold, glue, ...)
    die: str | None = None  # dice: d6, d8 or d10
    edge: Length | None = None  # dice: the net's edge (for a d10, the kites' long edges)
    faces: str | None = None  # dice: the data table whose `faces:` list gives each face's colour, number, symbol
    seams: Seams | None = None  # boards: where the tiles' seams may not run, and their glue tab
    wheel: TemplateName = None  # dials: the wheel's template (its decoration; the engine prints the values)
    dial: DialSpec | None = None  # dials: the geometry (pnp/model/dial_spec.py)
    copies: Annotated[int, Check(ge=0)] = 1  # copies of every card (a card's own `copies` wins)
    title: str | None = None  # how `pnp setup` names a card: an expression such as "{{ card.number }}"; else name or id
    sides: Sides | None = None  # the sides' names at the table (`{front: A, back: B}`); setup steps may use them
    fields: dict[str, FieldSpec] = field(default_factory=dict)  # the cards' fields: type, required, default
    cards: list[dict[str, Any]] = field(default_factory=list)  # the cards: each a mapping of the deck's fields
    cards_from: str | None = None  # the cards as a sheet's rows: a file in the game folder, `abilities.xlsx#Abilities`
    header_row: Annotated[int, Check(ge=1)] | None = None  # cards_from: the row naming the fields (else found)


COPIES = Annotated[int, Check(ge=0)]


@dataclass(repr=False, eq=False)
class Card:
    """One card of a deck, as its deck file declares it (part of the public rule API)."""

    id: str  # its `id`, or its name made an id
    copies: int  # how many are printed
    data: dict[str, Any]  # every declared field, typed (defaults filled in), and `id`
    where: Where  # the card's line in its deck file
    index: int  # its place in the deck file's `cards:` list
    effect: Any = None  # what it does in play: its `effect:` as steps (pnp/model/effects/), () for `none`, None unsaid


@dataclass(repr=False, eq=False)
class Deck:
    """A component: its cards (or tokens, tiles, sheets, die faces) from one deck file (public rule API)."""

    id: str
    name: str
    template: str | None
    back: str | None
    cards: list[Card]
    doc: Doc  # the deck file: `doc.where(("cards",))` locates any node of it
    spec: DeckFile  # everything the deck file says (kind, fields, copies, ...)

    def where(self, card: Card, name: str = "") -> Where:
        """The place of a card, or of one of its fields, in the deck file."""
        return self.doc.where(("cards", card.index, name) if name else ("cards", card.index))

    @property
    def faces(self) -> int:
        """Printed pieces: every card's copies added up."""
        return sum(card.copies for card in self.cards)


@dataclass(repr=False, eq=False)
class Game:
    """A whole game, typed and located (the `game` a custom rule receives)."""

    id: str
    root: Path  # the project folder
    dir: Path  # cards/<game>/
    manifest: Manifest  # game.yaml: name, version, players, palette, contents, print settings
    doc: Doc  # game.yaml itself, for places
    decks: list[Deck] = field(default_factory=list)
    data: dict[str, Doc] = field(default_factory=dict)  # data tables by name: `.data` the values, `.where(path)`

    def deck(self, deck_id: str) -> Deck:
        """The deck with this id; a KeyError naming the game's decks when there is none."""
        for deck in self.decks:
            if deck.id == deck_id:
                return deck
        ids = [d.id for d in self.decks]
        raise KeyError(f"no deck {deck_id!r} in {self.id} (decks: {', '.join(ids)}){did_you_mean(deck_id, ids)}")


def read_card(hints: dict[str, tuple[Any, bool, Any]], raw: Any, reader: Reader, path: tuple,
              later: dict[str, str] | None = None) -> dict[str, Any] | None:
    """One card's fields, typed (those in `later`, expressions, are left to card_exprs); None when it is not valid."""
    if not isinstance(raw, dict):
        reader.fail(path, f"expected a mapping of fields, got {raw!r}")
        return None
    required = {name for name, (_, needed, _) in hints.items() if needed}
    typos = reader.unknown_keys(raw, {"id", "copies", "name", "effect", *hints}, path, "declare it under `fields:`",
                                required)
    every = [("id", Id, False, None), ("copies", COPIES, False, None), *((name, *spec) for name, spec in hints.items())]
    if "effect" in raw and "effect" not in hints:  # what the card does in play (pnp/model/effects/), read by its deck
        every.append(("effect", Any, False, None))
    if "name" in raw and "name" not in hints:  # a card may be named without declaring it (a board, a sheet)
        every.append(("name", str, False, None))
    data, bad_field = reader.fields(raw, [f for f in every if not later or f[0] not in later], path, typos or ())
    return None if typos is not None or bad_field else data


def _load_deck(path: Path, root: Path, problems: Problems, names: dict[str, Any], verbs: dict[str, Verb],
               words: EffectWords) -> Deck | None:
    try:
        doc = load_file(path, root)
    except InputError as exc:
        problems.extend(exc.problems)
        return None
    return deck_from_doc(doc, problems, root, path.parent, names, verbs, words)  # (kept: pnp/model/deck_memo.py)


def deck_from_doc(doc: Doc, problems: Problems, root: Path | None = None, game_dir: Path | None = None,
                  names: dict[str, Any] | None = None, verbs: dict[str, Verb] | None = None,
                  words: EffectWords | None = None) -> Deck | None:
    """A deck from its parsed file (also an older version of it, from git: a deck from a sheet then has no cards).
    `names`: what card fields written as expressions read (`game`, `data`: `card_exprs.names_of`), or no table."""
    spec, found = read(DeckFile, doc.data, doc)
    problems.extend(found)
    if spec is None:
        return None
    if spec.template is None and spec.kind != "die":
        problems.add(doc.where(), "missing required field", "template")
    if (spec.kind == "dial") != (spec.dial is not None) or (spec.kind == "dial") != (spec.wheel is not None):
        problems.add(doc.where(("kind",)), "a dial (`kind: dial`) has a `wheel` template and a `dial:` geometry, "
                     "and only a dial has them", "kind")
    if spec.kind == "dial" and spec.back:
        problems.add(doc.where(("back",)), "a dial has no back: its wheel is printed on a sheet of its own", "back")
    if spec.kind == "die" and not (spec.die and spec.faces):
        problems.add(doc.where(), "a die needs `die` (d6, d8 or d10) and `faces` (a data table)", "die")
    declared = [(name, path, message) for name, fs in spec.fields.items() for path, message in field_problems(name, fs)]
    for name, path, message in declared:
        problems.add(doc.where(("fields", name, *path)), message, ".".join(map(str, ("fields", name, *path))))
    if declared:  # the cards are checked once their fields are declared right
        return None
    hints = card_hints(spec.fields)
    raws, place = spec.cards, doc
    if spec.cards_from is not None and root is not None and game_dir is not None:
        from pnp.model.spreadsheets.decks import cell_problems, sheet_cards

        raws, place = sheet_cards(doc, spec, root, game_dir, problems)
    reader = Reader(place)
    cards: list[Card] = []
    seen: dict[str, int] = {}
    texts = {name for name, fs in spec.fields.items() if fs.type == "text"}
    for i, raw in enumerate(raws):
        later = expressions(raw, texts)  # fields written as expressions: evaluated once the others are read
        data = read_card(hints, raw, reader, ("cards", i), later)
        if data is not None and later:
            data = evaluated(data, later, {"copies": COPIES} | {k: h for k, (h, _, _) in hints.items()}, names,
                             reader, ("cards", i))
        if data is None:
            continue
        card_id = data.pop("id") or slug(str(data.get("name") or ""))
        copies = data.pop("copies")
        if not card_id:
            problems.add(place.where(("cards", i)), "a card needs an `id` or a `name`", f"cards[{i}]")
            continue
        if card_id in seen:
            first = f"cards[{seen[card_id]}]" if place is doc else str(place.where(("cards", seen[card_id])))
            problems.add(place.where(("cards", i)), f"card id {card_id!r} is used twice (first at {first}); give "
                         "one of them its own `id`", f"cards[{i}]")
        seen[card_id] = i
        effect = card_effect(data.pop("effect", None), place, i, card_id, data, problems, verbs, words) \
            if "effect" not in hints else None
        data["id"] = card_id
        cards.append(Card(card_id, spec.copies if copies is None else copies, data,
                          place.where(("cards", i)), i, effect))
    problems.extend(named_problems(reader.problems, raws) if place is doc else cell_problems(place, reader.problems))
    return Deck(spec.id, spec.name, spec.template, spec.back, cards, place, spec)


def load_game(root: Path, game_id: str) -> Game:
    """Read and type-check every file of a game; raise InputError listing every problem."""
    check_game_id(game_id)
    game_dir = root / "cards" / game_id
    manifest_path = game_dir / "game.yaml"
    confined(root, manifest_path, Where(f"cards/{game_id}/game.yaml"), f"cards/{game_id}/game.yaml")
    if not manifest_path.is_file():
        raise no_game(root, game_id)
    doc = load_file(manifest_path, root)
    manifest, found = read(Manifest, doc.data, doc)
    problems = Problems()
    problems.extend(found)
    if manifest is None:
        problems.raise_if_errors()
    assert manifest is not None
    if manifest.players and manifest.players.min > manifest.players.max:
        problems.add(doc.where(("players", "min")), f"min {manifest.players.min} is above max "
                     f"{manifest.players.max}: swap them", "players.min")
    for name, value in manifest.palette.items():
        if not is_colour_code(value):
            problems.add(doc.where(("palette", name)), f"{value!r} is not a colour: write it as \"#rrggbb\" (or "
                         "\"#rgb\", and \"#rrggbbaa\" with an alpha), in quotes", f"palette.{name}")
    game = Game(game_id, root, game_dir, manifest, doc)
    # first the data tables (a card's field may be an expression over the data); the game folder's other files
    # are no table's near names
    taken = {"game.yaml", "rules.yaml", *([manifest.icons] if manifest.icons else []), *manifest.decks}
    game.data, data_problems = load_tables(root, game_dir, doc, manifest.data, taken)
    names = names_of(game_id, manifest.name, manifest.palette, {name: d.data for name, d in game.data.items()})
    verbs, words = game_verbs(manifest.verbs, doc.where, problems), manifest.words
    word_problems(words, doc.where, problems)
    language_problems(manifest.languages, doc.where, problems, manifest.fit)
    ids: dict[str, str] = {}
    context = context_of(root, [manifest_path, *(game_dir / f for f in manifest.data.values())])
    for i, name in enumerate(manifest.decks):
        path = game_dir / name
        if outside(root, path):
            problems.add(doc.where(("decks", i)), f"deck file {name!r} {OUTSIDE}", f"decks[{i}]")
            continue
        if not os.path.exists(path):
            problems.add(doc.where(("decks", i)), f"deck file {name!r} not found in cards/{game_id}/",
                         f"decks[{i}]")
            continue
        deck = kept_deck(path, root, context, problems, lambda f: _load_deck(path, root, f, names, verbs, words))  # noqa: B023
        if deck is None:
            continue
        if deck.id in ids:
            problems.add(deck.doc.where(("id",)), f"deck id {deck.id!r} is also used by {ids[deck.id]}", "id")
        ids[deck.id] = deck.doc.file
        game.decks.append(deck)
    problems.extend(data_problems)  # (said after the decks', as they always were)
    problems.raise_if_errors()
    return game
