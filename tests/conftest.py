"""Shared fixtures: a throwaway copy of a small project, and a CLI runner that returns what a user sees."""

from __future__ import annotations

import dataclasses
import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

REPO = Path(__file__).resolve().parent.parent

# CI draws the same examples from every property test at each run (a failure there is then a change's, never
# the luck of the draw, and its shrinking is bounded); a run anywhere else explores new ones
if os.environ.get("CI"):
    from hypothesis import settings as _hypothesis

    _hypothesis.register_profile("pnp-ci", derandomize=True, deadline=None)
    _hypothesis.load_profile("pnp-ci")
DATA = Path(__file__).resolve().parent / "data"
# pnp keeps compiled template code between runs; the tests keep theirs apart from the user's, one folder
# per test run that the xdist workers (started after this, with this environment) share
if not os.environ.get("PYTEST_XDIST_WORKER"):
    # Python's compiled modules as usual, even where the environment says PYTHONDONTWRITEBYTECODE (this machine
    # does): without them every process a test starts (each xdist worker, simulation worker, game-code worker and
    # `pnp` run in a process of its own) compiles pnp's modules again from source, and pytest rewrites every test
    # module again in each worker. Game code is still never compiled to disk (pnp/core/sandbox/child.py).
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.dont_write_bytecode = False
    os.environ["PNP_CACHE_DIR"] = tempfile.mkdtemp(prefix="pnp-test-cache-")
    os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="pnp-test-config-")  # the cache's signing key


_LEFT: list[str] = []  # the test that left pnp's cache state changed, once said


@pytest.fixture(autouse=True)
def cache_as_a_new_process_finds_it(request):
    """Each test finds pnp's disk cache as a new `pnp` process does: no folder fixed, writes on, no kind given up,
    the signing key read afresh. A test that left it otherwise (in a worker's place, or after a folder it could
    not write) is named in a warning, so that the test after it neither passes nor fails for it."""
    yield
    from pnp.core import disk_cache

    if (disk_cache._FIXED or not disk_cache._WRITES[0] or disk_cache._BROKEN or disk_cache._KEY is None) \
            and not _LEFT:
        _LEFT.append(request.node.nodeid)
        import warnings

        warnings.warn(f"{request.node.nodeid} left pnp's disk cache state changed (fixed folder "
                      f"{disk_cache._FIXED}, writes {disk_cache._WRITES[0]}, given up {sorted(disk_cache._BROKEN)}, "
                      f"key {'none' if disk_cache._KEY is None else 'kept'}): reset for the next test", stacklevel=1)
    disk_cache._FIXED.clear()
    disk_cache._WRITES[0] = True
    disk_cache._BROKEN.clear()
    if disk_cache._KEY is None:
        disk_cache._KEY = False


@contextmanager
def served(root: Path, game: str, **options) -> Iterator:
    """`pnp serve GAME` on `root`, in this process on a free port, ready: (server, its thread); stopped after."""
    from pnp.commands.serve import Server

    server = Server(root, game, port=0, say=lambda _: None, **options)
    server.start()
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        assert server.wait_ready()
        yield server, thread
    finally:
        server.stop()
        thread.join(10)


@dataclass
class Result:
    code: int
    out: str
    err: str


def run_pnp(*args: str, cwd: Path | None = None, env: dict[str, str] | None = None, process: bool = False) -> Result:
    """Run the real `pnp` command line as a designer would, from `cwd`, and return what they see.

    In this process by default (the same CLI code, without a Python start-up and cold caches per
    call); in a fresh process with `process=True` or `env` (variables to set for it), for what only a
    process shows. An exception escaping the CLI fails the test: a user would have seen a traceback."""
    if process or env:
        proc = subprocess.run([sys.executable, "-m", "pnp", *args], cwd=cwd or REPO, capture_output=True, text=True,
                              timeout=120, env={**os.environ, **env} if env else None)
        return Result(proc.returncode, proc.stdout, proc.stderr)
    from click.testing import CliRunner

    here = os.getcwd()
    os.chdir(cwd or REPO)
    try:
        result = _on_a_fresh_stack(lambda: CliRunner().invoke(_cli(), list(args), catch_exceptions=True))
    finally:
        os.chdir(here)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"pnp {' '.join(args)} raised (a user would see a traceback)") from result.exception
    return Result(result.exit_code, result.stdout, result.stderr)


