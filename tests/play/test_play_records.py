"""What a play module records and returns passes one bounded path (pnp.play.table's Record, run._ended): a
meter that is not a finite number, a loss reason of megabytes, a round past the bound, a card that is not
the game's are each a located error at the module's line (exit 2, never a traceback or exit 3); what game
code says reaches the terminal and the page escaped; its files are held to the project, and a syntax error
in them is located as any other error; the cards it reads refuse a change."""

from __future__ import annotations

import json
import math
import re
import shutil
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import DATA, run_pnp

PLAY = "cards/coins/play.py"


@pytest.fixture
def coins(tmp_path: Path) -> Path:
    return Path(shutil.copytree(DATA / "simulate", tmp_path / "sim"))


def edit(root: Path, old: str, new: str) -> int:
    """`old` in Coins' play module replaced by `new`; the line it is on."""
    play = root / PLAY
    text = play.read_text()
    assert old in text
    play.write_text(text.replace(old, new, 1))
    return text[:text.index(old)].count("\n") + 1


def simulate(root: Path, *args: str) -> tuple[int, str, str]:
    result = run_pnp("--root", str(root), "simulate", "coins", "--players", "1", "--games", "5", "--jobs", "1", *args)
    assert "Traceback" not in result.err
    return result.code, result.out, result.err


METER = 'self.table.record.meter("purse", self.purse)'
REASON = '"out of turns"'


@pytest.mark.parametrize(("old", "new", "said"), [
    (METER, 'self.table.record.meter("purse", "ten")', "meter 'purse' is a finite number (int or float), not str"),
    (METER, 'self.table.record.meter("purse", float("nan"))',
     "meter 'purse' is a finite number (int or float), not nan"),
    (METER, 'self.table.record.meter("x" * 10_000_000, 1)', "a meter's name 'xxx"),
    (METER, 'self.table.record.count("turn", 10 ** 100)', "the count of 'turn'"),
    (METER, 'self.table.record.play("coin", "platinum")', "the card 'coin/platinum' is not one of the game's cards"),
    (METER, '[self.table.record.meter(f"m{k}", 1) for k in range(10_000)]', "more than 200 meters in one game"),
])
def test_a_record_that_does_not_fit_is_located_at_its_call(coins, old, new, said):
    line = edit(coins, old, new)
    code, out, err = simulate(coins, "--format", "json")
    assert code == 2 and not out
    assert err.startswith(f"{PLAY}:{line}: the play module recorded what does not fit its record: "), err
    assert said in err and len(err) < 1_000, err  # a 10 MB name is named, not printed


@pytest.mark.parametrize(("old", "new", "said"), [
    (REASON, '"x" * 10_000_000', "the reason is text of at most 200 characters"),
    ("self.turn)\n", "10 ** 9)\n", "the round is an int from 0 to 1,000, not 1000000000"),
    ("won = self.purse >= self.goal", "won = 'yes'", "won is True or False"),
])
def test_an_outcome_that_does_not_fit_is_located_at_outcome(coins, old, new, said):
    edit(coins, old, new)
    at = (coins / PLAY).read_text().split("\n").index("    def outcome(self) -> Outcome:") + 1
    code, out, err = simulate(coins)
    assert code == 2 and not out
    assert err.startswith(f"{PLAY}:{at}: outcome() returns Outcome(won, reason, round): {said}"), err
    assert len(err) < 1_000


def test_what_game_code_says_reaches_the_terminal_and_the_page_escaped(coins):
    edit(coins, REASON, '"\\x1b[2Jgone\\u202e"')
    edit(coins, METER, 'self.table.record.meter("purse\\x07", self.purse)')
    for fmt in ("text", "json", "html"):
        code, out, err = simulate(coins, "--format", fmt)
        assert code == 0, err
        assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out, fmt
        assert "\\x1b[2Jgone\\u202e" in (json.loads(out)["groups"][0]["losses"][0]["reason"] if fmt == "json" else out)
    edit(coins, "        self.turn += 1\n", "        raise ValueError('\\x1b]0;owned\\x07')\n")
    code, _, err = simulate(coins)
    assert code == 2 and "\x1b" not in err and "ValueError: \\x1b]0;owned\\x07" in err, err


