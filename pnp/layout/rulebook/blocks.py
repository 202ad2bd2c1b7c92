"""Layout: the rulebook's blocks that come from the game (```` ```pnp KIND ... ````), each turned into flow, and
the whole rulebook laid out as a flow."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from pnp.core import bounds, watchdog
from pnp.core.errors import InputError, Problem, Problems, Where, did_you_mean, each_once
from pnp.layout.rulebook.callouts import anchor, words
from pnp.layout.rulebook.flow import (
    LEAST,
    PICTURE,
    TALL,
    WIDE,
    Faces,
    Figure,
    Flow,
    Heading,
    PageBreak,
    Para,
    Played,
    Resolver,
    RulebookTable,
    SetupView,
)
from pnp.layout.rulebook.indexes import glossary, index
from pnp.layout.rulebook.names import shown
from pnp.layout.rulebook.numbers import number_of, typed_numbers
from pnp.layout.rulebook.overview import overview
from pnp.layout.rulebook.played import example, setup_diagram
from pnp.layout.scene import Static
from pnp.model.game import Game
from pnp.model.rulebook.source import Rulebook, RulebookBlock
from pnp.model.rulebook.work_counted import Tally
from pnp.model.translation.catalog import said
from pnp.model.translation.table_words import printed_tables
from pnp.model.units import MM


def _human(word: str) -> str:
    words = word.replace("-", " ").replace("_", " ")
    return words[:1].upper() + words[1:]


def contents(r: Resolver, b: RulebookBlock) -> list[Flow]:
    """Every printed component as a picture at least `width=` wide (default 30 mm) with its name and count, in rows;
    a wide piece (a track) across the page; then what else the game needs, in a table."""
    size = r.width(b, PICTURE)
    cells: list[str | Figure] = []
    wide: list[Flow] = []
    for deck in r.game.decks:
        first = next(((f, bk) for (d, _), (f, bk) in r.faces.items() if d == deck.id), None)
        if first is None:
            continue
        face = first[0]
        if face.w / face.h >= WIDE:  # as wide as the text, so that it reads
            wide.append(Figure([face], min(face.w, r.text_width), f"{deck.name} {deck.faces}"))
        else:  # a tall piece (a standee, a tarot card) no taller than TALL times its width
            width = max(min(size, size * TALL * face.w / face.h), min(size, LEAST))  # (never less than LEAST)
            cells.append(Figure([face], width, f"**{deck.name}**\n{deck.faces}"))
    cells.sort(key=lambda f: f.faces[0].h * f.width / f.faces[0].w if isinstance(f, Figure) else 0)  # rows alike
    across = max(1, int((r.text_width + 4 * MM) // (size + 6 * MM)))
    rows: list[list[str | Figure]] = [cells[i:i + across] + [""] * (across - len(cells[i:i + across]))
                                      for i in range(0, len(cells), across)]
    out: list[Flow] = [RulebookTable(rows, [1 / across] * across, gallery=True)] if rows else []
    out += wide
    printed = {d.id for d in r.game.decks}
    cards = {c.id for d in r.game.decks for c in d.cards}
    lang = getattr(r.game, "lang", "")
    also: list[list[str | Figure]] = [[f"**{said(h, lang)}**" for h in ("Also needed", "Count")]]
    for cid, item in r.game.manifest.content().items():
        if cid not in printed and cid not in cards and item.count:
            note = f" ({item.note})" if item.note else ("" if item.printed else said(" (not printed)", lang))
            also.append([_human(cid) + note, str(item.count)])
    return out + ([RulebookTable(also, [0.8, 0.2])] if len(also) > 1 else [])


def face(r: Resolver, b: RulebookBlock) -> list[Flow]:
    """One or more faces side by side, front (or `back`), at `width=` (default 40 mm); the body is the caption."""
    back = "back" in b.words
    drawn = []
    for ref in (w for w in b.words if w != "back"):
        found = r.card(ref, b.where)
        if found is None:
            continue
        front, rear = r.faces[found]
        if back and rear is None:
            r.problems.add(b.where, f"{ref} has no back to show (its deck names no `back` template)", "rulebook")
            continue
        drawn.append(rear if back and rear else front)
    if not any(w != "back" for w in b.words):
        r.problems.add(b.where, f"name the card to show: ```pnp {b.kind} deck/card```", "rulebook")
    caption = " ".join(r.markup([text]) for text, _ in b.body)
    return [Figure(drawn, r.width(b, 40 * MM), caption)] if drawn else []


def _box(item: Any) -> tuple[float, float, float, float] | None:
    if all(hasattr(item, k) for k in ("x", "y", "w", "h")):
        return item.x, item.y, item.w, item.h
    return None


def _flat(items: list[Any]) -> list[Any]:
    """A face's items, those drawn once for every face (a Static, as a sheet's printed grid) among them."""
    return [i for item in items for i in (item.items if isinstance(item, Static) else [item])]


def anatomy(r: Resolver, b: RulebookBlock) -> list[Flow]:
    """A face with numbered callouts on its named template elements; each body line `element: what it is`."""
    figures = face(r, RulebookBlock("anatomy", b.where, words=b.words[:1], args=b.args))
    if not figures or not isinstance(figures[0], Figure):
        return []
    fig = figures[0]
    shown_face = fig.faces[0]
    where_named: dict[str, tuple[float, float, float, float]] = {}
    for item in _flat(shown_face.items):
        source = shown_face.source(item)
        box = _box(item)
        if source and box:
            for name in source.names:
                where_named.setdefault(name, box)
    printed = words(shown_face)
    for n, (line, where) in enumerate(b.body, 1):
        name, sep, text = line.partition(":")
        name = name.strip()
        if not sep or name not in where_named:
            r.problems.add(where, f"{name!r}: write `element: what it is`, naming an element of the card's template"
                           f" (named: {', '.join(sorted(where_named)) or 'none'}){did_you_mean(name, where_named)}",
                           "rulebook")
            continue
        fig.callouts.append((n, *where_named[name]))
        fig.leaders.append((n, *anchor(shown_face, name, where_named[name], printed)))
        fig.legend.append(f"**{n}** {r.markup([text.strip()])}")
    fig.width = r.width(b, 60 * MM)
    return [fig]


def _meaning(description: str) -> str:
    """An icon's description (icons.yaml) as the key says it: a capital first, what it is printed as."""
    from pnp.model.rulebook.source import literal

    return literal(description[:1].upper() + description[1:])


