"""`pnp simulate --ablate` (pnp/play/ablation.py): each card against a blank of itself on the same deals, a number
field moved one step either way, flagged only beyond the designer's threshold; the balance rule judges the same
measure; its bad input located, in one line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import edit, run_pnp

CARDS = """
  - name: Jackpot
    cost: 1
    text: "Gain 9 :coin: Coins."
    effect: [{gain: {resource: coins, amount: 9}}]
  - name: Theft
    cost: 1
    text: "Pay 6 :coin: Coins."
    effect: [{spend: {resource: coins, amount: 6}}]
  - name: Dud
    cost: 1
    text: "Nothing."
    effect: none
"""


@pytest.fixture
def shop(scaffold: Path) -> Path:
    """The scaffold's game with a card that helps (Jackpot), one that hurts (Theft) and a blank one (Dud)."""
    deck = scaffold / "cards/shop/cards.yaml"
    deck.write_text(deck.read_text() + CARDS.lstrip("\n"))
    edit(scaffold / "cards/shop/game.yaml", "contents: {card: 6,", "contents: {card: 12,")  # 6 cards, 2 copies each
    return scaffold


def _ablated(root: Path, *args: str) -> dict:
    result = run_pnp("--root", str(root), "simulate", "shop", "--players", "2", "--games", "100", "--policy",
                     "random", "--format", "json", *args)
    assert result.code == 0, result.err
    return json.loads(result.out)


def _rows(report: dict) -> dict[tuple[str, str], dict]:
    return {(r["card"], r["change"]): r for r in report["ablation"]["rows"]}


def test_a_card_that_helps_is_flagged_helping_one_that_hurts_hurting_and_a_blank_one_not(shop: Path):
    report = _ablated(shop, "--ablate", "card/jackpot,card/theft,card/dud", "--threshold", "3")
    rows = _rows(report)
    jackpot, theft, dud = rows[("card/jackpot", "blank")], rows[("card/theft", "blank")], rows[("card/dud", "blank")]
    assert jackpot["verdict"] == "helps" and jackpot["low"] > 0.03, jackpot
    assert theft["verdict"] == "hurts" and theft["high"] < -0.03, theft
    assert dud["verdict"] not in ("helps", "hurts"), dud
    for r in rows.values():  # the difference is the four counts', and the interval holds it
        assert r["games"] == r["both"] + r["only_with"] + r["only_without"] + r["neither"]
        assert r["difference"] == pytest.approx((r["only_with"] - r["only_without"]) / r["games"], abs=1e-4)
        assert r["low"] <= r["difference"] <= r["high"]
        assert r["games"] in report["ablation"]["looks"]  # stopped at a look: the games it needed
    assert jackpot["games"] < dud["games"]  # a large effect is told with fewer games (sequential looks)
    text = run_pnp("--root", str(shop), "simulate", "shop", "--players", "2", "--games", "100", "--policy", "random",
                   "--ablate", "card/jackpot,card/dud", "--threshold", "3").out
    assert "each card's effect, on the same deals" in text and "card/jackpot" in text, text[-600:]
    section = text.split("each card's effect, on the same deals", 1)[1]
    assert "<< helps (above +3)" in section and section.count("<< ") == 1


def test_a_card_is_flagged_only_beyond_the_threshold_the_designer_sets(shop: Path):
    result = run_pnp("--root", str(shop), "simulate", "shop", "--players", "1", "--games", "100", "--policy",
                     "random", "--format", "json", "--ablate", "card/lucky-find", "--threshold", "6")
    lucky = json.loads(result.out)["ablation"]["rows"][0]
    assert lucky["low"] > 0  # it helps, its interval leaves out 0...
    assert lucky["verdict"] == "within" and lucky["high"] < 0.06, lucky  # ...but by less than 6 points


def test_the_blank_side_plays_the_very_same_deals_and_dice(shop: Path):
    """A card already `effect: none` made blank is the same game: on the same deals and dice, no game goes
    otherwise. (Given other seeds, the blank side's games would differ from the game as written.)"""
    report = _ablated(shop, "--ablate", "card/dud")
    for r in report["ablation"]["rows"]:
        assert r["only_with"] == r["only_without"] == 0 and r["games"] >= 100, r
        assert r["both"] == report["groups"][0]["win"]["wins"] or r["games"] > 100


def test_every_card_that_says_what_it_does_is_ablated_and_the_report_s_games_are_not_played_again(shop: Path):
    report = _ablated(shop, "--ablate", "all", "--threshold", "20", "--budget", "1500")  # which cards, not verdicts
    cards = {r["card"] for r in report["ablation"]["rows"]}
    assert cards == {"card/lucky-find", "card/trade-route", "card/grand-market", "card/jackpot", "card/theft"}
    ablation = report["ablation"]
    # the game as written is the report's 100 games: only the blanks are played for the first looks
    assert ablation["games"] == sum(r["games"] for r in ablation["rows"]) + max(
        0, max(r["games"] for r in ablation["rows"]) - 100)