_CLI: list = []  # pnp's whole command line as click runs it, made once per test process


def _cli() -> Any:
    """The click command typer makes of pnp's CLI (what typer's CliRunner makes again at every call: each command's
    options and their types, a fiftieth of a second a call). It holds no state of a run: each call parses its
    arguments into a context of its own."""
    if not _CLI:
        from typer.main import get_command

        from pnp.commands.cli import app

        _CLI.append(get_command(app))
    return _CLI[0]


def _on_a_fresh_stack(call: Callable[[], Any]) -> Any:
    """`call()` in a thread of its own, waited for: its Python frames start from the bottom of a new frame stack,
    as in a `pnp` process, not on top of pytest's. CPython 3.11 frees a chunk of its frame stack as soon as the
    stack falls back below it (gh-142183, fixed in 3.13 and 3.14), so a game whose moves call in and out right at
    a chunk's edge maps and unmaps it at every call; where that edge falls depends on how deep the caller was, and
    under pytest's frames a simulation's workers (forked with that stack) ran 2-10 times slower than the CLI."""
    done: list = []

    def run() -> None:
        try:
            done.append((True, call()))
        except BaseException as e:  # noqa: BLE001  (raised again in the test's thread)
            done.append((False, e))

    thread = threading.Thread(target=run, name="pnp-cli")
    thread.start()
    thread.join()
    ok, value = done[0]
    if not ok:
        raise value
    return value


_PEAK = """import atexit, runpy, sys
def peak():
    with open("/proc/self/status") as f, open(sys.argv.pop(1), "w") as out:
        out.write(next(line.split()[1] for line in f if line.startswith("VmHWM")))
atexit.register(peak)
sys.argv = ["pnp", *sys.argv[1:]]
runpy.run_module("pnp", run_name="__main__")
"""


def run_measured(project: Path, *args: str) -> tuple[int, str, int]:
    """`pnp --root PROJECT ARGS` in a process of its own: exit code, stderr, and its peak memory in MB (the
    process's own high-water mark, VmHWM: a child's rusage would count the test process it was spawned from)."""
    peak = project / "peak.txt"
    argv = [sys.executable, "-c", _PEAK.replace('sys.argv.pop(1)', repr(str(peak))), "--root", str(project), *args]
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    return proc.returncode, proc.stderr, int(peak.read_text()) // 1024


def build_game(out: Path, game: str, *args: str) -> dict:
    """`pnp build GAME --out OUT` from the repository; the manifest it wrote."""
    result = run_pnp("build", game, "--out", str(out), *args)
    assert result.code == 0, result.err
    return json.loads((out / "manifest.json").read_text())


def copy_project(src: Path, dst: Path) -> Path:
    shutil.copytree(src, dst, symlinks=False, ignore=shutil.ignore_patterns("output"))
    return dst


@pytest.fixture
def scaffold(tmp_path: Path) -> Path:
    """A project `pnp new --project` makes, its game `shop`: a game played from its YAML alone."""
    root = tmp_path / "shop"
    assert run_pnp("new", "--project", str(root)).code == 0
    return root


@pytest.fixture
def voyage_copy(tmp_path: Path) -> Path:
    """Voyage (its cards, templates and the fonts) copied into a project of its own: edit it freely."""
    root = tmp_path / "v"
    for folder in ("cards/voyage", "templates/voyage", "fonts"):
        shutil.copytree(REPO / folder, root / folder, ignore=shutil.ignore_patterns("__pycache__"))
    return root


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """tests/data/proj (the `mini` game) copied with the repository's fonts; edit it freely."""
    root = copy_project(DATA / "proj", tmp_path / "proj")
    return root


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1))