def key(r: Resolver, b: RulebookBlock) -> list[Flow]:
    """The game's icons, each drawn as in card text, and its glossary terms; the block's lines may name the icons
    to show (a game's icon set also holds what only its art draws with)."""
    chosen = [(name, where) for line, where in b.body for name in line.split()]
    for name, where in chosen:
        if name not in r.icons:
            r.problems.add(r.book.find(name, where), f"no icon {name!r} in the game's icon set"
                           f"{did_you_mean(name, r.icons)}", "rulebook")
    names = sorted({n for n, _ in chosen if n in r.icons}) if chosen else sorted(r.icons)
    rows: list[list[str | Figure]] = [[f"**{said(h, getattr(r.game, 'lang', ''))}**" for h in ("Icon", "Meaning")]]
    meanings = sorted(((_meaning(r.icons[name]) or _human(name), name) for name in names), key=lambda t: t[0].lower())
    rows += [[f":{name}:", meaning] for meaning, name in meanings]
    out: list[Flow] = [RulebookTable(rows, [0.2, 0.8])] if r.icons else []
    if r.names["glossary"] and not any(x.kind == "glossary" for x in r.book.blocks):  # (a glossary lists them)
        out.append(Para("**Terms:** " + ", ".join(r.names["glossary"])))
    return out


def table(r: Resolver, b: RulebookBlock) -> list[Flow]:
    """A data table (`table tasks`, or `table ship/squares` for a list inside it), `columns=a,b` to choose."""
    ref = b.words[0] if b.words else ""
    name, _, path = ref.partition("/")
    if name not in r.game.data:
        r.problems.add(b.where, f"no data table {name!r} (tables: {', '.join(r.game.data) or 'none'})"
                       f"{did_you_mean(name, r.game.data)}", "rulebook")
        return []
    value: Any = printed_tables(r.game)[name]
    for step in filter(None, path.split("/")):
        value = value.get(step) if isinstance(value, dict) else None
    if isinstance(value, dict) and not path:  # a table holding one list of items: that list
        lists = [v for v in value.values() if isinstance(v, list)]
        value = lists[0] if len(lists) == 1 else value
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        r.problems.add(b.where, f"{ref!r} is not a list of items: name the list inside it (`table {name}/KEY`)",
                       "rulebook")
        return []
    known = list(dict.fromkeys(k for v in value for k in v))
    cols = [c for c in b.args.get("columns", ",".join(known)).split(",") if c]
    for c in cols:
        if c not in known:
            r.problems.add(b.where, f"columns: {ref} has no field {c!r} (fields: {', '.join(known)})"
                           f"{did_you_mean(c, known)}", "rulebook")
            return []
    lang = getattr(r.game, "lang", "")
    rows: list[list[str | Figure]] = [[f"**{said(_human(c), lang)}**" for c in cols]]
    rows += [[shown(v.get(c)) for c in cols] for v in value]
    return [RulebookTable(rows)]