def test_a_syntax_error_is_located_at_its_line_and_column(coins):
    edit(coins, "from pnp.play import", "def broken(:\nfrom pnp.play import")
    line = (coins / PLAY).read_text().split("\n").index("def broken(:") + 1
    code, out, err = simulate(coins)
    assert code == 2 and not out
    assert re.match(rf"{PLAY}:{line}:\d+: syntax error in the play module: ", err), err


def test_a_play_module_that_leads_outside_the_project_is_refused(coins, tmp_path):
    outside = tmp_path / "elsewhere.py"
    shutil.move(coins / PLAY, outside)
    (coins / PLAY).symlink_to(outside)
    code, out, err = simulate(coins)
    assert code == 2 and not out
    assert err.startswith(f"{PLAY}: this play module file leads outside the project"), err


def test_the_cards_are_read_only_to_game_code(coins):
    """A play module that changed a card's fields made each worker's games differ from the next's (`--jobs 1`
    and `--jobs 2` gave different reports): the change is refused at its line."""
    line = edit(coins, "        self.turn += 1\n", "        self.table.cards('coin')['gold']['value'] += 1\n"
                                                   "        self.turn += 1\n")
    code, out, err = simulate(coins)
    assert code == 2 and not out
    assert err.startswith(f"{PLAY}:{line}: the play module failed: TypeError: 'mappingproxy' object does not "
                          "support item assignment"), err
    edit(coins, "self.table.cards('coin')['gold']['value'] += 1", "self.table.data('die')['faces'].append(1)")
    code, _, err = simulate(coins)
    assert code == 2 and f"{PLAY}:{line}: the play module failed: AttributeError" in err, err


VALUES = st.one_of(st.integers(), st.floats(), st.text(max_size=300), st.booleans(), st.none(),
                   st.lists(st.integers(), max_size=3), st.binary(max_size=5))


@settings(max_examples=300, deadline=None)
@given(calls=st.lists(st.tuples(st.sampled_from(["meter", "count", "play", "draw"]), VALUES, VALUES), max_size=30))
def test_a_record_holds_only_what_fits_whatever_a_play_module_records(calls):
    """Any call a play module makes either fits (and the record is strict JSON of bounded size) or is a
    BadRecord: nothing else escapes, nothing unbounded is kept."""
    from pnp.core.bounds import RECORD_NAME, RECORD_NUMBER
    from pnp.play.table import BadRecord, Record

    record = Record(frozenset({"coin/gold", "coin/silver"}))
    for method, a, b in calls:
        try:
            getattr(record, method)(a, b)
        except BadRecord:
            continue
    names = [*record.meters, *record.counts]
    assert all(isinstance(n, str) and 0 < len(n) <= RECORD_NAME for n in names)
    numbers = [v for values in record.meters.values() for v in values] + list(record.counts.values())
    assert all(type(v) in (int, float) and math.isfinite(v) and abs(v) <= RECORD_NUMBER for v in numbers)
    assert record.drawn <= {"coin/gold", "coin/silver"}
    json.dumps([record.meters, record.counts, record.played, sorted(record.drawn)], allow_nan=False)


@settings(max_examples=200, deadline=None)
@given(won=VALUES, reason=VALUES, ended=VALUES)
def test_an_outcome_is_taken_only_as_it_fits(won, reason, ended):
    from pnp.core.bounds import RECORD_NAME, RECORD_ROUNDS
    from pnp.core.errors import InputError
    from pnp.model.game import load_game
    from pnp.play.run import _ended
    from pnp.play.state import Outcome, State

    class Game(State):
        def outcome(self):  # the line named
            return Outcome(won, reason, ended)

    state = Game.__new__(Game)
    try:
        got = _ended(_game(load_game), state, state.outcome())
    except InputError as exc:
        assert "outcome() returns Outcome(won, reason, round)" in str(exc) and len(str(exc)) < 600
        return
    assert type(got[0]) is bool and got[1].isprintable()  # escaped
    assert len(reason) <= RECORD_NAME and type(got[2]) is int and 0 <= got[2] <= RECORD_ROUNDS


