"""Sleeping Gods end to end: every component prints its count, fronts and backs; the ability deck prints its
Fate distribution; event backs show their tier; enemy grids are drawn from their rows and enemies are numbered
on their backs; the tuck parts are named; the rules pass strictly and bite; the setup deals every player count."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from conftest import REPO, edit, errors_of, run_pnp
from pdfcheck import placed_text, text_of

GAME = REPO / "cards/sleeping-gods"
TEMPLATES = REPO / "templates/sleeping-gods"
FATE = {1: 4, 2: 7, 3: 8, 4: 7, 5: 4}
TIERS = ("mild", "perilous", "deadly")
WITH_BACKS = {"ability", "market", "adventure", "level", "weapon", "event", "enemy", "reference", "fatigue-token",
              "search-token", "ship-board", "journey-log"}  # the ship board: a back page behind each of its tiles;
# the journey log: its save lines


@pytest.fixture
def built(shared_build) -> tuple[Path, dict]:
    """The pack, built once for every test that reads it: (output folder, manifest)."""
    return shared_build("sleeping-gods")


def load(name: str) -> dict:
    return yaml.safe_load((GAME / name).read_text())


def cards(name: str) -> list[dict]:
    return load(name)["cards"]


def slug(name: str) -> str:
    """A card's id when it has none: its name made an id (as pnp makes it)."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def faces(manifest: dict, component: str, side: str = "front") -> list[dict]:
    return [f for f in manifest["faces"] if f["component"] == component and f["side"] == side]


def on(face: dict, texts: dict[int, list], size: float | None = None) -> list[str]:
    """The texts drawn inside a face (of one size, if given)."""
    return [t for t, s, x, y in texts[face["page"]] if (size is None or s == size)
            and face["x_mm"] <= x <= face["x_mm"] + face["w_mm"] and face["y_mm"] <= y <= face["y_mm"] + face["h_mm"]]


# ---- what the build prints ----

def test_every_component_prints_its_contents_count(built):
    out, manifest = built
    contents = load("game.yaml")["contents"]
    expected = {k: (v if isinstance(v, int) else v["count"]) for k, v in contents.items()
                if isinstance(v, int) or v.get("printed", True)}
    printed = Counter()
    for face in {(f["component"], f["id"], f["copy"]) for f in manifest["faces"] if f["side"] == "front"}:
        printed[face[0]] += 1
    markers = Counter(f["id"] for f in faces(manifest, "marker"))
    assert dict(printed - Counter(marker=3)) | dict(markers) == expected
    assert expected["ability"] == 30 and expected["event"] == 21 and expected["enemy"] == 12
    assert (out / "sleeping-gods-pnp.pdf").is_file()


def test_cards_with_backs_print_one_behind_each_front(built):
    _, manifest = built
    backs = Counter(f["component"] for f in manifest["faces"] if f["side"] == "back")
    fronts = Counter(f["component"] for f in manifest["faces"] if f["side"] == "front")
    assert set(backs) == WITH_BACKS
    assert all(backs[c] == fronts[c] for c in WITH_BACKS)


def test_the_board_is_tiled_and_the_crew_boards_print_two_to_a_page(built):
    out, manifest = built
    tiles = faces(manifest, "ship-board")
    assert len(tiles) >= 2 and {t["w_mm"] for t in tiles} == {380.0}
    assert "1-2 players" in text_of(out / "ship-board.pdf")
    crew = faces(manifest, "crew")
    assert len(crew) == 9 and max(Counter(f["page"] for f in crew).values()) == 2
    text = text_of(out / "crew.pdf")
    for member in cards("crew.yaml"):
        assert member["name"] in text
    assert text.count("Tuck Ability card 1 of 2 here") == 9 and text.count("Tuck Ability card 2 of 2 here") == 9


