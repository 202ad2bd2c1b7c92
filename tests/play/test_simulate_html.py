"""`pnp simulate --format html`: one offline page of plots whose figures are the JSON report's, the same
bytes for the same seed; without matplotlib (an optional extra) a plain message and exit 2."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from html.parser import HTMLParser

import pytest

from conftest import REPO, run_pnp

pytest.importorskip("matplotlib")
ROOT = str(REPO / "tests" / "data" / "simulate")
COINS = ("--root", ROOT, "simulate", "coins", "--games", "80", "--jobs", "1", "--policy", "random")


def simulate(*args: str, fmt: str, env: dict[str, str] | None = None) -> str:
    result = run_pnp(*COINS, *args, "--format", fmt, env=env)
    assert result.code == 0, result.err
    return result.out


class Rows(HTMLParser):
    """The text of each table row carrying a `data-group` or `data-card` attribute, by that attribute."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: dict[str, list[list[str]]] = {}
        self.row: list[str] | None = None
        self.key = ""
        self.cards = ""  # the player count of the cards table being read

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        at = dict(attrs)
        if tag == "details" and "data-cards" in at:
            self.cards = str(at["data-cards"])
        if tag == "tr" and ("data-group" in at or "data-card" in at):
            self.key = f"group {at['data-group']}" if "data-group" in at else f"{self.cards} {at['data-card']}"
            self.row = []
        elif tag == "td" and self.row is not None:
            self.row.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "tr" and self.row is not None:
            self.rows.setdefault(self.key, []).append([cell.strip() for cell in self.row])
            self.row = None

    def handle_data(self, data: str) -> None:
        if self.row:
            self.row[-1] += data


def pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def test_the_page_says_the_numbers_of_the_json_report():
    report = json.loads(simulate(fmt="json"))
    parser = Rows()
    parser.feed(simulate(fmt="html"))
    assert len(report["groups"]) == 3
    for i, g in enumerate(report["groups"]):
        w = g["win"]
        [row] = parser.rows[f"group {i}"]
        players = f"{g['players']} player{'s' if g['players'] != 1 else ''}"
        assert row == [players, str(w["games"]), pct(w["rate"]), f"{pct(w['low'])} - {pct(w['high'])}",
                       f"{g['rounds']['mean']:.2f}"]
        drawn = [c for c in g["cards"] if c["drawn"] or c["played_games"]]
        assert drawn
        for c in drawn:
            [cells] = parser.rows[f"{g['players']} {c['card']}"]
            assert cells[:6] == [c["card"], str(c["drawn"]), str(c["played_games"]), pct(c["when_played"]["rate"]),
                                 pct(c["when_not"]["rate"]), f"{100 * c['effect']:+.1f}"]
            assert cells[6] == c["flag"]


def test_the_same_seed_gives_the_same_bytes_and_the_page_stands_alone():
    # two processes, their string hashes salted apart: nothing in the page follows a set's order
    first, second = simulate(fmt="html", env={"PYTHONHASHSEED": "1"}), simulate(fmt="html", env={"PYTHONHASHSEED": "2"})
    assert first == second
    other = simulate("--seed", "2", fmt="html")
    assert other != first  # the page does show the games played
    assert first.startswith("<!DOCTYPE html>")
    assert "<script" not in first and "<link" not in first and "@import" not in first
    assert set(re.findall(r"https?://[^\s\"')]+", first)) <= {"http://www.w3.org/2000/svg",
                                                              "http://www.w3.org/1999/xlink"}
    assert not re.search(r"<dc:date|CreationDate|<dc:creator", first)
    # the plots: win rates, losses, rounds survived, the purse round by round, the length of games, each kind of
    # move's share, a card forest per player count
    assert first.count("<svg") == 1 + 3 + 2 + 3
    ids = re.findall(r'\bid="([^"]+)"', first)
    assert len(ids) == len(set(ids)) > 50  # unique in the page: each plot's references are its own
    for ref in set(re.findall(r'(?:url\(#|href="#)([^")]+)', first)):
        assert ref in ids, ref


