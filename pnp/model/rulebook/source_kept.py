"""rulebook.md's blocks kept between runs: a build whose rulebook.md did not change (a card edited) takes its blocks
from the disk cache (pnp/core/disk_cache.py, signed, plain values) instead of importing markdown-it-py and parsing
the text again (about 40 ms of a warm build). The key is the text, where it is shown and pnp's own code."""

from __future__ import annotations

from typing import Any

from pnp.core.errors import Where
from pnp.model.rulebook.source import Expr, IconRef, Inline, RulebookBlock, Unsupported, parse_rulebook

KIND = "rulebook-blocks"


def kept_blocks(text: str, rel: str) -> list[RulebookBlock]:
    """parse_rulebook(text, rel), from the cache when this very text was parsed before."""
    import hashlib

    from pnp.core import disk_cache

    key = f"{disk_cache.pnp_stamp()}\n{rel}\n{hashlib.sha256(text.encode()).hexdigest()}"
    kept = disk_cache.load(KIND, key)
    if isinstance(kept, list):
        try:
            return [_block(b) for b in kept]
        except (TypeError, ValueError, IndexError, KeyError):  # not what this code keeps: parsed again
            pass
    blocks = parse_rulebook(text, rel)
    disk_cache.store(KIND, key, [_plain(b) for b in blocks])
    return blocks


def _where(w: Where) -> tuple[str, int, int]:
    return (w.file, w.line, w.col)


def _inline_plain(inline: Inline) -> list[Any]:
    out: list[Any] = []
    for x in inline:
        if isinstance(x, str):
            out.append(x)
        else:
            said = x.source if isinstance(x, Expr) else x.name if isinstance(x, IconRef) else x.what
            out.append((type(x).__name__, said, _where(x.where)))
    return out


def _inline(plain: list[Any]) -> Inline:
    out: Inline = []
    for x in plain:
        if isinstance(x, str):
            out.append(x)
        else:
            kind, said, where = x
            out.append(Expr(said, Where(*where)) if kind == "Expr" else IconRef(said, Where(*where))
                       if kind == "IconRef" else Unsupported(said, Where(*where)))
    return out


def _plain(b: RulebookBlock) -> tuple:
    return (b.kind, _where(b.where), _inline_plain(b.inline), b.level, dict(b.args), list(b.words),
            [(line, _where(w)) for line, w in b.body], [[_inline_plain(c) for c in row] for row in b.rows])


def _block(t: Any) -> RulebookBlock:
    kind, where, inline, level, args, words, body, rows = t
    return RulebookBlock(kind, Where(*where), _inline(inline), level, dict(args), list(words),
                         [(line, Where(*w)) for line, w in body], [[_inline(c) for c in row] for row in rows])
