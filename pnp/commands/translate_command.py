"""`pnp translate GAME --lang L`: translators' files out (`--export`: XLIFF 1.2 with each string's context) and in
(`--import FILE`: their translations written into cards/<game>/lang/<L>/), and `--refresh`: every entry stamped with
the source it now translates (docs/translating.md)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pnp.commands.command_output import CommandOutput, Refused
from pnp.core.errors import InputError, Problem, Problems, Where, did_you_mean
from pnp.model.game import Game, load_game
from pnp.model.translation.codes import unknown_language
from pnp.model.translation.field_paths import leaf
from pnp.model.translation.lang_files import Translation, languages_of, read_translation, translatable
from pnp.model.translation.xliff import Unit, Xliff, read_xliff, write_xliff

_WORDS = re.compile(r"[^\W\d_]")  # a letter: a text with one outside its expressions has words to translate
_LIVE = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)
PICTURE_DPI = 100  # the faces beside an exported XLIFF file: enough to read a card's text


def translate_command(root: Path, game_id: str, lang: str, export: bool, import_file: Path | None, refresh: bool,
                      out: Path | None) -> CommandOutput:
    if export + (import_file is not None) + refresh != 1:
        raise Refused("say one of --export, --import FILE and --refresh")
    game = load_game(root, game_id)
    codes = languages_of(game)
    why = unknown_language(lang, codes, game.doc.where(("languages",)))
    if why or lang == codes[0]:
        raise InputError([Problem(game.doc.where(("languages",)), why or f"{lang} is the game's source language: "
                                  "translate into one of the others", "--lang")])
    problems = Problems()
    tr = read_translation(game, lang, problems)
    problems.raise_if_errors()
    if export:
        return _export(game, tr, out)
    if refresh:
        return _refresh(game, tr)
    assert import_file is not None
    return _import(game, tr, import_file)


def units_of(game: Game, tr: Translation) -> list[Unit]:
    """Every string of the game to translate, with its translation so far."""
    from pnp.layout.whole_game import template_store

    units: list[Unit] = []
    store = template_store(game)
    for deck in game.decks:
        file = Path(deck.doc.file).name
        words = tr.decks.get(deck.id, {})
        for name in ("name", "instructions"):
            value = getattr(deck.spec, name)
            if isinstance(value, str) and value:
                units.append(Unit(f"{file}#_deck#{name}", value, words[name].text if name in words else "",
                                  (f"the {deck.name} deck's {name}",)))
        fields = translatable(game, deck.id)
        boxes = _boxes(store, deck.template, fields)
        for card in deck.cards:
            said = tr.cards.get(deck.id, {}).get(card.id, {})
            for name in sorted(fields):
                value = leaf(card.data, name)
                if isinstance(value, str) and value.strip():
                    units.append(Unit(f"{file}#{card.id}#{name}", value, said[name].text if name in said else "",
                                      (f"card {deck.id}/{card.id} ({card.data.get('name') or card.id}), field {name}"
                                       f"{boxes.get(name, '')}", "keep every {{ ... }} and :icon: as it is"),
                                      f"faces/{deck.id}/{deck.id}-{card.id}.png"))
    names = sorted({n for d in game.decks for n in (d.template, d.back) if n})
    for name in names:
        try:
            template = store.get(name)
        except InputError:
            continue
        mine = tr.templates.get(name, {})
        for placed in template.elements:
            el = placed.element
            text, element = getattr(el, "text", None), getattr(el, "name", None)
            if isinstance(text, str) and element and _WORDS.search(_LIVE.sub("", text)):
                units.append(Unit(f"templates.yaml#{name}#{element}", text,
                                  mine[element].text if element in mine else "",
                                  (f"template {name}, element {element}: printed on every card of its decks",)))
    return units


def _boxes(store: Any, template: str | None, fields: set[str]) -> dict[str, str]:
    """Each field's text box on the face, as a note: `, in a 52.5 x 29.0 mm box` (where the template gives it)."""
    from pnp.model.units import parse_length, to_mm

    out: dict[str, str] = {}
    try:
        elements = store.get(template).elements if template else []
    except InputError:
        return out
    for placed in elements:
        el = placed.element
        text, w, h = getattr(el, "text", None), getattr(el, "w", None), getattr(el, "h", None)
        for name in fields:
            if isinstance(text, str) and f"card.{name}" in text and name not in out:
                try:
                    out[name] = f", in a {to_mm(parse_length(w)):.1f} x {to_mm(parse_length(h)):.1f} mm box"
                except (TypeError, ValueError):
                    out[name] = ""  # a size that depends on the card
    return out


def _export(game: Game, tr: Translation, out: Path | None) -> CommandOutput:
    from pnp.model.project import output_folder
    from pnp.output.write.staging import write_atomic

    folder = output_folder(game.root, out, game.id, "translate")
    units = units_of(game, tr)
    _pictures(game, folder / "faces", {u.picture for u in units if u.picture})
    path = folder / f"{game.id}-{tr.code}.xlf"
    write_atomic(path, write_xliff(Xliff(languages_of(game)[0], tr.code, units), f"cards/{game.id}"))
    said = CommandOutput()
    done = sum(1 for u in units if u.target)
    said.out(f"{path}: {len(units)} strings to translate into {tr.code} ({done} translated so far)")
    return said