def test_a_number_field_moves_one_step_either_way_within_its_bounds(shop: Path):
    rows = _rows(_ablated(shop, "--ablate", "card/trade-route.cost,card/jackpot.cost", "--budget", "600"))  # the rows
    assert set(rows) == {("card/trade-route", "cost +1"), ("card/trade-route", "cost -1"),
                         ("card/jackpot", "cost +1")}  # Jackpot's cost 1 has no step down: `min: 1`
    assert all(r["field"] == "cost" for r in rows.values())


def test_a_budget_spent_leaves_the_rest_undecided_and_says_so(shop: Path):
    report = _ablated(shop, "--ablate", "card/dud", "--threshold", "0", "--budget", "300")  # never within +-0
    ablation = report["ablation"]
    assert ablation["spent"] and ablation["games"] <= 300
    assert ablation["rows"][0]["verdict"] == "undecided"


def test_bare_ablate_measures_every_card(shop: Path):
    result = run_pnp("--root", str(shop), "simulate", "shop", "--players", "2", "--games", "50", "--policy",
                     "random", "--ablate", "--threshold", "40", process=True)
    assert result.code == 0, result.err
    assert "card/grand-market" in result.out.split("each card's effect", 1)[1]


@pytest.mark.parametrize(("args", "said"), [
    (["--ablate", "card/jackpt"], "no card 'jackpt' in card; did you mean 'jackpot'"),
    (["--ablate", "cards/jackpot"], "no deck 'cards' in shop"),
    (["--ablate", "card/jackpot.cots"], "card cards have no field 'cots'; did you mean 'cost'"),
    (["--ablate", "card/jackpot.name"], "name is text ('Jackpot'), not a number"),
    (["--ablate", "jackpot"], "write DECK/CARD"),
    (["--ablate", "card/jackpot,card/jackpot"], "named twice"),
    (["--threshold", "3"], "--threshold and --budget go with --ablate"),
    (["--ablate", "all", "--threshold", "100"], "--threshold 100: points of win rate"),
    (["--ablate", "all", "--budget", "0"], "--budget 0: from 1 to"),
    (["--ablate", "all", "--vary", "card/jackpot.cost=1,2"], "--ablate measures each card under one policy"),
])
def test_an_ablation_that_cannot_be_asked_is_said_in_one_line(shop: Path, args: list[str], said: str):
    result = run_pnp("--root", str(shop), "simulate", "shop", "--games", "10", *args)
    assert result.code == 2 and "Traceback" not in result.err, (result.code, result.err)
    assert said in result.err, result.err


def test_a_located_field_error_names_the_deck_file_and_line(shop: Path):
    result = run_pnp("--root", str(shop), "simulate", "shop", "--ablate", "card/jackpot.name")
    line = (shop / "cards/shop/cards.yaml").read_text().splitlines().index("  - name: Jackpot") + 1
    assert result.err.startswith(f"cards/shop/cards.yaml:{line}:"), result.err


@pytest.mark.slow
def test_the_balance_rule_finds_a_card_by_its_ablation_at_the_rule_s_line(shop: Path):
    rules = shop / "cards/shop/rules.yaml"
    edit(rules, "  - {id: costs,", "  - {id: no-card-decides, kind: balance, policy: random, games: 100, "
         "card_effect: 3}\n  - {id: costs,")
    for name in ("rules.yaml", "game.yaml"):  # one player count: the rule's findings are that count's
        edit(shop / "cards/shop" / name, "players: {min: 1, max: 4}", "players: {min: 2, max: 2}")
    line = rules.read_text().splitlines().index("  - {id: no-card-decides, kind: balance, policy: random, "
                                                "games: 100, card_effect: 3}") + 1
    result = run_pnp("--root", str(shop), "check", "shop")
    assert result.code == 1, result.out + result.err
    found = [x.strip() for x in result.out.splitlines() if "against a blank of it (99.7 % paired interval" in x]
    assert any(x.startswith(f"cards/shop/rules.yaml:{line}:5: card/jackpot: ") for x in found), result.out
    assert all(x.startswith(f"cards/shop/rules.yaml:{line}:") and "beyond the limit +-3" in x for x in found), found
    assert not any("card/dud" in x for x in found)


def test_the_html_report_has_the_ablation_s_rows_as_the_json_says_them(shop: Path):
    args = ["--ablate", "card/jackpot,card/dud", "--threshold", "3"]
    report = _ablated(shop, *args)
    page = run_pnp("--root", str(shop), "simulate", "shop", "--players", "2", "--games", "100", "--policy", "random",
                   "--format", "html", *args)
    assert page.code == 0, page.err
    assert "Each card's effect, on the same deals" in page.out
    for r in report["ablation"]["rows"]:
        row = page.out.split(f'data-ablated="{r["players"]} {r["card"]} {r["change"]}">', 1)[1].split("</tr>", 1)[0]
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row)
        assert cells[3:7] == [str(r["games"]), f"{r['only_with']} / {r['only_without']}",
                              f"{100 * r['difference']:+.1f}", f"{100 * r['low']:+.1f} to {100 * r['high']:+.1f}"]
        assert r["verdict"] in cells[7]
