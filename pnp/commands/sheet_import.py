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

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from pnp.commands.deck_files import add_to_manifest, front_template, template_names
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
                 out: Path | None = None, header_row: int | None = None) -> Imported:
    """Deck `deck_id` with the cards of `source` (a path from here, `file.xlsx#Sheet`); `header_row`: the row that
    names the fields (else the deck's `header_row:`, else the first row of two cells or more)."""
    done = _import(root, source, deck_id, game, template, out, header_row)
    done.cards = len((yaml.safe_load(done.text) or {}).get("cards") or [])
    return done


def _import(root: Path, source: str, deck_id: str, game: str | None, template: str | None, out: Path | None,
            header_row: int | None) -> Imported:
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
    if existing is not None:
        return Imported(_into_deck(existing, sheet, path, root), notes=notes, rows=len(sheet.rows))
    text = _new_deck(deck_id, sheet, game, template or (f"{game}/{deck_id}" if game else deck_id))
    if game is None:
        return Imported(text, notes=notes, rows=len(sheet.rows))
    done = _add_to_game(root, game, deck_id, text, template, out, notes)
    done.rows = len(sheet.rows)
    return done


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


def _new_deck(deck_id: str, sheet: Worksheet, game: str | None, template: str) -> str:
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
    cards = [{k: card[k] for k in order if k in card} for card in cards]
    head = {"id": deck_id, "name": deck_id.replace("-", " ").capitalize(), "template": template, "copies": 1}
    schema = f"# yaml-language-server: $schema=../../schemas/{game}/{deck_id}.schema.json\n" if game else ""
    note = "" if game else "# made by `pnp import`: set `template:` to the front template's name under templates/\n"
    return schema + note + _dump(head) + _dump({"fields": inferred.fields}, flow=True) + _dump({"cards": cards})


def _add_to_game(root: Path, game: str, deck_id: str, text: str, template: str | None, out: Path | None,
                 notes: list[str]) -> Imported:
    """Write the new deck into the game: its file, its template, and its line in game.yaml."""
    game_dir = root / "cards" / game
    deck_path = (out if out is not None else game_dir / f"{deck_id}.yaml").resolve()
    if deck_path.parent != game_dir.resolve():
        raise InputError([Problem(None, f"--out {out}: a deck of {game} is a file in cards/{game}/")])
    if deck_path.exists():
        raise InputError([Problem(Where(display_path(deck_path, root)), "exists; choose another --deck or --out, or "
                                  "move it away first")])
    written = []
    if template is not None:
        names = template_names(root)
        if template not in names:
            raise InputError([Problem(None, f"--template {template!r}: no such template under templates/"
                                      f"{did_you_mean(template, names)}")])
    else:
        template_path = root / "templates" / game / f"{deck_id}.yaml"
        if not template_path.exists():
            data = yaml.safe_load(text)
            template_path.parent.mkdir(parents=True, exist_ok=True)
            template_path.write_text(front_template(deck_id, data["fields"]))
            written.append(display_path(template_path, root))
    count = sum(card.get("copies", 1) for card in yaml.safe_load(text)["cards"])
    manifest = add_to_manifest(game_dir / "game.yaml", deck_path.name, deck_id, count, root)
    deck_path.write_text(text)
    written[:0] = [display_path(deck_path, root)]
    written.append(manifest)
    return Imported(text, written, notes)


def _dump(data: dict[str, Any], flow: bool = False) -> str:
    if flow:  # one field per line: `cost: {type: integer}`
        lines = [f"  {k}: " + yaml.safe_dump(v, default_flow_style=True, sort_keys=False, width=100_000,
                                             allow_unicode=True).strip()
                 for k, v in data["fields"].items()]
        return "fields:\n" + "".join(line + "\n" for line in lines)
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100_000, default_flow_style=False)