def setup(r: Resolver, b: RulebookBlock) -> list[Flow]:
    """rules.yaml's setup: its steps in order, then a table of what differs by player count, then its options."""
    s = r.setup
    if s is None:
        r.problems.add(b.where, "this game's rules.yaml has no `setup:` to show", "rulebook")
        return []
    out: list[Flow] = [Para(text, f"{n}.") for n, text in enumerate(s.steps, 1)]
    if s.by_players:
        head: list[str | Figure] = ["", *(f"**{n} player{'s' if n > 1 else ''}**" for n in s.players)]
        body: list[list[str | Figure]] = [[what, *map(str, counts)] for what, counts in s.by_players]
        out.append(RulebookTable([head, *body]))
    for name, values in s.options.items():
        out.append(Para(f"**Option {_human(name)}:** {', '.join(map(shown, values))} (the first is the usual one)"))
    return out


def effects(r: Resolver, b: RulebookBlock) -> list[Flow]:
    """Each verb the game's cards use, explained once in the game's words (its `explains:`), with the cards that
    use it; the game's own verbs, and pnp's too with `library`. A verb with no `explains:` is said by its `does`,
    with a warning at the block."""
    from pnp.model.effects.effect_steps import every_step
    from pnp.model.effects.verbs import game_verbs

    verbs = game_verbs(r.game.manifest.verbs, r.game.doc.where, Problems())  # (their problems: the load's)
    used: dict[str, list[str]] = {}
    for deck in r.game.decks:
        for card in deck.cards:
            for step in every_step(card.effect):
                names = used.setdefault(step.verb, [])
                if card.data.get("name", card.id) not in names:
                    names.append(str(card.data.get("name", card.id)))
    lang, verb_names = getattr(r.game, "lang", ""), getattr(r.game, "verb_names", {})
    shown_verbs = sorted((v for v in used if v in verbs and (verbs[v].game or "library" in b.words)
                          and v not in ("repeat", "choose")), key=lambda v: verb_names.get(v) or _human(v))
    if not shown_verbs:
        r.problems.add(b.where, "no card's effect uses a verb this block shows (add `library` for pnp's own)",
                       "rulebook")
        return []
    rows: list[list[str | Figure]] = [[f"**{said(h, lang)}**" for h in ("Effect", "What it does", "On")]]
    for name in shown_verbs:
        verb = verbs[name]
        if not verb.explains:
            r.problems.add(b.where, f"verb {name!r} has no `explains:` for a player (game.yaml `verbs:`): the "
                           "rulebook says what it does for the designer", "rulebook", severity="warning")
        cards = used[name]
        on = ", ".join(cards[:4]) + (said(" and {n} more", lang, n=len(cards) - 4) if len(cards) > 4 else "")
        rows.append([f"**{verb_names.get(name) or _human(name)}**", verb.explains or verb.does, f"*{on}*"])
    return [RulebookTable(rows, [0.18, 0.52, 0.30])]


def pagebreak(r: Resolver, b: RulebookBlock) -> list[Flow]:
    return [PageBreak()]


BLOCKS: dict[str, Callable[[Resolver, RulebookBlock], list[Flow]]] = {
    "contents": contents, "face": face, "anatomy": anatomy, "key": key, "table": table, "setup": setup,
    "effects": effects, "pagebreak": pagebreak, "setup-diagram": setup_diagram, "example": example,
    "glossary": glossary, "index": index, "overview": overview}