_GAME: list = []


def _game(load_game):
    if not _GAME:
        _GAME.append(load_game(DATA / "simulate", "coins"))
    return _GAME[0]


def test_a_game_of_a_billion_rounds_is_stopped_at_the_records_bound(coins):
    """A data table that makes the game last 10^9 rounds ran pnp out of memory (the report and its plots
    hold every round): the record's bound stops it at its first game, at the line that records."""
    purse = coins / "cards" / "coins" / "purse.yaml"
    text = purse.read_text().replace("turns: 8", "turns: 1000000000")
    purse.write_text(text.replace("goal: 10", "goal: 10000000000"))
    line = (coins / PLAY).read_text().split("\n").index(f"        {METER}") + 1
    code, out, err = simulate(coins, "--format", "html")
    assert code == 2 and not out
    assert err.startswith(f"{PLAY}:{line}: the play module recorded what does not fit its record: meter 'purse' "
                          "more than 1,000 times in one game"), err


def test_a_move_too_long_to_tell_is_located_at_moves_before_the_trace_takes_it(coins):
    """A move of 10 MB (its name, or its arg) was told in full by `--trace`: 90 MB on stdout after 81 s and
    340 MB, exit 0. What a trace tells of a move leaves the worker: held to the record's bounds at moves()."""
    from pnp.core.bounds import RECORD_NAME

    edit(coins, 'DRAW, ROLL = Move("draw"), Move("roll")', 'DRAW, ROLL = Move("d" * 10_000_000), Move("roll")')
    at = (coins / PLAY).read_text().split("\n").index("    def moves(self) -> list[Move]:") + 1
    started = time.monotonic()
    code, out, err = simulate(coins, "--trace", "0")
    assert time.monotonic() - started < 15
    assert code == 2 and not out
    assert err.startswith(f"{PLAY}:{at}: moves() returns a move told in more than {RECORD_NAME} characters: "
                          "'ddddd"), err
    assert len(err) < 1_000, len(err)


def test_a_trace_tells_what_game_code_names_escaped(coins):
    """The report escapes a meter's or a move's name; `--trace` wrote them raw (ESC[2J cleared the terminal)."""
    edit(coins, 'DRAW, ROLL = Move("draw"), Move("roll")', 'DRAW, ROLL = Move("draw\\x1b[2J"), Move("roll")')
    edit(coins, METER, 'self.table.record.meter("purse\\x1b]0;owned\\x07", self.purse); '
                       'self.table.record.count("ev\\u202e")')
    code, out, err = simulate(coins, "--trace", "0")
    assert code == 0, err
    assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out, out
    assert "move 1: draw\\x1b[2J (of 2: draw\\x1b[2J, roll)" in out, out
    assert "  purse\\x1b]0;owned\\x07: " in out and "  ev\\u202e" in out, out


@pytest.mark.parametrize(("old", "new", "method", "said"), [
    ("return self.purse >= self.goal or self.turn >= self.turns", "return False", "over",
     "the game was not over after 5,000 moves: does over() ever say so?"),
    ("return [DRAW, ROLL] if len(self.pile) else [ROLL]", "return []", "moves",
     "moves() offered no move while over() says the game goes on"),
])
def test_a_game_that_never_ends_is_located_at_the_method_that_keeps_it_going(coins, old, new, method, said):
    """A game over() never ends (its rounds unbounded, its records unused) was said at play.py alone."""
    edit(coins, METER, "pass")  # (no meter: a record's own bound would stop it first)
    edit(coins, old, new)
    at = next(i for i, line in enumerate((coins / PLAY).read_text().split("\n"), 1)
              if line.startswith(f"    def {method}(self"))
    code, out, err = simulate(coins)
    assert code == 2 and not out
    assert err.startswith(f"{PLAY}:{at}: {said} (game 1 at 1 player"), err