def test_a_sweep_plots_the_win_rate_against_the_value():
    page = simulate("--vary", "coin/gold.value=1,3,6", "--players", "1,3", fmt="html")
    assert "The sweep" in page
    assert "<text" in page  # matplotlib keeps text as text (svg.fonttype none): it can be read
    sweep = page[page.index("The sweep"):]
    sweep = sweep[:sweep.index("</svg>")]
    for said in ("coin/gold.value", "1 player", "3 players", ">1<", ">3<", ">6<"):
        assert said in sweep, said
    parser = Rows()
    parser.feed(page)
    values = [parser.rows[f"group {i}"][0][1] for i in range(6)]
    assert values == ["coin/gold.value=1"] * 2 + ["coin/gold.value=3"] * 2 + ["coin/gold.value=6"] * 2


def test_the_effect_interval_is_newcombes():
    from pnp.play.plots import difference
    from pnp.play.report import _rate

    # Newcombe (1998), Statistics in Medicine 17, table II, example (a): 56/70 against 48/80, method 10
    card = {"when_played": _rate(56, 70), "when_not": _rate(48, 80)}
    low, high = difference(card)
    assert round(low, 3) == 0.052 and round(high, 3) == 0.334


def test_without_matplotlib_the_page_says_how_to_install_it():
    code = ("import sys; sys.modules['matplotlib'] = None; from pnp.commands.cli import main; "
            f"sys.argv = ['pnp', '--root', {ROOT!r}, 'simulate', 'coins', '--games', '5', '--format', 'html']; main()")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2, proc.stderr
    assert "pip install 'pnp-press[plots]'" in proc.stderr
    assert "Traceback" not in proc.stderr and proc.stdout == ""


def test_matplotlib_is_imported_only_to_draw():
    code = ("import sys, pnp.commands.cli, pnp.play.lab, pnp.play.html, pnp.play.plots, pnp.play.cluster; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('matplotlib', 'distributed', 'dask')))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert proc.stdout.strip() == "[]"


def test_a_game_of_exact_odds_gets_its_table_as_a_page():
    result = run_pnp("simulate", "arkship", "--format", "html")
    assert result.code == 0, result.err
    text = run_pnp("simulate", "arkship").out
    assert "the odds of its skill tests" in result.out and "<svg" not in result.out
    assert text.splitlines()[3] in result.out  # the first crisis's first row, as the text report says it


def test_a_competitive_groups_point_is_seat_1s_share_not_the_games_someone_won():
    from pnp.play import plots

    def group(players: int, variant: str, seat1: float) -> dict:
        by_seat = [{"seat": 1, "rate": seat1, "low": seat1 - 0.1, "high": seat1 + 0.1}]
        return {"players": players, "policy": "p", "variant": variant,
                "win": {"rate": 1.0, "low": 0.96, "high": 1.0, "games": 90, "wins": 90}, "seats": {"by_seat": by_seat}}

    groups = [group(2, "n=1", 0.613), group(2, "n=2", 0.547)]
    rates, sweep = plots.win_rates(groups, [("p", "n=1"), ("p", "n=2")]), plots.sweep(groups, ["n=1", "n=2"], ["p"])
    assert ">61.3 %<" in rates and ">54.7 %<" in rates and ">100.0 %<" not in rates
    assert "seat 1's share" in rates and "seat 1's share" in sweep


def test_a_long_game_labels_every_2nd_5th_or_10th_round_so_that_the_numbers_never_meet():
    from pnp.play.plots import round_ticks

    assert round_ticks(list(range(1, 11)), 24) == list(range(1, 11))  # Voyage's ten rounds: each one
    assert round_ticks(list(range(1, 11)), 6) == [1, 3, 5, 7, 9]  # in a quarter of the width: every 2nd
    assert round_ticks(list(range(1, 44)), 6) == [1, 11, 21, 31, 41]  # Moon's 43 turns: every 10th
    assert round_ticks(list(range(0, 44)), 24) == list(range(0, 44, 2))
    assert round_ticks(list(range(1, 5001)), 6) == [1, 1001, 2001, 3001, 4001]
