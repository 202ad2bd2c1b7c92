"""The report's flag on a card the policy never played: "never played" when nothing chose it, "never chosen: tied with
X" when the policy found it worth as much as the move it played, X, and it lost only by the list's order (a play
module says so with `record.tied`: Voyage's baseline, where Reinforced Bulkhead is worth per Action what Search is)."""

from __future__ import annotations

import json

from pnp.play import report

from conftest import run_pnp


def test_a_card_that_ties_with_the_move_played_is_said_tied_not_unplayed():
    result = run_pnp("simulate", "voyage", "--players", "2", "--games", "60", "--seed", "2", "--jobs", "1", "--format",
                     "json")
    assert result.code == 0, result.err
    [g] = json.loads(result.out)["groups"]
    [bulkhead] = [c for c in g["cards"] if c["card"] == "ability/reinforced-bulkhead"]
    assert bulkhead["played_games"] == 0 and bulkhead["flag"] == "never played"  # (the flag scripts read, kept)
    assert bulkhead["tied_with"] == "search"
    assert all("tied_with" not in c for c in g["cards"] if c["played_games"])  # a card played is no tie lost


def test_the_text_says_the_tie_and_a_card_never_tied_stays_never_played():
    tied = {"card": "ability/a", "drawn": 5, "played_games": 0, "when_played": {"rate": 0.0},
            "when_not": {"rate": 0.5}, "effect": 0.0, "flag": "never played", "tied_with": "search"}
    plain = {**tied, "card": "ability/b"}
    del plain["tied_with"]
    text = report.as_text({"name": "G", "games": 5, "policy": "baseline", "seed": 1, "variants": ["as written"],
                           "groups": [{"players": 1, "variant": "as written", "win": {"rate": 0.5, "low": 0.1,
                                                                                      "high": 0.9},
                                       "rounds": {"mean": 3.0}, "losses": [], "meters": {},
                                       "cards": [tied, plain]}]})
    assert "ability/a" in text and "<< never chosen: tied with search" in text
    assert [line for line in text.splitlines() if "ability/b" in line][0].endswith("<< never played")