def _pictures(game: Game, folder: Path, wanted: set[str]) -> None:
    """The source's fronts of every deck the units name, as PNGs: `faces/<deck>/<deck>-<card>.png`."""
    from pnp.commands.build import prepare
    from pnp.commands.export_command import faces_only
    from pnp.commands.preview import preview

    prep = prepare(game.root, game.id, faces_only())
    for deck, entries, _ in prep.decks:
        if entries and any(w.startswith(f"faces/{deck.id}/") for w in wanted):
            preview(prep, folder / deck.id, deck.id, PICTURE_DPI)


def _import(game: Game, tr: Translation, file: Path) -> CommandOutput:
    from pnp.core import bounds
    from pnp.model.project import read_input
    from pnp.model.translation.coverage import stamp
    from pnp.model.translation.live_words import live_problems
    from pnp.model.translation.stamping import deck_file_text, templates_file_text
    from pnp.output.write.staging import write_atomic

    shown = str(file)
    x = read_xliff(read_input(game.root, file, shown, "an XLIFF file", bounds.XLIFF_BYTES, named=True), shown)
    if x.target_language and x.target_language != tr.code:
        raise InputError([Problem(Where(shown, 1), f"this file translates into {x.target_language!r}, not {tr.code}: "
                                  f"import it with --lang {x.target_language}")])
    known = {u.id: u for u in units_of(game, tr)}
    problems = Problems()
    by_file: dict[str, dict[str, dict[str, str]]] = {}
    stamps: dict[str, dict[str, dict[str, str]]] = {}
    for u in x.units:
        at = Where(shown, u.line)
        if u.id not in known:
            problems.add(at, f"{u.id!r} names no string of {game.id} to translate{did_you_mean(u.id, known)} (export "
                         "the file again: a card may be gone or renamed)", u.id)
            continue
        if not u.target:
            continue
        for why in live_problems(known[u.id].source, u.target):
            problems.add(at, f"{tr.code}: {why}", u.id, rule="translation")
        file_name, key, name = u.id.split("#")
        by_file.setdefault(file_name, {}).setdefault(key, {})[name] = u.target
        if u.source and key != "_deck" and file_name != "templates.yaml":
            stamps.setdefault(file_name, {}).setdefault(key, {})[name] = stamp(u.source)
    problems.raise_if_errors()
    folder = game.dir / "lang" / tr.code
    written = 0
    for deck in game.decks:
        file_name = Path(deck.doc.file).name
        cards = {c: {f: s.text for f, s in fields.items()} for c, fields in tr.cards.get(deck.id, {}).items()}
        kept = {c: {f: s.text for f, s in fields.items()} for c, fields in tr.stamps.get(deck.id, {}).items()}
        mine = by_file.get(file_name, {})
        if not cards and not mine and deck.id not in tr.decks:
            continue
        words = {k: s.text for k, s in tr.decks.get(deck.id, {}).items()} | mine.pop("_deck", {})
        for card_id, fields in mine.items():
            cards.setdefault(card_id, {}).update(fields)
            kept.setdefault(card_id, {}).update(stamps.get(file_name, {}).get(card_id, {}))
        order = [c.id for c in deck.cards if c.id in cards]
        text = deck_file_text(words, {c: _ordered(cards[c], deck) for c in order},
                              {c: dict(sorted(kept[c].items())) for c in order if kept.get(c)},
                              f"{deck.name}: {tr.code} (pnp translate --import {file.name})")
        write_atomic(folder / file_name, text.encode("utf-8"))
        written += 1
    texts = {t: {e: s.text for e, s in els.items()} for t, els in tr.templates.items()}
    for template, elements in by_file.get("templates.yaml", {}).items():
        texts.setdefault(template, {}).update(elements)
    if texts:
        write_atomic(folder / "templates.yaml", templates_file_text(texts, f"templates: {tr.code}").encode("utf-8"))
        written += 1
    said = CommandOutput()
    n = sum(1 for u in x.units if u.target)
    said.out(f"{n} translations read from {file.name} into cards/{game.id}/lang/{tr.code}/ ({written} files)")
    return said


def _ordered(fields: dict[str, str], deck: Any) -> dict[str, str]:
    order = ["name", *deck.spec.fields]
    return dict(sorted(fields.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else len(order)))


def _refresh(game: Game, tr: Translation) -> CommandOutput:
    from pnp.model.translation.stamping import refreshed
    from pnp.output.write.staging import write_atomic

    said = CommandOutput()
    total = 0
    for deck in game.decks:
        file = tr.files.get(deck.id)
        if file is None:
            continue
        path = game.root / file
        paths = translatable(game, deck.id)
        sources = {c.id: {k: v for k in paths if isinstance(v := leaf(c.data, k), str)} for c in deck.cards}
        text, n, skipped = refreshed(path.read_text("utf-8"), tr, deck.id, sources)
        if text != path.read_text("utf-8"):
            write_atomic(path, text.encode("utf-8"))
        total += n
        for card_id in skipped:
            said.err(f"warning: {file}: {card_id}: written on one line ({{...}}): write it as a block to stamp it")
    said.out(f"{total} entries stamped with their sources in cards/{game.id}/lang/{tr.code}/")
    return said
