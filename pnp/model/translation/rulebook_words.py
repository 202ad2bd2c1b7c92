"""A translated rulebook (rulebook.<code>.md) against the source's: the same game blocks (```pnp setup```, faces,
tables...) in the same order with the same arguments, and the same live expressions; its words are its own (the
captions inside a block too)."""

from __future__ import annotations

from pnp.core.errors import Problem, Where
from pnp.model.rulebook.source import KINDS, Rulebook
from pnp.model.translation.live_words import live, live_problems


def rulebook_problems(source: Rulebook, book: Rulebook, code: str) -> list[Problem]:
    out: list[Problem] = []
    theirs = [b for b in source.blocks if b.kind in KINDS]
    mine = [b for b in book.blocks if b.kind in KINDS]
    for i, block in enumerate(mine):
        said = (block.kind, block.args, block.words)
        if i >= len(theirs):
            out.append(Problem(block.where, f"{code}: a ```pnp {block.kind}``` block that {source.file} does not "
                               "have: the live blocks stay as the source's", "rulebook"))
        elif said != (theirs[i].kind, theirs[i].args, theirs[i].words):
            out.append(Problem(block.where, f"{code}: this ```pnp {block.kind}``` block is not the source's "
                               f"```pnp {theirs[i].kind}``` ({source.file}:{theirs[i].where.line}): the live blocks "
                               "stay as they are there, in the same order", "rulebook"))
    for block in theirs[len(mine):]:
        out.append(Problem(Where(book.file), f"{code}: the source's ```pnp {block.kind}``` block "
                           f"({source.file}:{block.where.line}) is missing: keep every live block", "rulebook"))
    text_src, text_mine = "\n".join(source.lines), "\n".join(book.lines)
    if live(text_src) != live(text_mine):
        for why in live_problems(text_src, text_mine):
            if "icon" not in why:
                out.append(Problem(Where(book.file), f"{code}: the rulebook {why}", "rulebook"))
    return out
