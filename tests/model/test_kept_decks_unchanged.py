"""A deck pnp read is kept between loads in the same process (pnp/model/deck_memo.py: `pnp watch`, `pnp serve`,
a test run) and handed out as it is: nothing pnp does with a game may change it in place, or every later load
would print, check and play what was changed. A build in another language, a check and a simulation leave the
kept decks of Voyage as they were read."""

from __future__ import annotations

import copy

from pnp.model.game import load_game

from conftest import REPO, run_pnp


def card_data(game) -> dict:
    return {(deck.id, card.id): copy.deepcopy(card.data) for deck in game.decks for card in deck.cards}


def test_building_checking_and_playing_voyage_change_no_kept_deck(tmp_path):
    game = load_game(REPO, "voyage")
    before = card_data(game)
    for args in (("build", "voyage", "--lang", "fr", "--no-rulebook", "--out", str(tmp_path / "fr")),
                 ("check", "voyage", "--no-custom-rules"),
                 ("simulate", "voyage", "--games", "4", "--jobs", "1", "--vary",
                  "track/happiness-meter.per_round=-30")):
        result = run_pnp(*args)
        assert result.code == 0, (args, result.err)
    again = load_game(REPO, "voyage")
    assert [d is e for d, e in zip(again.decks, game.decks, strict=True)] == [True] * len(game.decks)  # kept ones
    assert card_data(again) == before


def test_a_deck_changed_in_place_is_what_the_next_load_hands_out():
    """Why it matters (and that the test above can fail): a kept deck changed in place is the next load's."""
    game = load_game(REPO, "voyage")
    card = game.deck("track").cards[0]
    had = card.data["per_round"]
    try:
        card.data["per_round"] = had - 1
        assert load_game(REPO, "voyage").deck("track").cards[0].data["per_round"] == had - 1
    finally:
        card.data["per_round"] = had