@pytest.fixture(scope="session")
def shared_build(tmp_path_factory) -> Callable[..., tuple[Path, dict]]:
    """`shared_build("voyage", "--paper", "letter")`: a bundled game built once per test run, shared by every test
    (and every xdist worker) that reads it: (output folder, manifest). Read it; never change it."""
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # the workers' common folder
    made: dict[tuple[str, ...], tuple[Path, dict]] = {}

    def get(game: str, *args: str) -> tuple[Path, dict]:
        key = (game, *args)
        if key not in made:
            out = shared / "-".join(["built", *(a.strip("-") for a in key)])
            with open(shared / f"{out.name}.lock", "w") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)  # one worker builds, the others wait and read
                manifest = out / "manifest.json"
                made[key] = (out, json.loads(manifest.read_text()) if manifest.is_file() else build_game(out, *key))
        return made[key]

    return get


@pytest.fixture
def moon_built(shared_build) -> tuple[Path, dict]:
    """Welcome to the Moon, built once for all its test modules: (output folder, manifest)."""
    return shared_build("moon")


@pytest.fixture
def moon(tmp_path: Path) -> Path:
    """A copy of the Moon pack to break on purpose."""
    return copy_of(tmp_path, "moon")


def copy_of(tmp_path: Path, game: str) -> Path:
    """A bundled game (its cards, its templates and the fonts) copied into a project of its own, to break."""
    root = tmp_path / game
    for folder in (f"cards/{game}", f"templates/{game}", "fonts"):
        shutil.copytree(REPO / folder, root / folder)
    return root


def data(game: str, name: str) -> dict:
    """A bundled game's YAML file, as it is written."""
    return yaml.safe_load((REPO / "cards" / game / name).read_text())


def cards(game: str, name: str) -> list[dict]:
    """The cards of a bundled game's deck file."""
    return data(game, name)["cards"]


def deal(game: str, players: int, seed: int = 1, *options: str) -> dict:
    """`pnp setup GAME --format json` at `players` (each `--option` given), which must deal."""
    args = [a for o in options for a in ("--option", o)]
    result = run_pnp("setup", game, "--players", str(players), "--seed", str(seed), *args, "--format", "json")
    assert result.code == 0, result.err
    return json.loads(result.out)


def ids(value: object) -> list[str]:
    """The card ids of a dealt pile (a plain list, or a pile that says its side)."""
    return value["cards"] if isinstance(value, dict) else value  # type: ignore[return-value]


def side(value: object) -> str | None:
    """The side a dealt pile lies on, if it says."""
    return value.get("side") if isinstance(value, dict) else None


def check_json_and_text(root: Path, game: str) -> tuple[Result, str]:
    """What `pnp check GAME --format json` prints (with its exit code) and the text report of the same
    check: one run of the checks, rendered by both of the CLI's report formats."""
    from pnp.commands.check_report import FORMATS
    from pnp.rules.check import check_game

    checked = check_game(root, game)
    code = 1 if checked.failed(strict=False) else 0
    return Result(code, FORMATS["json"]([checked], False), ""), FORMATS["text"]([checked], False)


def errors_of(result: Result) -> list[dict]:
    """The errors of `pnp check GAME --format json` for one game."""
    return json.loads(result.out)["games"][0]["errors"]