def test_the_ability_deck_prints_its_fate_distribution(built):
    out, manifest = built
    texts = placed_text(out / "ability.pdf")
    fates = Counter()
    for face in faces(manifest, "ability"):
        big = on(face, texts, 22.0)  # the Fate number, top left
        assert len(big) == 1, face
        fates[int(big[0])] += 1
    assert fates == FATE
    assert Counter(c["fate"] for c in cards("abilities.yaml")) == FATE


def test_events_come_in_three_tiers_shown_on_their_backs(built):
    out, _ = built
    tiers = Counter(c["tier"] for c in cards("events.yaml"))
    assert set(tiers) == set(TIERS) and min(tiers.values()) >= 6
    text = text_of(out / "event.pdf")
    for tier, where in zip(TIERS, ("ON TOP", "IN THE MIDDLE", "AT THE BOTTOM"), strict=True):
        assert text.count(f"{tier.upper()} EVENT ·") == tiers[tier]
        assert text.count(f"EVENT · 6 PER CAMPAIGN · {where}") == tiers[tier]


def test_enemy_grids_are_drawn_from_their_rows(built):
    out, manifest = built
    texts = placed_text(out / "enemy.pdf")
    by_id = {slug(c["name"]): c for c in cards("enemies.yaml")}
    for face in faces(manifest, "enemy"):
        cells = [cell for row in by_id[face["id"]]["grid"] for cell in row.split()]
        bonus = sorted(t for t in on(face, texts, 11.0) if t.startswith("+"))
        assert bonus == sorted("+" + c[1] for c in cells if c[0] == "B"), face["id"]
        hearts = sorted(t for t in on(face, texts, 12.0))
        assert hearts == sorted(c[1] for c in cells if c[0] == "H" and c[1] != "1"), face["id"]


def test_enemies_carry_their_number_on_the_back(built):
    out, manifest = built
    texts = placed_text(out / "enemy.pdf")
    numbers = {f["id"]: on(f, texts, 34.0) for f in faces(manifest, "enemy", "back")}
    fronts = {f["id"]: on(f, texts, 14.0) for f in faces(manifest, "enemy")}
    assert len(numbers) == 12 and all(numbers[i] == fronts[i] and len(numbers[i]) == 1 for i in numbers)
    assert sorted(int(n[0]) for n in numbers.values()) == list(range(1, 13))


def test_fatigue_tokens_are_blank_on_one_side_and_minus_one_on_the_other(built):
    out, manifest = built
    assert len(faces(manifest, "fatigue-token")) == len(faces(manifest, "fatigue-token", "back")) == 18
    assert text_of(out / "fatigue-token.pdf").count("-1") == 18  # printed on the backs only


def test_the_journey_log_prints_the_final_score_and_save_lines(built):
    out, manifest = built
    campaign = load("campaign.yaml")
    text = text_of(out / "journey-log.pdf")
    assert len(faces(manifest, "journey-log")) == len(faces(manifest, "journey-log", "back"))  # the save lines
    for line in campaign["final_score"]:
        assert text.count(line["text"]) == 1, line  # one master sheet, copied as needed
    for column in campaign["save_columns"]:
        assert column["name"].upper() in text
    for word in ("DATE", "MODE", "Normal", "Brutal", "PLAYER 4", "XP", "FEARED", "REVERED", "TOTEMS FOUND", "DEFEATS"):
        assert word in text


def test_the_reference_shares_the_combat_tokens_by_player_count(built):
    out, _ = built
    text = " ".join(text_of(out / "reference.pdf").split())
    assert ("1 player: all 4; 2 players: 2 each; 3 players: 2 to the active player, 1 to each other; "
            "4 players: 1 each.") in text
    for status in ("Poison", "Dread", "Frailty", "Delirium", "Despair"):
        assert f"{status}:" in text


