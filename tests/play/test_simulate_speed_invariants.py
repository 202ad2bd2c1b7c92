"""`pnp simulate` made faster without changing what it plays: Voyage's baseline chooses, from groups of
moves, the move it chose valuing every legal move one by one; games are played in batches of a work,
whatever the number of jobs the same games; a failing game is still named; each game of a batch has its
own time limit; the dealer's kept pieces read a card's fields again when they change."""

from __future__ import annotations

import json
import random
import shutil
import sys
import time
from pathlib import Path

import pytest

from pnp.core.sandbox.confinement import Confinement
from pnp.core.sandbox.runner import Running

from conftest import DATA, REPO, run_pnp


def simulate(root: Path, game: str, *args: str) -> tuple[int, str, str]:
    result = run_pnp("--root", str(root), "simulate", game, *args)
    return result.code, result.out, result.err


# -- Voyage's baseline: the grouped choice is the move-by-move choice --------------------------------------
def _parts(m) -> tuple:
    """A Move as worths.worth takes it: (name, who, key, target)."""
    key = m.card.split("/")[1] if m.card else None
    if m.name in ("move", "room", "captain"):
        return m.name, m.arg[0], key, m.arg[1]
    if m.name == "ability":
        return m.name, *m.arg
    if m.name == "resolve":
        return m.name, m.arg[0], m.arg[1], None
    if m.name == "discard":
        who, card, i = m.arg
        return m.name, who, i, card
    return m.name, m.arg, None, None


def test_voyages_baseline_chooses_as_valuing_every_legal_move_one_by_one():
    """At every decision of 180 games (1-4 players), the move `baseline_move` makes (groups of moves, a
    group's worth worked out once where its targets are worth the same and its targets only where it could
    win, the worths that read only the meters kept by them between games, a Jetpack's best square first,
    Quill's pick kept with the discard pile) is the first legal move of the best worth per Action, each legal
    move valued on its own, or END when none is worth 0.25; also where a sweep changes the cards' numbers
    between games (the kept worths are each variant's own)."""
    from pnp.model.game import load_game
    from pnp.play.run import Plan, play_one, session
    from pnp.play.variant import Variant
    from pnp.rules.check import load_rules

    game = load_game(REPO, "voyage")
    spec, _ = load_rules(game)
    variants = [Variant(), Variant("ability", "industrial-mop", "sanitation", 60), Variant("captain", "quill",
                                                                                          "cost", 0)]
    s = session(Plan(game, spec.setup, 5, "baseline", variants))
    seen = {"decisions": 0, "kinds": set(), "ends": 0, "answers": 0}

    def checked(state, legal, rng):
        package = type(state).__module__.rsplit(".", 1)[0]
        baseline, worths = sys.modules[package + ".baseline"], sys.modules[package + ".worths"]
        fast = state.baseline_move(rng)
        if state.pending is not None:  # a decision inside an effect (choices.py): the baseline's answer
            assert fast == baseline.answer(state) and fast in legal, (fast, legal)
            seen["answers"] += 1
            return fast
        best, best_score, sites = legal[0], 0.25, {}
        for m in legal[1:]:
            name, who, key, target = _parts(m)
            score = worths.worth(state, name, who, key, target, m.cost, sites) / max(m.cost, 0.5)
            if score > best_score:
                best, best_score = m, score
        assert fast == best and fast in legal, (fast, best)
        seen["decisions"] += 1
        seen["kinds"].update(m.name for m in legal)
        seen["ends"] += best is legal[0]
        return fast

    s.policy = checked
    for i in range(30):
        for players in (1, 2, 3, 4):
            play_one(s, (0, players, i))
            if i % 5 == 0:
                play_one(s, (1 + i % 2, players, i))
                play_one(s, (0, players, i + 100))
    assert seen["decisions"] > 3000 and seen["ends"] > 200 and seen["answers"] > 100, seen
    assert {"move", "ability", "captain", "room", "search", "clean", "entertain", "resolve"} <= seen["kinds"]


def test_the_baseline_policy_plays_the_same_game_with_and_without_the_list_of_moves():
    """`State.baseline_move` is a shortcut: the game it plays is the game `baseline(moves(), rng)` plays."""
    from pnp.model.game import load_game
    from pnp.play.policies import baseline_policy
    from pnp.play.run import Plan, play_one, session
    from pnp.rules.check import load_rules

    game = load_game(REPO, "voyage")
    spec, _ = load_rules(game)
    s = session(Plan(game, spec.setup, 2, "baseline"))
    direct = [play_one(s, (0, 3, i)) for i in range(25)]
    s.policy = lambda state, moves, rng: baseline_policy(state, moves, rng)  # not the policy itself: the list path
    listed = [play_one(s, (0, 3, i)) for i in range(25)]
    # the same games, but for how the decisions were counted (the tally, 13: the quick path lists no moves)
    assert [r[:13] + r[14:] for r in direct] == [r[:13] + r[14:] for r in listed]
    assert [r[13]["chosen"] for r in direct] == [r[13]["chosen"] for r in listed]
    assert all(r[13]["listed"] == 0 for r in direct) and all(r[13]["listed"] == r[13]["decisions"] for r in listed)
    # the quick path tells each decision forced or not (State.baseline_forced), as the listed moves count it
    assert all(r[13]["told"] == r[13]["decisions"] for r in direct)
    forced = [r[13]["forced"] for r in direct]
    assert forced == [r[13]["forced"] for r in listed] and sum(forced)
    assert len({r[3:6] for r in direct}) > 1  # games that differ: the comparison can fail


