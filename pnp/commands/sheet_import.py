"""`pnp import SHEET --deck ID`: a spreadsheet's rows as a canonical YAML deck, for designers moving over.

- `--game GAME` with a deck ID the game has: the rows are typed and checked by that deck's `fields:`
  (every mistake at its cell, as `pnp check` says it) and the deck file comes back with `cards:` in
  place of `cards_from:`. Only that deck is read: the game's other decks may be in any state.
- `--game GAME` with a new ID: a deck that builds at once. Its fields are inferred from the values
  (pnp/model/spreadsheets/infer.py), the deck file is written to cards/GAME/ with the `$schema` line `pnp new`
  writes, its template is `--template` (which must exist) or a plain front made for its fields under
  templates/GAME/, and the deck is added to game.yaml's `decks:` (and `contents:`).
- no `--game`: the new deck's text, to print or write with `--out`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from pnp.commands.deck_files import add_to_manifest, template_names
from pnp.commands.import_icons import GameIcons, add_icons, game_icons, icon_problems
from pnp.commands.import_layout import check_template, face_size, front_template, game_faces
from pnp.core.errors import InputError, Problem, Problems, Where, did_you_mean
from pnp.model.game import Deck, deck_from_doc, read_card, slug
from pnp.model.load import display_path, load_file
from pnp.model.project import GAME_ID, OUTSIDE, check_game_id, no_game, outside
from pnp.model.schema.fields import card_hints
from pnp.model.schema.reader import Reader
from pnp.model.spreadsheets.decks import (
    SheetDoc,
    SheetError,
    Worksheet,
    cell_problems,
    read_sheet,
    split_source,
    typed_cards,
)
from pnp.model.spreadsheets.infer import infer_fields


@dataclass
class Imported:
    text: str  # the deck file
    written: list[str] = field(default_factory=list)  # files written or changed (a new deck added to a game)
    notes: list[str] = field(default_factory=list)  # what was found and is worth saying
    cards: int = 0  # the cards written
    rows: int = 0  # the sheet's data rows (below the header, not blank)


def import_sheet(root: Path, source: str, deck_id: str, game: str | None = None, template: str | None = None,
                 out: Path | None = None, header_row: int | None = None, add_icons: bool = False) -> Imported:
    """Deck `deck_id` with the cards of `source` (a path from here, `file.xlsx#Sheet`); `header_row`: the row that
    names the fields (else the deck's `header_row:`, else the first row of two cells or more); `add_icons`: a
    placeholder for each icon the cells name that the game's set lacks, added to the set."""
    done = _import(root, source, deck_id, game, template, out, header_row, add_icons)
    done.cards = len((yaml.safe_load(done.text) or {}).get("cards") or [])
    return done


def _import(root: Path, source: str, deck_id: str, game: str | None, template: str | None, out: Path | None,
            header_row: int | None, add_icons: bool) -> Imported:
    if not GAME_ID.fullmatch(deck_id):
        raise InputError([Problem(None, f"--deck {deck_id!r} is not a deck id: use lower-case letters, digits and "
                                  f"dashes ({slug(deck_id) or 'abilities'!r})")])
    file, sheet_name = split_source(source)
    path = Path(file).resolve()
    if outside(root, path):
        raise InputError([Problem(Where(file), f"{file!r} {OUTSIDE}")])
    spec = f"{path.name}#{sheet_name}" if sheet_name else path.name
    existing = _game_deck(root, game, deck_id) if game is not None else None
    fields = list(existing.spec.fields) + ["id", "copies"] if existing is not None else []
    if header_row is None and existing is not None:
        header_row = existing.spec.header_row
    try:
        sheet, _ = read_sheet(path.parent, root, spec, Where(display_path(path, root)), header_row, fields)
    except SheetError as exc:
        raise InputError([exc.problem]) from None
    notes = [f"{sheet.where()}: the fields are named in row {sheet.header_row} (the rows above it, a title, are "
             "skipped)"] if sheet.skipped else []
    icons = game_icons(root, game) if game is not None else None
    if existing is not None:
        text = _into_deck(existing, sheet, path, root)
        added = _icons(sheet, {n: fs.type for n, fs in existing.spec.fields.items()}, icons, root, add_icons)
        notes += [f"placeholder icons added: {', '.join(added)} (draw them there)"] if added else []
        return Imported(text, notes=notes, rows=len(sheet.rows))
    renamed, declared, cards = _new_cards(sheet)
    if template is not None and (game is not None or template in template_names(root)):
        _check_template(root, template, declared, sheet)
    if game is None:
        text = _deck_text(deck_id, declared, cards, None, template or deck_id, None)
        return Imported(text, notes=notes, rows=len(sheet.rows))
    done = _add_to_game(root, game, deck_id, (declared, cards), template, out, notes,
                        lambda: _icons(renamed, {n: f["type"] for n, f in declared.items()}, icons, root, add_icons))
    done.rows = len(sheet.rows)
    return done


def _check_template(root: Path, template: str, fields: dict[str, dict[str, Any]], sheet: Worksheet) -> None:
    names = template_names(root)
    if template not in names:
        raise InputError([Problem(None, f"--template {template!r}: no such template under templates/"
                                  f"{did_you_mean(template, names)}")])
    check_template(root, template, fields, str(sheet.where()))


def _icons(sheet: Worksheet, kinds: dict[str, str], icons: GameIcons | None, root: Path, add: bool) -> list[str]:
    """The icons the cells name that the game lacks: an error at each one's first cell, or, with `add`, a
    placeholder added for each (the files changed)."""
    if icons is None:
        return []
    missing = icon_problems(sheet, kinds, icons, root)
    if missing and not add:
        raise InputError(list(missing.values()))
    return add_icons(list(missing), icons, root) if missing else []


def _game_deck(root: Path, game: str, deck_id: str) -> Deck | None:
    """Deck `deck_id` of `game`, read alone (the game's other decks are not read); None when it has none."""
    check_game_id(game)
    game_dir = root / "cards" / game
    manifest = game_dir / "game.yaml"
    if not manifest.is_file():
        raise no_game(root, game)
    data = load_file(manifest, root).data
    decks = data.get("decks") if isinstance(data, dict) else None
    for name in decks if isinstance(decks, list) else []:
        path = game_dir / str(name)
        if outside(root, path) or not path.is_file():
            continue
        try:
            data = load_file(path, root)
        except InputError:
            continue  # another deck, broken: not this one's business
        if isinstance(data.data, dict) and data.data.get("id") == deck_id:
            problems = Problems()
            data.data.pop("cards_from", None)  # its cards are the sheet's, read below
            deck = deck_from_doc(data, problems, root, game_dir)
            problems.raise_if_errors()
            return deck
    return None


def _into_deck(deck: Deck, sheet: Worksheet, path: Path, root: Path) -> str:
    spec = deck.spec
    kinds = {name: fs.type for name, fs in spec.fields.items()} | {"id": "text", "copies": "integer"}
    unknown = [(name, col) for name, col in sheet.columns.items() if name not in kinds]
    problems = Problems()
    for name, col in unknown:
        problems.add(sheet.where(sheet.header_row, col), f"unknown field {name!r}{did_you_mean(name, kinds)} (the "
                     f"deck's fields: {', '.join(spec.fields)})")
    problems.raise_if_errors()
    raws, bad = typed_cards(sheet, kinds)
    problems.extend(bad)
    place = SheetDoc(deck.doc, sheet, path, [p.where for p in bad if p.where])
    reader, hints = Reader(place), card_hints(spec.fields)
    cards = []
    for i, raw in enumerate(raws):
        if read_card(hints, raw, reader, ("cards", i)) is not None:
            cards.append({k: raw[k] for k in ("id", *spec.fields, "copies") if k in raw})
    problems.extend(cell_problems(place, reader.problems))
    problems.raise_if_errors()
    data = deck.doc.data or {}
    head = {k: v for k, v in data.items() if k not in ("fields", "cards", "cards_from", "header_row")}
    fields = _dump({"fields": data["fields"]}, flow=True) if data.get("fields") else ""
    first = (root / deck.doc.file).read_text().partition("\n")[0]  # keep the `$schema` line pnp new writes
    schema = first + "\n" if first.startswith("# yaml-language-server:") else ""
    return schema + _dump(head) + fields + _dump({"cards": cards})


def _new_cards(sheet: Worksheet) -> tuple[Worksheet, dict[str, dict[str, Any]], list[dict[str, Any]]]:
    """A new deck's cards from the sheet: the sheet with its columns named as fields, the fields inferred from
    the values, and the cards typed by them."""
    inferred = infer_fields(sheet)
    kinds = {name: f["type"] for name, f in inferred.fields.items()} | {"id": "text", "copies": "integer"}
    columns = {inferred.names[k]: c for k, c in sheet.columns.items()}
    renamed = Worksheet(sheet.file, sheet.name, sheet.header_row, columns,
                        [(r, {inferred.names[k]: v for k, v in cells.items()}) for r, cells in sheet.rows])
    cards, bad = typed_cards(renamed, kinds)
    if bad:
        raise InputError(bad)
    for card, (r, _) in zip(cards, renamed.rows, strict=True):
        if not card.get("id") and "name" not in card:  # a card needs an id or a name: the first column's value
            first = next(iter(card.values()), "")
            card["id"] = slug(str(first)) or f"row-{r}"
    order = ("id", *inferred.fields, "copies")
    return renamed, inferred.fields, [{k: card[k] for k in order if k in card} for card in cards]


def _deck_text(deck_id: str, fields: dict[str, dict[str, Any]], cards: list[dict[str, Any]], game: str | None,
               template: str, back: str | None) -> str:
    head = {"id": deck_id, "name": deck_id.replace("-", " ").capitalize(), "template": template,
            **({"back": back} if back else {}), "copies": 1}
    schema = f"# yaml-language-server: $schema=../../schemas/{game}/{deck_id}.schema.json\n" if game else ""
    note = "" if game else "# made by `pnp import`: set `template:` to the front template's name under templates/\n"
    return schema + note + _dump(head) + _dump({"fields": fields}, flow=True) + _dump({"cards": cards})


def _add_to_game(root: Path, game: str, deck_id: str, new: tuple[dict[str, dict[str, Any]], list[Any]],
                 template: str | None, out: Path | None, notes: list[str],
                 icons: Callable[[], list[str]]) -> Imported:
    """Write the new deck into the game: its file, its template, and its line in game.yaml; the checks first
    (the deck's place, the template, the icons), so that a refused import writes nothing (but where game.yaml's
    `decks:` is written so that pnp cannot add to it: then the front and icons it made stay)."""
    fields, cards = new
    game_dir = root / "cards" / game
    deck_path = (out if out is not None else game_dir / f"{deck_id}.yaml").resolve()
    if deck_path.parent != game_dir.resolve():
        raise InputError([Problem(None, f"--out {out}: a deck of {game} is a file in cards/{game}/")])
    if deck_path.exists():
        raise InputError([Problem(Where(display_path(deck_path, root)), "exists; choose another --deck or --out, or "
                                  "move it away first")])
    own, back = game_faces(root, game, fields)
    front = template or own or f"{game}/{deck_id}"
    template_path = root / "templates" / f"{front}.yaml"
    made = None if template_path.exists() else front_template(deck_id, fields, face_size(root, back))
    written = icons()  # (the last check: it writes the icons it adds)
    if own is not None and template is None:
        notes.append(f"the deck prints with the game's front {own!r}: every field it reads is a column")
    if made is not None:
        template_path.parent.mkdir(parents=True, exist_ok=True)
        template_path.write_text(made)
        written.insert(0, display_path(template_path, root))
    text = _deck_text(deck_id, fields, cards, game, front, back)
    count = sum(card.get("copies", 1) for card in cards)
    manifest = add_to_manifest(game_dir / "game.yaml", deck_path.name, deck_id, count, root)
    deck_path.write_text(text)
    return Imported(text, list(dict.fromkeys([display_path(deck_path, root), *written, manifest])), notes)


def _dump(data: dict[str, Any], flow: bool = False) -> str:
    if flow:  # one field per line: `cost: {type: integer}`
        lines = [f"  {k}: " + yaml.safe_dump(v, default_flow_style=True, sort_keys=False, width=100_000,
                                             allow_unicode=True).strip()
                 for k, v in data["fields"].items()]
        return "fields:\n" + "".join(line + "\n" for line in lines)
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100_000, default_flow_style=False)