def test_the_board_sides_are_registered_front_to_back(built):
    """Each tile's back page holds the other side's mirrored region, behind the tile (manifest), and what prints
    there is that side: the 3-4 player plate, at the far right of the back design, lies behind tile A1."""
    out, manifest = built
    tiles = [f for f in manifest["faces"] if f["component"] == "ship-board"]
    fronts = sorted((f for f in tiles if f["side"] == "front"), key=lambda f: f["tile"])
    backs = {f["tile"]: f for f in tiles if f["side"] == "back"}
    assert [f["tile"] for f in fronts] == ["A1", "A2", "A3"] and sorted(backs) == ["A1", "A2", "A3"]
    page_w = 210.0  # A4
    for front in fronts:
        back = backs[front["tile"]]
        x, y, w, h = front["trim_mm"]
        assert back["page"] == front["page"] + 1
        assert back["trim_mm"] == pytest.approx([page_w - x - w, y, w, h], abs=0.01)  # long-edge duplex
        fx, fy, fw, fh = front["region_mm"]
        assert back["region_mm"] == pytest.approx([380 - fx - fw, fy, fw, fh])  # the board turned over
    placed = placed_text(out / "ship-board.pdf")
    texts = {f["tile"]: {side: " ".join(t for t, *_ in placed[p])
                         for side, p in (("front", f["page"]), ("back", backs[f["tile"]]["page"]))} for f in fronts}
    assert "1-2 players" in texts["A3"]["front"] and "3-4 players" in texts["A1"]["back"]
    assert all("3-4 players" not in t["front"] and "1-2 players" not in t["back"] for t in texts.values())


# ---- the rules and the setup ----

def test_check_passes_strictly_and_reports_the_event_deck():
    result = run_pnp("check", "sleeping-gods", "--strict")
    assert result.code == 0, result.out + result.err
    assert "sleeping-gods: 0 errors, 0 warnings: ok" in result.out
    assert "6 mild (of 7), 6 perilous (of 7), 6 deadly (of 7), top to bottom: 18 cards" in result.out


SHARES = {1: [4], 2: [2, 2], 3: [2, 1, 1], 4: [1, 1, 1, 1]}  # the seed: combat action tokens by player count
CREW = {1: [8], 2: [4, 4], 3: [3, 3, 2], 4: [2, 2, 2, 2]}


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_deals_each_player_count_its_side_shares_and_one_ordered_event_deck(players, tmp_path):
    result = run_pnp("setup", "sleeping-gods", "--players", str(players), "--seed", "3", "--format", "json")
    assert result.code == 0, result.err
    dealt = json.loads(result.out)
    hands = dealt["hands"]
    assert len(hands) == players
    assert all(len(h["command"]) == 1 and len(h["ability"]) == 1 for h in hands)
    assert dealt["table"]["captain"] == ["holt"]  # the captain's board stays in the middle, for the active player
    assert [len(h["crew"]) for h in hands] == CREW[players]  # the other eight, as evenly as possible
    assert len({c for h in hands for c in h["crew"]} | {"holt"}) == 9
    assert not any("combat-actions" in h for h in hands)  # handed out at each combat, not once (issue 30)
    assert dealt["table"]["combat-actions"] == ["combat-action"] * 4
    share = SHARES[players]
    said = dealt["table"]["combat-action-share"]
    assert (f"all {share[0]} to the player" if players == 1 else f"{share[0]} to each player" if len(set(share)) == 1
            else f"{share[0]} to the active player, {share[1]} to each other player") in said
    assert [("captain-token" in h) for h in hands] == [True] + [False] * (players - 1)  # the active player
    assert dealt["table"]["ship-board"] == {"cards": ["ship-board"], "side": "front" if players <= 2 else "back"}
    tier = {slug(c["name"]): c["tier"] for c in cards("events.yaml")}
    pile = dealt["table"]["event-deck"]  # one pile, top card first
    assert [tier[c] for c in pile] == ["mild"] * 6 + ["perilous"] * 6 + ["deadly"] * 6 and len(set(pile)) == 18
    assert dealt["table"]["hold-coins"] == ["coin-1"] * 3 and dealt["table"]["hold-grain"] == ["grain"]
    recorded = tmp_path / "setup.json"
    recorded.write_text(json.dumps(dealt))
    assert run_pnp("check", "sleeping-gods", "--setup", str(recorded)).code == 0


