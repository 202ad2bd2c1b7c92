"""What the page shows, as JSON-ready data: the components and their faces, the contents checklist, the
rules report, and the located errors of a save that could not be laid out."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.commands.check_report import as_json
from pnp.core.errors import Problem
from pnp.model.translation.lang_files import languages_of
from pnp.model.units import to_mm
from pnp.rules.check import Checked

if TYPE_CHECKING:
    from pnp.commands.serve.live import Refreshed
    from pnp.layout.whole_game import Prepared
    from pnp.model.game import Card, Deck

MAX_SOURCE = 300  # characters of a YAML line shown under an error


def state(ref: Refreshed, since: dict[str, Any] | None = None) -> dict[str, Any]:
    """The page's data for a good look at the game (`ref.prep` is set)."""
    prep = ref.prep
    assert prep is not None
    game = prep.game
    checked = Checked(game, ref.found, _strict_ignores(game))
    report = json.loads(as_json([checked]))["games"][0]
    problems = report["errors"] + report["warnings"] + report["infos"]
    marks = _marks(prep, ref.found)
    before = (since or {}).get("before", {})
    changed = (since or {}).get("changed", {})
    components = []
    for deck, entries, size in prep.decks:
        cards: dict[str, dict[str, Any]] = {}
        for front, back, meta in entries:
            cid = str(meta["id"])
            if cid in cards:
                cards[cid]["copies"] += 1
                continue
            card = _card(deck, cid)
            cards[cid] = {
                "id": cid, "title": _title(card, cid), "copies": 1,
                "front": ref.keys[id(front)], "back": ref.keys[id(back)] if back is not None else None,
                "file": deck.doc.file, "line": card.where.line if card else 0, "col": card.where.col if card else 0,
                "source": card.where.file if card else deck.doc.file,  # a CSV deck's card: its sheet (the page edits)
                "data": _plain(card.data) if card else {},
                "problems": marks.get((deck.id, cid), []),
                "changed": cid in changed.get(deck.id, ()), "before": before.get((deck.id, cid)),
            }
        face = entries[0][0] if entries else None
        components.append({
            "id": deck.id, "name": deck.name, "kind": deck.spec.kind, "pieces": len(entries),
            "file": deck.doc.file, "template": deck.template, "back_template": deck.back,
            "template_files": _template_files(prep, deck.template), "back_files": _template_files(prep, deck.back),
            "w_mm": round(to_mm(size[0]), 2), "h_mm": round(to_mm(size[1]), 2),
            "bleed_mm": round(to_mm(face.bleed), 2) if face else 0.0, "safe_mm": _safe_mm(prep, deck),
            "cards": list(cards.values()),
        })
    codes = languages_of(getattr(game, "source", None) or game)
    return {"game": {"id": game.id, "name": game.manifest.name, "version": game.manifest.version},
            "languages": codes, "lang": getattr(game, "lang", "") or codes[0],
            "paper": prep.settings.paper, "components": components, "checklist": checklist(prep),
            "report": {"ok": report["ok"], "problems": problems}, "errors": [],
            "since": {"ref": since["ref"], "changed": sum(len(v) for v in changed.values()),
                      "note": since.get("note", "")} if since else None}


def errors(problems: list[Problem], root: Path) -> list[dict[str, Any]]:
    """Located errors for the overlay: file, line, column, what is wrong, and the line of the file itself."""
    out = []
    for p in problems:
        w = p.where
        out.append({"file": w.file if w else "", "line": w.line if w else 0, "col": w.col if w else 0,
                    "subject": p.subject, "message": p.message, "source": source_line(root, w.file, w.line) if w
                    else ""})
    return out


def source_line(root: Path, file: str, line: int) -> str:
    """The line `line` of a project file (empty if it is not one), cut to MAX_SOURCE characters."""
    if line < 1:
        return ""
    path = (root / file).resolve()
    if not path.is_relative_to(root.resolve()) or not path.is_file() or path.stat().st_size > 10_000_000:
        return ""
    with open(path, encoding="utf-8", errors="replace") as f:
        for number, text in enumerate(f, 1):
            if number == line:
                return text.rstrip("\n")[:MAX_SOURCE]
    return ""


def checklist(prep: Prepared) -> list[dict[str, Any]]:
    """The rulebook's contents (game.yaml `contents:`) against what is printed, as the document's checklist."""
    contents = prep.game.manifest.content()
    printed = {deck.id: len(entries) for deck, entries, _ in prep.decks}
    cards = {c.id: c.copies for d in prep.game.decks for c in d.cards}
    rows = []
    for deck, _, _ in prep.decks:
        item = contents.get(deck.id)
        rows.append({"name": deck.name, "expected": item.count if item else None, "printed": printed[deck.id],
                     "note": ""})
    for cid, item in contents.items():
        if cid in printed:
            continue
        if not item.printed:
            rows.append({"name": cid.replace("-", " "), "expected": item.count, "printed": 0,
                         "note": item.note or "not printed"})
        elif cid in cards:
            rows.append({"name": cid.replace("-", " "), "expected": item.count, "printed": cards[cid],
                         "note": "a card"})
    return rows


def _marks(prep: Prepared, found: list[Problem]) -> dict[tuple[str, str], list[dict[str, Any]]]:
    """Rule problems by the face they name: a subject `deck/card...`, or a line inside the card's YAML."""
    spans: dict[str, list[tuple[int, str, str]]] = {}
    ids: dict[str, set[str]] = {}
    for deck in prep.game.decks:
        ids[deck.id] = {c.id for c in deck.cards}
        spans.setdefault(deck.doc.file, []).extend((c.where.line, deck.id, c.id) for c in deck.cards)
    out: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for p in found:
        target = None
        head = p.subject.split(" ")[0]
        deck_id, _, card_id = head.partition("/")
        if card_id in ids.get(deck_id, ()):
            target = (deck_id, card_id)
        elif p.where and p.where.file in spans:
            lines = [s for s in spans[p.where.file] if s[0] <= p.where.line]
            if lines:
                target = max(lines)[1:]
        if target:
            out.setdefault(target, []).append({"severity": p.severity, "rule": p.rule or "check",
                                               "message": p.message, "where": str(p.where) if p.where else ""})
    return out


def _card(deck: Deck, cid: str) -> Card | None:
    return next((c for c in deck.cards if c.id == cid), None)


def _title(card: Card | None, cid: str) -> str:
    name = card.data.get("name") if card else None
    return str(name) if name else cid


def _plain(data: Any) -> Any:
    return json.loads(json.dumps(data, default=str))


def _template_files(prep: Prepared, name: str | None) -> list[str]:
    from pnp.layout.templates import template_files
    from pnp.model.load import display_path

    return [display_path(p, prep.game.root) for p in template_files(prep.game.root, name)]


def _safe_mm(prep: Prepared, deck: Deck) -> float:
    """The safe zone's width inside the trim, from the deck's template (3 mm when it has none)."""
    from pnp.core.errors import InputError
    from pnp.layout.templates import TemplateStore

    if not deck.template:
        return 0.0
    try:
        return round(to_mm(TemplateStore(prep.game.root).get(deck.template).safe), 2)
    except InputError:
        return 0.0


def _strict_ignores(game: Any) -> tuple[str, ...]:
    from pnp.core.errors import InputError
    from pnp.rules.check import load_rules

    try:
        spec, _ = load_rules(game)
    except InputError:
        return ()
    return tuple(spec.strict_ignores)
