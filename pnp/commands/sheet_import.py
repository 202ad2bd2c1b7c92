"""`pnp import SHEET --deck ID`: a spreadsheet's rows as a canonical YAML deck, for designers moving over.

With `--game GAME` naming a game that has deck ID, the rows are typed and checked by that deck's
`fields:` (every mistake at its cell, as `pnp check` says it) and the deck file comes back with
`cards:` in place of `cards_from:`. Otherwise each column's type is inferred from its values
(integer, number, boolean, else text) and a new deck file is written around them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from pnp.errors import InputError, Problem, Problems, Where, did_you_mean
from pnp.model.game import Deck, card_hints, load_game, read_card, slug
from pnp.model.load import display_path
from pnp.model.project import GAME_ID, OUTSIDE, outside
from pnp.model.schema import Reader
from pnp.model.sheets import Sheet, SheetDoc, SheetError, cell_subject, read_sheet, split_source, typed


def import_sheet(root: Path, source: str, deck_id: str, game: str | None = None) -> str:
    """The YAML text of deck `deck_id` with the cards of `source` (a path from here, `file.xlsx#Sheet`)."""
    if not GAME_ID.fullmatch(deck_id):
        raise InputError([Problem(None, f"--deck {deck_id!r} is not a deck id: use lower-case letters, digits and "
                                  f"dashes ({slug(deck_id) or 'abilities'!r})")])
    file, sheet_name = split_source(source)
    path = Path(file).resolve()
    if outside(root, path):
        raise InputError([Problem(Where(file), f"{file!r} {OUTSIDE}")])
    spec = f"{path.name}#{sheet_name}" if sheet_name else path.name
    try:
        sheet, _ = read_sheet(path.parent, root, spec, Where(display_path(path, root)))
    except SheetError as exc:
        raise InputError([exc.problem]) from None
    if game is not None:
        found = load_game(root, game)
        decks = {d.id: d for d in found.decks}
        if deck_id not in decks:
            raise InputError([Problem(Where(f"cards/{game}/game.yaml"), f"no deck {deck_id!r} in {game} (decks: "
                                      f"{', '.join(decks)}){did_you_mean(deck_id, decks)}; "
                                      "leave out --game to make a new deck")])
        return _into_deck(decks[deck_id], sheet, path)
    return _new_deck(deck_id, sheet)


def _into_deck(deck: Deck, sheet: Sheet, path: Path) -> str:
    spec = deck.spec
    kinds = {name: fs.type for name, fs in spec.fields.items()} | {"id": "text", "copies": "integer"}
    unknown = [(name, col) for name, col in sheet.columns.items() if name not in kinds]
    problems = Problems()
    for name, col in unknown:
        problems.add(sheet.where(sheet.header_row, col), f"unknown field {name!r} (the deck's fields: "
                     f"{', '.join(spec.fields)})")
    problems.raise_if_errors()
    place = SheetDoc(deck.doc, sheet, path)
    reader, hints = Reader(place), card_hints(spec.fields)
    cards = []
    for i, (_, cells) in enumerate(sheet.rows):
        raw = {k: typed(v, kinds[k]) for k, v in cells.items()}
        if read_card(hints, raw, reader, ("cards", i)) is not None:
            cards.append({k: raw[k] for k in ("id", *spec.fields, "copies") if k in raw})
    problems.extend(map(cell_subject, reader.problems))
    problems.raise_if_errors()
    data = deck.doc.data or {}
    head = {k: v for k, v in data.items() if k not in ("fields", "cards", "cards_from")}
    fields = _dump({"fields": data["fields"]}, flow=True) if data.get("fields") else ""
    return _dump(head) + fields + _dump({"cards": cards})


def _infer(values: list[Any]) -> str:
    for kind in ("integer", "number", "boolean"):
        if all(not isinstance(typed(v, kind), str) for v in values) and (
                kind != "boolean" or all(str(v).strip().lower() not in ("0", "1") for v in values)):
            return kind
    return "text"


def _new_deck(deck_id: str, sheet: Sheet) -> str:
    fields: dict[str, Any] = {}
    for name in sheet.columns:
        if name in ("id", "copies"):
            continue
        values = [cells[name] for _, cells in sheet.rows if name in cells]
        entry: dict[str, Any] = {"type": _infer(values)}
        if len(values) < len(sheet.rows):
            entry["required"] = False
        fields[name] = entry
    kinds = {name: f["type"] for name, f in fields.items()} | {"id": "text", "copies": "integer"}
    cards = [{k: typed(cells[k], kinds[k]) for k in ("id", *fields, "copies") if k in cells} for _, cells in sheet.rows]
    head = {"id": deck_id, "name": deck_id.replace("-", " ").capitalize(), "template": deck_id}
    return ("# made by `pnp import`: set `template:` to the front template's name under templates/\n"
            + _dump(head) + _dump({"fields": fields}, flow=True) + _dump({"cards": cards}))


def _dump(data: dict[str, Any], flow: bool = False) -> str:
    if flow:  # one field per line: `cost: {type: integer}`
        lines = [f"  {k}: " + yaml.safe_dump(v, default_flow_style=True, sort_keys=False, width=100_000).strip()
                 for k, v in data["fields"].items()]
        return "fields:\n" + "".join(line + "\n" for line in lines)
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100_000, default_flow_style=False)