# -- the run: batches, jobs, seeds --------------------------------------------------------------------------
def test_the_same_seed_gives_the_same_report_whatever_the_jobs_and_batches():
    """240 games: batches of 25 with 1 or 2 jobs, of 20 with 3; byte-identical JSON; another seed differs."""
    args = ("--players", "1-4", "--games", "60", "--seed", "4", "--format", "json")
    runs = [simulate(REPO, "voyage", *args, "--jobs", jobs) for jobs in ("1", "2", "3", "2")]
    assert all(code == 0 for code, _, _ in runs), [err for _, _, err in runs]
    outs = {out for _, out, _ in runs}
    assert len(outs) == 1
    other = simulate(REPO, "voyage", "--players", "1-4", "--games", "60", "--seed", "5", "--format", "json")
    assert other[0] == 0 and other[1] not in outs
    report = json.loads(runs[0][1])
    assert [g["win"]["games"] for g in report["groups"]] == [60, 60, 60, 60]


def test_a_cards_number_still_changes_the_games_and_its_own_value_plays_the_plain_games():
    """A sweep's values meet the same deals: the card's own value plays exactly the plain run's games (the
    dealer's kept pieces are made again when the fields change), another value plays other games."""
    text = (REPO / "cards" / "voyage" / "events.yaml").read_text()
    at = text.index("id: meteor-shower")
    damage = int(text[at:].split("damage:", 1)[1].split()[0].strip(","))
    swept = json.loads(simulate(REPO, "voyage", "--players", "1", "--games", "200", "--seed", "3", "--format",
                                "json", "--vary", f"event/meteor-shower.damage={damage + 2},{damage}")[1])
    plain = json.loads(simulate(REPO, "voyage", "--players", "1", "--games", "200", "--seed", "3", "--format",
                                "json")[1])
    harder, same = swept["groups"]
    assert {k: v for k, v in same.items() if k != "variant"} == {k: v for k, v in plain["groups"][0].items()
                                                                  if k != "variant"}
    assert harder["win"]["rate"] < same["win"]["rate"], (harder["win"], same["win"])


def test_the_dealer_reads_the_cards_fields_again_after_renew():
    from pnp.model.game import load_game
    from pnp.rules.check import load_rules
    from pnp.rules.dealer import Dealer
    from pnp.rules.setup_expr import Locator, choose

    game = load_game(REPO, "voyage")
    spec, _ = load_rules(game)
    dealer = Dealer(game, spec.setup, Locator(game, None))
    first = dealer.deal(2, choose(spec.setup), random.Random(1))
    card = next(d for d in game.decks if d.id == "event").cards[0]
    had, old = "flavor" in card.data, card.data.get("flavor")
    try:  # (the deck is pnp's kept one, deck_memo.py: put back as it was, a key it lacked removed)
        card.data["flavor"] = "changed"
        dealer.deal(2, choose(spec.setup), random.Random(1))
        kept = {p.data.fields.get("flavor") for p in dealer.pieces["event"] if p.id == card.id}
        dealer.renew()
        again = dealer.deal(2, choose(spec.setup), random.Random(1))
        renewed = {p.data.fields.get("flavor") for p in dealer.pieces["event"] if p.id == card.id}
    finally:
        if had:
            card.data["flavor"] = old
        else:
            del card.data["flavor"]
    assert kept == {old} and renewed == {"changed"}
    assert again == first  # the same seed deals the same table from kept or new pieces


@pytest.fixture
def coins(tmp_path: Path) -> Path:
    return Path(shutil.copytree(DATA / "simulate", tmp_path / "sim"))


def test_a_game_failing_inside_a_batch_is_the_game_named(coins):
    """Coins fails only in games whose table seed is odd-ish (seed % 5 == 3): the run names the first such
    game, not the first game of its batch."""
    from pnp.play.run import game_seed

    play = coins / "cards" / "coins" / "play.py"
    text = play.read_text()
    old = "        self.turn += 1\n"
    play.write_text(text.replace(old, "        if self.table.seed % 5 == 3:\n            raise ValueError('odd')\n"
                                 + old, 1))
    code, out, err = simulate(coins, "coins", "--games", "40", "--players", "1", "--jobs", "1", "--seed", "9")
    first = next(i for i in range(40) if game_seed(9, i) % 5 == 3)
    assert first > 0  # not the batch's first game: the test can tell
    assert code == 2 and not out and "ValueError: odd" in err, err
    assert f"game {first + 1} at 1 player" in err and f"--seed {game_seed(9, first)}`" in err, err


# -- the runner: a work of several parts, each on its own time limit -------------------------------------------
def _busy(seconds: float) -> None:
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass


def _parts_of(n: int, seconds: float) -> None:
    from pnp.core.sandbox.child import lap

    for k in range(n):
        if k:
            lap()
        _busy(seconds)


def test_each_part_of_a_work_has_the_whole_time_of_one_and_no_more_parts_than_given():
    three = Confinement(1.0, parts=3, wall=60.0)  # 1 s of processor time a part; the clock generous (a busy machine)
    ok, = Running([lambda: _parts_of(3, 0.6)], three).outcomes()
    assert ok.kind == "ok", ok.failure  # 1.8 s in all, 0.6 s a part: within 1 s a part
    slow, = Running([lambda: _parts_of(2, 1.3)], three).outcomes()
    assert slow.kind == "overtime"  # one part over its time
    many, = Running([lambda: _parts_of(5, 0.05)], three).outcomes()
    assert many.kind == "overtime"  # a fourth part: more laps than the work was given
    whole, = Running([lambda: _busy(1.8)], three).outcomes()
    assert whole.kind == "overtime"  # without a lap, the time of one part