def test_a_recorded_setup_with_the_wrong_side_share_or_pile_order_is_caught(tmp_path):
    dealt = json.loads(run_pnp("setup", "sleeping-gods", "--players", "3", "--seed", "5", "--format", "json").out)
    dealt["table"]["ship-board"]["side"] = "front"  # the 1-2 player side, with 3 players
    dealt["hands"][1]["command"] *= 2  # player 2 takes two
    pile = dealt["table"]["event-deck"]
    pile[0], pile[-1] = pile[-1], pile[0]  # a deadly event on top
    recorded = tmp_path / "setup.json"
    recorded.write_text(json.dumps(dealt, indent=1))
    result = run_pnp("check", "sleeping-gods", "--setup", str(recorded), "--format", "json")
    assert result.code == 1
    found = {(e["subject"], e["message"]) for e in errors_of(result)}
    assert ("table.ship-board", "lies back side up, got 'front'") in found
    assert ("hands.1.command", "1 command-token card expected, got ['command', 'command']") in found
    assert {s for s, m in found if "is not one this step takes (card.tier == " in m} == {
        "table.event-deck.0", "table.event-deck.17"}


# ---- the rules bite (broken copies) ----
# Each test below breaks one thing. Breaks that fire disjoint rules and cannot hide one another share a copy,
# checked once: checked one by one, the breaks of a group report together exactly the errors (every field) that
# their shared copy reports. Those that do not are kept apart: the board without its back and the short event
# tier both stop deals of the setup (its `setup` errors), which hides the combat tokens dealt once; the heart
# and the ragged row are both enemy-grids errors; the narrower tuck strip is what the tuck slot is measured by.

GROUPS: dict[str, list[Callable[[Path], None]]] = {}


def breaks(group: str) -> Callable:
    def register(f: Callable[[Path], None]) -> Callable[[Path], None]:
        GROUPS.setdefault(group, []).append(f)
        return f
    return register


@pytest.fixture(scope="module")
def broken(tmp_path_factory) -> Callable[[Callable[[Path], None]], tuple[Path, list[dict]]]:
    """`broken(f)`: the copy of the pack broken by `f` and the others of its group, and the errors of
    `pnp check sleeping-gods` on it (which must fail), checked once per group."""
    made: dict[str, tuple[Path, list[dict]]] = {}

    def get(f: Callable[[Path], None]) -> tuple[Path, list[dict]]:
        group = next(g for g, fs in GROUPS.items() if f in fs)
        if group not in made:
            root = tmp_path_factory.mktemp(group) / "sg"
            for folder in ("cards/sleeping-gods", "templates/sleeping-gods", "fonts"):
                shutil.copytree(REPO / folder, root / folder)
            for each in GROUPS[group]:
                each(root)
            result = run_pnp("check", "sleeping-gods", "--format", "json", cwd=root)
            assert result.code == 1, result.out + result.err
            made[group] = root, errors_of(result)
        return made[group]

    return get


def of_rule(errors: list[dict], rule: str) -> list[dict]:
    return [e for e in errors if e["rule"] == rule]


BROKEN = pytest.mark.xdist_group("sleeping-gods-broken")  # one worker checks the copies these tests share


@breaks("a")
def combat_tokens_dealt_once(root: Path) -> None:
    line = '    - {draw: ability, count: 1, label: ability, say: "Each player draws {n} Ability card"}\n'
    edit(root / "cards/sleeping-gods/rules.yaml", line, line + "    - {draw: combat-action, label: combat-actions}\n")


@pytest.mark.slow  # a whole check of a broken copy
@BROKEN
def test_a_setup_that_deals_combat_tokens_once_is_caught_at_its_line(broken):
    sleeping_gods, checked = broken(combat_tokens_dealt_once)
    rules = sleeping_gods / "cards/sleeping-gods/rules.yaml"
    errors = of_rule(checked, "combat-action-shares")
    line = next(i for i, t in enumerate(rules.read_text().splitlines(), 1) if t.startswith("  each_player:"))
    assert [(e["file"], e["line"]) for e in errors][:1] == [("cards/sleeping-gods/rules.yaml", line)]
    assert errors[0]["message"].startswith("the setup deals combat action tokens to player 1 (1 players): the rules "
                                           "hand them out at each combat")