WHOLE_GAMES = {"shared_build", "shared_check", "moon", "ark", "sleeping_gods", "intrepid"}  # a build, a check, a copy
# the other tests that take most of a second of processor time or more (a simulation of many games, a whole game
# dealt or checked, a docs site built, a fuzz run): slow too, so that the quick run stays quick
HEAVY = {
    "test_processes_making_the_key_at_once_all_read_the_same_whole_key",
    "test_building_checking_and_playing_voyage_change_no_kept_deck",
    "test_the_french_rulebooks_example_reads_french",
    "test_every_page_of_voyage_reads_in_its_language",
    "test_serve_lang_fr_shows_the_french_faces_and_names_the_games_languages",
    "test_the_switch_redraws_the_faces_in_the_language_asked_and_refuses_another",
    "test_an_edit_from_the_page_is_refused_in_one_message_while_a_translation_is_shown",
    "test_the_diagram_and_the_example_follow_a_changed_card",
    "test_voyages_round_at_a_glance_is_the_player_aids_steps_with_the_numbers_of_the_data",
    "test_ark_ships_turn_overview_lists_its_steps_in_the_order_of_the_turn_aid",
    "test_an_overview_of_a_card_without_steps_is_said_at_its_block",
    "test_a_count_typed_in_a_say_sentence_is_checked_at_its_place",
    "test_the_number_of_stacks_a_say_sentence_names_is_the_steps_it_speaks_for",
    "test_the_say_sentences_of_the_bundled_games_hold",
    "test_a_term_with_no_meaning_is_a_warning_at_the_glossary_block",
    "test_a_wrong_diagram_or_example_block_is_said_at_its_line",
    "test_a_bleed_a_few_hundredths_short_on_every_turned_card_fails_the_check",
    "test_a_block_list_of_decks_gets_one_more_item",
    "test_a_bomb_is_refused_in_little_memory",
    "test_a_broken_link_in_the_docs_fails_the_site_build",
    "test_a_budget_spent_leaves_the_rest_undecided_and_says_so",
    "test_a_cache_entry_pnp_did_not_write_is_never_run",
    "test_a_card_is_flagged_only_beyond_the_threshold_the_designer_sets",
    "test_a_card_that_helps_is_flagged_helping_one_that_hurts_hurting_and_a_blank_one_not",
    "test_a_cards_number_still_changes_the_games_and_its_own_value_plays_the_plain_games",
    "test_a_competitive_games_change_is_told_seat_by_seat",
    "test_a_changed_deck_changes_the_rulebook_with_no_edit_to_it",
    "test_a_game_plays_the_same_whatever_its_worker_kept_from_the_games_before",
    "test_a_game_that_loops_is_stopped_once_by_its_processor_time",
    "test_a_harder_meter_shows_as_a_change_and_a_paired_fall_in_wins",
    "test_a_hand_typed_threshold_is_checked_against_the_data_its_sentence_names",
    "test_a_hostile_sheet_is_refused_at_its_cell_in_a_small_process",
    "test_a_listed_count_without_a_note_is_a_located_error",
    "test_a_merge_bomb_in_printers_yaml_is_refused",
    "test_a_merge_bomb_is_refused_like_an_alias_bomb",
    "test_a_mutated_game_is_answered_in_words_or_built_whole",
    "test_a_new_deck_can_use_a_template_of_the_game",
    "test_a_number_field_moves_one_step_either_way_within_its_bounds",
    "test_a_passive_step_that_cannot_be_played_is_refused_at_its_line",
    "test_a_planted_mistake_fails_both_the_schema_and_the_loader",
    "test_a_planted_upward_import_is_caught",
    "test_a_play_module_that_raises_loops_or_ends_its_process_is_a_located_error",
    "test_a_recorded_three_player_setup_with_a_wrong_wheel_or_token_is_caught",
    "test_a_resolve_cost_that_cannot_be_played_is_refused_at_its_line",
    "test_a_roll_at_the_rounds_end_adds_a_token_where_the_die_points",
    "test_a_rulebook_that_runs_past_its_time_is_stopped_at_its_block",
    "test_a_rulebook_whose_inputs_did_not_change_comes_from_the_cache_byte_for_byte",
    "test_a_save_during_a_run_kills_its_workers",
    "test_a_step_that_lasts_is_taken_back_at_the_end_of_its_last_round",
    "test_a_sweep_outside_the_fields_bounds_is_refused_at_the_field",
    "test_a_sweep_plots_the_win_rate_against_the_value",
    "test_a_token_that_does_not_fit_is_reported_at_its_space_with_both_sizes",
    "test_a_token_that_fits_passes",
    "test_a_trace_is_the_game_the_report_plays",
    "test_a_zip_bomb_with_lying_headers_is_refused_as_it_is_inflated",
    "test_an_ablation_that_cannot_be_asked_is_said_in_one_line",
    "test_an_events_damage_changes_the_printed_card_and_the_win_rate",
    "test_an_icon_the_game_lacks_is_said_at_its_cell_and_add_icons_makes_it",
    "test_an_imported_sheet_is_a_deck_that_builds_and_checks",
    "test_any_rulebook_is_answered_in_words_or_built_whole",
    "test_bad_input_is_reported_and_leaves_the_last_good_output",
    "test_completion_offers_option_values_components_and_card_ids",
    "test_copies_and_a_number_come_from_a_data_table",
    "test_each_guide_passes_the_strict_check",
    "test_each_hand_typed_number_is_caught_at_its_place_and_each_true_one_passes",
    "test_each_part_of_a_work_has_the_whole_time_of_one_and_no_more_parts_than_given",
    "test_each_value_of_a_sweep_keeps_its_own",
    "test_every_bundled_file_validates_against_its_generated_schema",
    "test_every_card_of_every_deck_does_something_in_the_simulation",
    "test_every_card_that_says_what_it_does_is_ablated_and_the_report_s_games_are_not_played_again",
    "test_every_dealt_setup_passes_the_setup_check",
    "test_every_element_of_the_bundled_templates_takes_a_new_x_on_its_own_line",  # every template file parsed 3x
    "test_every_moon_text_reads_at_wcag_aa",
    "test_force_prints_the_rulebook_past_a_stale_count_and_says_where",
    "test_every_policy_plays_and_search_knows_nothing_of_the_game",
    "test_game_code_that_misbehaves_is_a_located_error_never_a_pass",
    "test_greedy_knows_no_game_and_plays_by_its_value",
    "test_hostile_input_is_answered_in_its_place_and_leaves_the_last_good_build",
    "test_intrepid_passes_its_own_rules_strictly",
    "test_missing_art_is_a_labelled_placeholder_said_once_and_a_final_build_refuses_it",
    "test_no_rulebook_leaves_it_out_and_says_so",
    "test_no_text_in_the_game_falls_below_it",
    "test_numbers_are_finite_and_within_their_range",
    "test_one_worker_and_two_play_the_same_games",
    "test_policies_side_by_side_play_the_same_deals",
    "test_setup_deals_each_player_count_its_side_shares_and_one_ordered_event_deck",
    "test_setup_deals_for_every_player_count",
    "test_setup_deals_three_stacks_of_21_and_one_mission_of_each_letter",
    "test_simulate_plays_every_game_to_its_end",
    "test_stock_builds_the_document_of_one_stock",
    "test_the_baseline_plays_better_than_chance",
    "test_the_cards_looked_at_go_back_in_the_order_the_player_chooses",
    "test_the_check_holds_the_games_own_bar",
    "test_the_colours_rule_over_20000_colours_is_bounded",
    "test_the_cover_says_players_time_and_age_and_shows_the_games_faces",
    "test_the_docs_count_from_a_data_table_is_read_from_it",
    "test_the_docs_site_builds_strictly",
    "test_the_effects_block_shows_pnps_verbs_on_asking_and_warns_of_a_verb_left_unexplained",
    "test_the_findings_are_kept_until_what_the_games_read_changes",
    "test_the_guides_draw_faces_that_exist",
    "test_the_html_report_has_the_ablation_s_rows_as_the_json_says_them",
    "test_the_page_says_the_numbers_of_the_json_report",
    "test_the_same_seed_gives_a_byte_identical_report_and_another_seed_does_not",
    "test_the_same_seed_gives_the_same_bytes_and_the_page_stands_alone",
    "test_the_same_seed_gives_the_same_report_whatever_the_jobs_and_batches",
    "test_the_setups_options_are_chosen_as_pnp_simulate_takes_them",
    "test_mypy",  # the type check of pnp (8 s of processor time on a cold cache); each game's on its own stays quick
    "test_the_turned_cards_defect_fails_the_check",
    "test_the_tts_readme_names_an_image_of_its_own_game",
    "test_the_tutorial_and_every_example_run_as_written",
    "test_two_policies_are_compared_on_the_same_deals",
    "test_voyage_passes_its_balance_rule_and_a_planted_unwinnable_change_fails_it_at_the_rules_line",
    "test_voyages_baseline_chooses_as_valuing_every_legal_move_one_by_one",
    "test_watch_rebuilds_the_rulebook_when_anything_it_shows_changes",
    "test_what_game_code_says_reaches_the_terminal_and_the_page_escaped",
    "test_where_ci_is_set_a_missing_chromium_fails_the_run",
    "test_without_chromium_the_browser_tests_are_skipped_saying_how_to_install_it",
    "test_work_that_multiplies_is_refused_at_its_line_before_the_first_page",
    "test_works_given_to_a_worker_that_has_just_ended_go_to_the_next",
}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test that builds a whole bundled game, or breaks a copy of one and checks it, is an end-to-end
    case: slow, left out of the quick run (`pytest -m "not slow"`); CI runs everything."""
    for item in items:
        if WHOLE_GAMES & set(getattr(item, "fixturenames", ())) or item.originalname in HEAVY:
            item.add_marker(pytest.mark.slow)
    if getattr(config.option, "loadgroup", False):  # an xdist worker of `--dist loadgroup`
        _grouped(items)
    # the longest cases first (with `--dist load` each worker takes the next test when it is free), so
    # that no worker is left with a long one at the end while the others wait
    items.sort(key=lambda item: (item.originalname not in LONGEST, item.get_closest_marker("slow") is None))


def _grouped(items: list[pytest.Item]) -> None:
    """Each test marked `xdist_group(NAME)` gets NAME after an `@` in its node id, which is how `--dist loadgroup`
    sends a group's tests to one worker. pytest-xdist (3.8) writes the id to `item._nodeid`, which pytest 9.2 no longer
    reads (a node's id is its `_id`, a NodeId), so without this every group was spread over the workers: each of them
    started its own browser and server, and checked its own copies of a broken game."""
    from _pytest.nodeid import NodeId

    for item in items:
        names = sorted({str(m.args[0] if m.args else m.kwargs.get("name", "default"))
                        for m in item.iter_markers("xdist_group")})
        if names and not item.nodeid.endswith("@" + "_".join(names)):
            item._id = NodeId.parse(f"{item.nodeid}@{'_'.join(names)}")  # type: ignore[attr-defined]


LONGEST = {"test_a_broken_value_is_tuned_back_into_the_band_with_far_fewer_games_than_every_value",
           "test_the_wheel_alone_makes_a_project_that_builds_checks_deals_and_serves",
           "test_a_mangled_game_is_refused_in_words_or_built_whole",
           "test_a_cold_warm_damaged_or_unwritable_cache_gives_the_same_pdfs", "test_cli_export_and_preview"}


@pytest.fixture(scope="session")
def shared_check(tmp_path_factory) -> Callable[..., Result]:
    """`shared_check("moon", "--strict", "--format", "json")`: `pnp check` of a bundled game, run once per test
    run and shared by the tests (and every xdist worker) that read its report, as shared_build shares a build."""
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # the workers' common folder
    made: dict[tuple[str, ...], Result] = {}

    def get(*args: str) -> Result:
        if args not in made:
            name = "checked-" + hashlib.sha256("\0".join(args).encode()).hexdigest()[:16]
            with open(shared / f"{name}.lock", "w") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)  # one worker checks, the others wait and read its report
                saved = shared / f"{name}.json"
                if saved.is_file():
                    made[args] = Result(**json.loads(saved.read_text()))
                else:
                    made[args] = run_pnp("check", *args)
                    saved.write_text(json.dumps(dataclasses.asdict(made[args])))
        return made[args]

    return get
