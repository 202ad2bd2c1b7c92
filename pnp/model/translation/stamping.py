"""Stamping a language's files with their sources (`pnp translate --refresh`) and writing them afresh (`--import`).

A stamp is `_source: {name: 3f2a91c0, text: 77b0e1aa}` beside a card's fields: the hash of each source string the
translation was made from (`coverage.stamp`). Refreshing edits the file's text in place, entry by entry, so the
translator's comments and layout stay; an import writes each file whole, from its entries."""

from __future__ import annotations

import json
import re

from pnp.model.translation.coverage import stamp
from pnp.model.translation.lang_files import Translation

_KEY = re.compile(r"^(\s*)(\S[^:]*?):\s*(#.*)?$")  # `meteor-shower:` opening a block mapping


def quoted(text: str) -> str:
    """A string as a YAML double-quoted scalar (JSON's escapes are YAML's)."""
    return json.dumps(text, ensure_ascii=False)


def refreshed(text: str, tr: Translation, deck_id: str, sources: dict[str, dict[str, str]]) -> tuple[str, int, list]:
    """`text` (a deck's translation file) with every card entry stamped from `sources` (card id -> field -> the
    source string now): the new text, how many entries were stamped, and the cards left as they were (written on
    one line, `{name: ...}`: stamp those by hand, or write them as a block)."""
    lines = text.split("\n")
    cards = tr.cards.get(deck_id, {})
    skipped: list[str] = []
    # from the bottom up, so that the lines above keep their numbers
    todo = sorted(((tr.card_at[(deck_id, c)].line, c) for c in cards if (deck_id, c) in tr.card_at), reverse=True)
    done = 0
    for line_no, card_id in todo:
        i = line_no - 1
        m = _KEY.match(lines[i]) if 0 <= i < len(lines) else None
        if m is None:
            skipped.append(card_id)
            continue
        indent = len(m.group(1))
        end = i + 1
        while end < len(lines) and (not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip()) > indent):
            end += 1
        while end > i + 1 and not lines[end - 1].strip():  # the blank lines before the next entry stay there
            end -= 1
        body = lines[i + 1:end]
        inner = next((len(b) - len(b.lstrip()) for b in body if b.strip() and not b.lstrip().startswith("#")),
                     indent + 2)
        kept, j = [], 0
        while j < len(body):  # the old stamp out, with what it holds
            b = body[j]
            if b.strip().startswith("_source:") and len(b) - len(b.lstrip()) == inner:
                j += 1
                while j < len(body) and body[j].strip() and len(body[j]) - len(body[j].lstrip()) > inner:
                    j += 1
                continue
            kept.append(b)
            j += 1
        wanted = {f: stamp(sources[card_id][f]) for f in sorted(cards[card_id]) if f in sources.get(card_id, {})}
        lines[i + 1:end] = [*kept, " " * inner + stamp_text(wanted)]
        done += 1
    return "\n".join(lines), done, skipped


def stamp_text(stamps: dict[str, str]) -> str:
    """`_source: {name: "3f2a91c0"}`: each hash in quotes (`12345678` would read as a number)."""
    return "_source: {" + ", ".join(f'{f}: "{h}"' for f, h in stamps.items()) + "}"


def deck_file_text(words: dict[str, str], cards: dict[str, dict[str, str]], stamps: dict[str, dict[str, str]],
                   heading: str) -> str:
    """A deck's translation file written whole: `_deck:`, then each card's fields and its stamp."""
    out = [f"# {heading}"]
    if words:
        out.append("_deck: {" + ", ".join(f"{k}: {quoted(v)}" for k, v in words.items()) + "}")
    for card_id, fields in cards.items():
        out.append(f"{card_id}:")
        out += [f"  {name}: {quoted(value)}" for name, value in fields.items()]
        if stamps.get(card_id):
            out.append("  " + stamp_text(stamps[card_id]))
    return "\n".join(out) + "\n"


def templates_file_text(texts: dict[str, dict[str, str]], heading: str) -> str:
    out = [f"# {heading}"]
    for template, elements in texts.items():
        out.append(f"{template}:")
        out += [f"  {name}: {quoted(value)}" for name, value in elements.items()]
    return "\n".join(out) + "\n"