@breaks("a")
def an_enemy_without_a_heart(root: Path) -> None:
    edit(root / "cards/sleeping-gods/enemies.yaml", 'grid: ["B1 H1 B1",', 'grid: ["B1 .  B1",')


@pytest.mark.slow  # a whole check of a broken copy
@BROKEN
def test_an_enemy_without_a_heart_is_caught_at_its_grid(broken):
    sleeping_gods, checked = broken(an_enemy_without_a_heart)
    path = sleeping_gods / "cards/sleeping-gods/enemies.yaml"
    errors = of_rule(checked, "enemy-grids")
    line = next(i for i, t in enumerate(path.read_text().splitlines(), 1) if '["B1 .  B1",' in t)
    assert [(e["subject"], e["file"], e["line"]) for e in errors] == [
        ("enemy/reef-crab", "cards/sleeping-gods/enemies.yaml", line)]
    assert errors[0]["message"] == "the grid has no heart (H1, H2 or H3): the enemy could never be defeated"


@breaks("b")
def a_ragged_grid(root: Path) -> None:
    edit(root / "cards/sleeping-gods/enemies.yaml", '"S  H1 ."]}', '"S  H1"]}')


@pytest.mark.slow  # a whole check of a broken copy
@BROKEN
def test_a_ragged_grid_is_caught_at_its_row(broken):
    sleeping_gods, checked = broken(a_ragged_grid)
    path = sleeping_gods / "cards/sleeping-gods/enemies.yaml"
    errors = of_rule(checked, "enemy-grids")
    line = next(i for i, t in enumerate(path.read_text().splitlines(), 1) if '"S  H1"]}' in t)
    assert [(e["subject"], e["file"], e["line"], e["message"]) for e in errors] == [
        ("enemy/corsair-cutthroat", "cards/sleeping-gods/enemies.yaml", line,
         "grid row 2 has 2 cells, row 1 has 3: the grid must be rectangular")]


@breaks("b")
def a_tier_of_five_events(root: Path) -> None:
    path = root / "cards/sleeping-gods/events.yaml"
    for name in ("Quiet Night", "Shanty Night"):  # 7 mild events -> 5
        edit(path, f'{{name: "{name}", tier: mild,', f'{{name: "{name}", tier: perilous,')


@pytest.mark.slow  # a whole check of a broken copy
@BROKEN
def test_a_tier_of_five_events_is_caught(broken):
    _, checked = broken(a_tier_of_five_events)
    errors = of_rule(checked, "event-tiers")
    assert [(e["subject"], e["file"], e["message"]) for e in errors] == [
        ("event", "cards/sleeping-gods/events.yaml", "5 Event cards with tier 'mild'; the rule wants at least 6 "
         "(a campaign's event deck takes 6 of each tier, so each pool holds at least 6)")]
    setup = [e["message"] for e in of_rule(checked, "setup")]
    assert any("need 6 event cards where card.tier == 'mild'; the deck has 5" in m for m in setup), setup


@breaks("a")
def a_damage_token_too_big(root: Path) -> None:
    edit(root / "templates/sleeping-gods/damage-token.yaml", "size: {width: 10mm, height: 10mm}",
         "size: {width: 13mm, height: 13mm}")


@pytest.mark.slow  # a whole check of a broken copy
@BROKEN
def test_a_damage_token_that_does_not_cover_a_square_is_caught(broken):
    """The `fits` rules measure the laid-out squares of enemies, crew Health and the ship's room tracks."""
    _, checked = broken(a_damage_token_too_big)
    errors = [e for e in checked if e["rule"].startswith("damage-token-")]
    assert {(e["rule"], e["file"]) for e in errors} == {
        ("damage-token-covers-a-square", "templates/sleeping-gods/enemy.yaml"),
        ("damage-token-on-health", "templates/sleeping-gods/crew.yaml"),
        ("damage-token-on-room-tracks", "templates/sleeping-gods/ship-board.yaml")}
    assert all(e["line"] > 0 and "damage-token (13.0 x 13.0 mm" in e["message"] and "-3.0 mm of play" in e["message"]
               for e in errors)