def lay_out_rulebook(book: Rulebook, game: Game, faces: Faces, problems: Problems, icons: dict[str, str],
                     setup: SetupView | None = None, played: Played | None = None) -> list[Flow]:
    """The rulebook's flow; what cannot be resolved is added to `problems` (located, each said once with the number
    of its places) and left out. The flow is counted as it is made (pnp.model.rulebook.work_counted): past a bound, or
    past `bounds.RULEBOOK_SECONDS`, one problem at the block and the flow stops there."""
    found = Problems()
    r = Resolver(book, game, faces, found, icons, setup, played)
    flow: list[Flow] = []
    tally = Tally()
    b = None
    try:
        with watchdog.time_limit(bounds.RULEBOOK_SECONDS):
            for b in book.blocks:
                r.at = b.where
                made = _block(r, b)
                count(tally, made, b)
                for item in made:
                    item.where = b.where
                flow.extend(made)
    except InputError as exc:  # a bound: the flow is not drawn
        found.extend(exc.problems)
    except watchdog.Overtime:
        found.add(b.where if b else Where(book.file), f"laying out the rulebook ran past {bounds.RULEBOOK_SECONDS:g} "
                  "s, at this block: its expressions or blocks ask for too much work", "rulebook")
    for text, where, covers in setup.sentences if setup else ():  # the setup's own sentences: their numbers too
        found.extend(dataclasses.replace(p, message=f"{p.message} (in a `say:` sentence: write {{n}} for the step's "
                                         "own number, or say it without a number)")
                     for p in typed_numbers(text.replace("{n}", " "), where, game, r.words, r.held, _in_line(game)))
        found.extend(_piles(text, where, covers, _in_line(game)))
    problems.extend(each_once(found.items, "in the rulebook", bounds.RULEBOOK_PROBLEMS))
    return flow


_PILES = re.compile(r"\b([A-Za-z]+(?:-[A-Za-z]+)?|\d+)\s+(stacks?|piles?)\b", re.I)


def _piles(text: str, where: Where, covers: int, find: Callable[[str, Where], Where]) -> list[Problem]:
    """"into three stacks": a `say:` sentence's number of stacks or piles is the number of steps it speaks for (itself
    and the `say: ""` steps after it, one a pile)."""
    out = []
    for m in _PILES.finditer(text):
        n = number_of(m.group(1))
        if n is not None and n != covers:
            out.append(Problem(find(m.group(0), where), f"{m.group(0)}: this `say:` speaks for {covers} step"
                               f"{'s' if covers != 1 else ''} (itself and the `say: \"\"` steps after it), one "
                               f"{m.group(2).rstrip('s')} each: write {covers}, or add or remove steps", "rulebook",
                               "error", "rulebook-count"))
    return out


def _in_line(game: Game) -> Callable[[str, Where], Where]:
    """Where words stand in the line of rules.yaml a `say:` is written on (its start if not there)."""
    path = game.dir / "rules.yaml"
    lines = path.read_text(encoding="utf-8").splitlines() if path.is_file() else []

    def find(words: str, at: Where) -> Where:
        line = lines[at.line - 1] if 0 < at.line <= len(lines) else ""
        col = line.find(words, max(at.col - 1, 0))
        return Where(at.file, at.line, col + 1) if col >= 0 else at

    return find


def _plain(markup: str) -> str:
    """Card markup as plain text (a heading is drawn in the title font, without bold or italic)."""
    return re.sub(r"\\(.)|\*", lambda m: m.group(1) or "", markup)


def _block(r: Resolver, b: RulebookBlock) -> list[Flow]:
    if b.kind == "heading":
        return [Heading(b.level, _plain(r.markup(b.inline)))]
    if b.kind == "para":
        return [Para(r.markup(b.inline, b.where))]
    if b.kind == "item":
        bullet = f"{b.args['n']}." if "n" in b.args else ("" if "more" in b.args else "•")
        return [Para(r.markup(b.inline, b.where), bullet, b.level)]
    if b.kind == "grid":
        return [RulebookTable([[r.markup(cell, b.where) for cell in row] for row in b.rows])]
    if b.kind == "pagebreak":
        return [PageBreak()]
    if b.kind in BLOCKS:
        return BLOCKS[b.kind](r, b)
    r.problems.add(b.where, f"no block ```pnp {b.kind}``` (blocks: {', '.join(sorted(BLOCKS))})"
                   f"{did_you_mean(b.kind, BLOCKS)}", "rulebook")
    return []


def count(tally: Tally, flow: list[Flow], b: RulebookBlock) -> None:
    """What one block's flow asks to draw, added to `tally` at the block's place (InputError past a bound)."""
    for item in flow:
        if isinstance(item, Heading):
            tally.heading(b.where)
        elif isinstance(item, PageBreak):
            tally.page_break(b.where)
        elif isinstance(item, RulebookTable):
            tally.table(len(item.rows), max((len(row) for row in item.rows), default=0), b.where)
            tally.drawn(sum(isinstance(c, Figure) for row in item.rows for c in row), b.where)
        elif isinstance(item, Figure):
            tally.block(b.where, "picture")
            tally.drawn(len(item.faces) + len(item.pieces), b.where)
        else:
            tally.block(b.where)
