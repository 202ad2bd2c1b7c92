"""The rulebook, as `pnp build` and `pnp check` see it: cards/<game>/rulebook.md read (model), its blocks
resolved from the laid-out game (layout; the setup worked out by rules), then drawn (output)."""

from __future__ import annotations

from typing import Any

from pnp.core.errors import InputError, Problem, RuleError
from pnp.layout.template_engine import LayoutEnv
from pnp.model.game import Game
from pnp.rules.played_view import Replay
from pnp.rules.rulebook_flow import rulebook_flow


def rulebook_pdf(game: Game, decks: list[Any], env: LayoutEnv, paper: tuple[float, float],
                 booklet: bool = False, pdfx: Any = None, forced: list[Problem] | None = None,
                 custom: bool = True) -> bytes | None:
    """The rulebook's PDF; an InputError (bad names, a bound, a block taller than a page) or a RuleError (a stale
    count) when it cannot be printed. `forced` (`pnp build --force`): the stale counts are put in it and the book
    is drawn all the same. `custom`: the game's code may run, to replay the games its examples tell."""
    made = rulebook_flow(game, decks, env, replay_of(game) if custom else None)
    if made is None:
        return None
    flow, problems = made
    stale = [p for p in problems if p.rule == "rulebook-count"]
    bad = [p for p in problems if p not in stale and p.severity == "error"]  # (a warning: `pnp check` says it)
    if bad:
        raise InputError(bad)
    if stale and forced is None:
        raise RuleError(stale)
    if forced is not None:
        forced += stale
    from pnp.commands.rulebook_kept import kept_pages
    from pnp.output.document.book_look import Look
    from pnp.output.document.book_pages import render_rulebook

    look = Look(env, f"{game.manifest.name}: rules", pdfx)
    lang = getattr(game, "lang", "")  # a translated game's pages are its own
    layout = (paper, booklet, pdfx is not None, *((lang,) if lang else ()))
    return kept_pages(game.id, layout, lambda pages: render_rulebook(
        flow, look, game.manifest.name, game.manifest.version, paper, booklet, pdfx, cover_of(game, decks), pages))


def replay_of(game: Game) -> Replay:
    """A game of the simulator told event by event, for an ```pnp example``` block: the game `pnp simulate GAME
    --trace SEED:INDEX --players N` tells, played by the baseline policy in the sandbox."""

    def replay(players: int, seed: int, index: int) -> list[list[Any]]:
        from pnp.play.told import trace
        from pnp.rules.setup import setup_of

        gs = setup_of(game)
        return trace(game, gs.spec if gs else None, players, f"{seed}:{index}", seed, "baseline")["events"]

    return replay


COVER_FACES, COVER_ROW = 6, 3  # the cards the rulebook's cover shows, and how many decks they come from


def cover_of(game: Game, decks: list[Any]) -> tuple[str, list[Any]]:
    """The cover's line of facts ("1-4 players · 30-45 minutes · ages 12+", each where game.yaml says it) and the
    faces it shows: the first two cards of each of the first COVER_ROW decks of cards (portrait faces), in two rows."""
    from pnp.model.translation.catalog import said

    m, lang = game.manifest, getattr(game, "lang", "")  # in a translated book, its own words
    facts = []
    if m.players is not None:
        n = m.players
        facts.append(said("{n} player" if n.max == 1 else "{n} players", lang, n=n.min) if n.min == n.max else
                     said("{low}-{high} players", lang, low=n.min, high=n.max))
    if m.minutes:
        facts.append(said("{n} minutes", lang, n=m.minutes))
    if m.age:
        facts.append(said("ages {n}+", lang, n=m.age))
    faces: list[Any] = []
    portrait = [entries for _deck, entries, _ in decks if entries and entries[0][0] is not None
                and entries[0][0].h > entries[0][0].w][:COVER_ROW]
    for k in range(COVER_FACES // COVER_ROW):  # the first card of each, then the next of each
        for entries in portrait:
            cards = list(dict.fromkeys(meta.get("id") for _, _, meta in entries))
            if k < len(cards) and len(faces) < COVER_FACES:
                faces.append(next(front for front, _, meta in entries if meta.get("id") == cards[k]))
    return " · ".join(facts), faces