@breaks("a")
def a_narrow_tuck_slot(root: Path) -> None:
    edit(root / "templates/sleeping-gods/crew.yaml", "slot_w: 65.5", "slot_w: 60")


@pytest.mark.slow  # a whole check of a broken copy
@BROKEN
def test_a_tuck_slot_narrower_than_an_ability_card_is_caught_at_the_slot(broken):
    """The tuck slots are measured on the laid-out crew board against the ability card's tuck strip."""
    sleeping_gods, checked = broken(a_narrow_tuck_slot)
    path = sleeping_gods / "templates/sleeping-gods/crew.yaml"
    errors = of_rule(checked, "tuck-slots-take-an-ability-card")
    line = next(i for i, t in enumerate(path.read_text().splitlines(), 1) if t.strip() == "- name: tuck-slot")
    assert [(e["file"], e["line"]) for e in errors] == [("templates/sleeping-gods/crew.yaml", line)]
    assert "ability's tuck-strip (63.5 x 26.0 mm; template sleeping-gods/ability) does not fit tuck-slot " \
        "(60.0 x 11.0 mm)" in errors[0]["message"] and "3.5 mm too wide" in errors[0]["message"]


@breaks("b")
def a_short_tuck_strip(root: Path) -> None:
    path = root / "templates/sleeping-gods/ability.yaml"
    edit(path, 'y: "{{ 88.9 - vars.strip }}mm", w: 100%, h: "{{ vars.strip }}mm"',
         'y: "{{ 88.9 - vars.strip + 6 }}mm", w: 100%, h: "{{ vars.strip - 6 }}mm"')


@pytest.mark.slow  # a whole check of a broken copy
@BROKEN
def test_a_tuck_strip_too_short_for_what_a_tucked_card_shows_is_caught(broken):
    """The strip shrunk from the top: the tucked skill line would slide under the crew board."""
    sleeping_gods, checked = broken(a_short_tuck_strip)
    path = sleeping_gods / "templates/sleeping-gods/ability.yaml"
    errors = of_rule(checked, "tuck-strip-shows-the-ability")
    line = next(i for i, t in enumerate(path.read_text().splitlines(), 1) if "name: strip-icon" in t)
    assert [(e["file"], e["line"]) for e in errors] == [("templates/sleeping-gods/ability.yaml", line)]
    assert errors[0]["message"].startswith("strip-icon (6.0 x 6.0 mm, from 64.4 mm) reaches above the tuck strip "
                                           "(20.0 mm high, from 68.9 mm): once tucked it would hide under the crew")


@breaks("c")
def a_board_without_its_back(root: Path) -> None:
    edit(root / "cards/sleeping-gods/ship-board.yaml", "back: sleeping-gods/ship-board-back\n", "")


@pytest.mark.slow  # a whole check of a broken copy
@BROKEN
def test_a_board_side_missing_is_caught_at_the_board_deck(broken):
    """Without its `back:`, the ship board prints the 1-2 player side only: the rule says so at the deck file,
    and the setup, which turns the board over for 3-4 players, at its step."""
    _, checked = broken(a_board_without_its_back)
    errors = of_rule(checked, "board-sides")
    assert [(e["file"], e["line"], e["message"]) for e in errors] == [
        ("cards/sleeping-gods/ship-board.yaml", 7, "ship.yaml gives the board 2 sides (few, many); the ship-board "
         "deck prints 1 (a front only: add `back:` with the other side)")]
    assert any(e["file"] == "cards/sleeping-gods/rules.yaml" and "ship-board has no back" in e["message"]
               for e in of_rule(checked, "setup"))
