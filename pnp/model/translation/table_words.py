"""The words of a game's data tables and verbs in a language (a translation's game.yaml `data:` and `verbs:`).
A data table is translated for print only: the rules, the effects and a card text's look-ups
(`selectattr('name', 'eq', 'Craft')`) read the source's table, so a task is found by its source name in every
language, while the board, the aids and the rulebook print the translated words. Only words are translated: a
number, a yes/no or an id stays in the source, once."""

from __future__ import annotations

from typing import Any

from pnp.core.errors import Problems, did_you_mean, echo
from pnp.model.game import Game
from pnp.model.load import Doc

VERB_WORDS = ("name", "explains")  # what a translation says of a verb: its name and what it does, for a player


def printed_tables(game: Game) -> dict[str, Any]:
    """The data tables as the printed output reads them (`data.tasks.tasks`): in a translated game, with the
    translation's words in place of the source's strings; else the tables themselves."""
    tables = getattr(game, "tables", None)
    return tables if tables is not None else source_tables(game)


def source_tables(game: Game) -> dict[str, Any]:
    """The data tables as the source has them: what the rules and a card's own look-ups read."""
    source = getattr(game, "source", None) or game
    return {name: doc.data for name, doc in source.data.items()}


def translated_tables(game: Game, doc: Doc, code: str, problems: Problems) -> dict[str, Any]:
    """The source's data tables with `doc`'s `data:` words laid over (lists by position, mappings by key); a
    table, key or item the source lacks, or a number put in place of one, is a problem at its line."""
    tables = {name: d.data for name, d in game.data.items()}
    said = doc.data.get("data") if isinstance(doc.data, dict) else None
    if said is None:
        return tables
    if not isinstance(said, dict):
        problems.add(doc.where(("data",)), f"{code}: `data:` maps a data table's name to its words, in the "
                     "source's shape", "data")
        return tables
    out = dict(tables)
    for name, words in said.items():
        if name not in tables:
            problems.add(doc.where(("data", name)), f"{code}: no data table {echo(name)} in the source's game.yaml"
                         f"{did_you_mean(str(name), tables)}", f"data.{name}")
            continue
        out[name] = _laid(tables[name], words, doc, ("data", name), code, problems)
    return out


def _laid(source: Any, words: Any, doc: Doc, path: tuple, code: str, problems: Problems) -> Any:
    subject = ".".join(map(str, path))
    if words is None:
        return source
    if isinstance(source, dict) and isinstance(words, dict):
        out = dict(source)
        for key, value in words.items():
            if key not in source:
                problems.add(doc.where((*path, key)), f"{code}: the source has no {echo(key)} here"
                             f"{did_you_mean(str(key), source)}", subject)
                continue
            out[key] = _laid(source[key], value, doc, (*path, key), code, problems)
        return out
    if isinstance(source, list) and isinstance(words, list):
        if len(words) > len(source):
            problems.add(doc.where((*path, len(source))), f"{code}: {len(words)} items, the source has "
                         f"{len(source)}: one translation per item, in the source's order", subject)
        return [_laid(s, w, doc, (*path, i), code, problems) for i, (s, w) in
                enumerate(zip(source, words, strict=False))] + source[len(words):]
    if isinstance(source, str) and isinstance(words, str):
        return words
    problems.add(doc.where(path), f"{code}: only words are translated ({echo(words)} in place of {echo(source)}): "
                 "a number, a yes/no or a list's shape stays in the source", subject)
    return source


def verb_words(doc: Doc, verbs: dict[str, Any], code: str, problems: Problems) -> dict[str, dict[str, str]]:
    """`verbs:` of a translation: verb -> {name, explains}, each a string, of a verb the game declares."""
    said = doc.data.get("verbs") if isinstance(doc.data, dict) else None
    out: dict[str, dict[str, str]] = {}
    if said is None:
        return out
    if not isinstance(said, dict):
        problems.add(doc.where(("verbs",)), f"{code}: `verbs:` maps each of the game's verbs to its words "
                     f"({', '.join(VERB_WORDS)})", "verbs")
        return out
    for verb, words in said.items():
        where = doc.where(("verbs", verb))
        if verb not in verbs:
            problems.add(where, f"{code}: no verb {echo(verb)} in the source's game.yaml `verbs:`"
                         f"{did_you_mean(str(verb), verbs)}", f"verbs.{verb}")
            continue
        if not isinstance(words, dict) or not all(k in VERB_WORDS and isinstance(v, str) for k, v in words.items()):
            problems.add(where, f"{code}: a verb's translation is {{name: \"...\", explains: \"...\"}}, each a "
                         "string", f"verbs.{verb}")
            continue
        out[str(verb)] = dict(words)
    return out
