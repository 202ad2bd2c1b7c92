"""Intrepid end to end: the pack builds and prints every component in the rulebook's counts; the
dial's wheel turns every drain whole into the window; the rules hold and bite (a die slot for a 7,
a Disaster deck short of reds, a broken setup table); the setup deals what the tables say."""

from __future__ import annotations

import json
import math
import shutil
from collections import Counter
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from conftest import REPO, edit, errors_of, run_pnp
from pdfcheck import MM, placed_text, text_of

GAME = REPO / "cards/intrepid"
FRONTS = {"resource-board": 4, "station-tile": 76, "boost-tile": 2, "game-board": 1,
          "country-board": 4, "blank-country-board": 3, "mission": 8, "training-simulator": 10,
          "meteor-shower": 22, "meteor-shower-irregularity": 4, "toxic-leak": 22, "toxic-leak-irregularity": 4,
          "player-aid": 7, "career-badge": 4, "amplify-strain": 12, "disable-token": 8, "scenario-token": 50,
          "converter-token": 4, "board-marker": 16, "track-marker": 2, "disaster-die": 1}
TWO_SIDED = {"station-tile", "boost-tile", "mission", "training-simulator", "meteor-shower",
             "meteor-shower-irregularity", "toxic-leak", "toxic-leak-irregularity", "amplify-strain", "scenario-token",
             "country-board",  # the solo side
             "player-aid"}  # how to read a Station tile or a Disaster card


def cards(deck_file: str) -> list[dict]:
    return yaml.safe_load((GAME / deck_file).read_text())["cards"]


def table(name: str) -> dict:
    return yaml.safe_load((GAME / f"{name}.yaml").read_text())


@pytest.fixture
def built(shared_build) -> tuple[Path, dict]:
    return shared_build("intrepid")


@pytest.fixture
def intrepid(tmp_path: Path) -> Path:
    """A copy of the Intrepid pack to break on purpose."""
    root = tmp_path / "intrepid"
    for folder in ("cards/intrepid", "templates/intrepid", "fonts"):
        shutil.copytree(REPO / folder, root / folder)
    return root


def break_a_die_slot(root: Path) -> Path:
    """A die slot for a 7 on one Station tile (cards/intrepid/station-tiles.yaml): the file broken."""
    tiles = root / "cards/intrepid/station-tiles.yaml"
    edit(tiles, "id: fuel-cell-stack, name: \"Fuel Cell Stack\", country: russia, tier: 0, cost: 0, slots: [[4, 5, 6]]",
         "id: fuel-cell-stack, name: \"Fuel Cell Stack\", country: russia, tier: 0, cost: 0, slots: [[4, 5, 7]]")
    return tiles


def break_the_reds(root: Path) -> Path:
    """Three of the Meteor Shower deck's five red cards made orange (cards/intrepid/meteor-shower.yaml)."""
    meteors = root / "cards/intrepid/meteor-shower.yaml"
    for card in ("direct-impact", "breach-alarm", "shockwave"):
        text = meteors.read_text().splitlines()
        i = line_of(meteors, f"id: {card},") - 1
        j = next(k for k in range(i, len(text)) if "level: red" in text[k])
        text[j] = text[j].replace("level: red", "level: orange")
        meteors.write_text("\n".join(text) + "\n")
    return meteors


def break_the_window(root: Path) -> Path:
    """The dial's window 1 mm narrower (cards/intrepid/resource-boards.yaml)."""
    boards = root / "cards/intrepid/resource-boards.yaml"
    edit(boards, "width: 10mm, height: 7mm}", "width: 9mm, height: 7mm}")
    return boards


def break_a_wheel(root: Path) -> Path:
    """A 3-player wheel set to start on -36, off the dial (cards/intrepid/rules.yaml)."""
    rules = root / "cards/intrepid/rules.yaml"
    edit(rules, "values: {1: -3, 2: -4, 3: [-4, -6, -6], 4: -6}}", "values: {1: -3, 2: -4, 3: [-4, -6, -36], 4: -6}}")
    return rules


@pytest.fixture(scope="module")
def broken_at_once(tmp_path_factory) -> tuple[Path, list[dict]]:
    """One copy of the pack with the four breaks above, checked once: (the copy, its errors). They are in
    four files and fire four sets of rules (die-slots; setup and meteor-levels; dial; setup-deals), and no break
    hides or adds to another's: four copies with one break each, checked one by one, report together exactly
    the errors this copy reports. Each test reads its own rules' errors, at its own file and line."""
    root = tmp_path_factory.mktemp("broken") / "intrepid"
    for folder in ("cards/intrepid", "templates/intrepid", "fonts"):
        shutil.copytree(REPO / folder, root / folder)
    for broken in (break_a_die_slot, break_the_reds, break_the_window, break_a_wheel):
        broken(root)
    return root, check(root)


def check(root: Path) -> list[dict]:
    result = run_pnp("check", "intrepid", "--format", "json", cwd=root)
    assert result.code == 1, result.out + result.err
    return errors_of(result)


def line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line)


# ---- what the build prints ----------------------------------------------------------------------

def test_every_component_prints_its_rulebook_count(built):
    out, manifest = built
    printed = {(f["component"], f["id"], f["copy"]) for f in manifest["faces"] if f["side"] == "front"}
    assert Counter(component for component, _, _ in printed) == FRONTS
    assert sum(f["component"] == "game-board" for f in manifest["faces"]) > 1  # tiled over several pages
    backs = Counter(f["component"] for f in manifest["faces"] if f["side"] == "back")
    assert backs == {c: FRONTS[c] for c in TWO_SIDED}
    assert {f"{c}.pdf" for c in FRONTS} <= {f["path"] for f in manifest["files"]}
    assert (out / "intrepid-pnp.pdf").is_file()


def test_nineteen_tiles_per_country_each_printed_with_its_name_on_both_sides(built):
    out, manifest = built
    tiles = cards("station-tiles.yaml")
    assert Counter(t["country"] for t in tiles) == {"canada": 19, "japan": 19, "russia": 19, "usa": 19}
    for country in ("canada", "japan", "russia", "usa"):
        mine = [t for t in tiles if t["country"] == country]
        assert Counter(t["tier"] for t in mine) == {0: 3, 1: 5, 2: 4, 3: 3, 4: 4}
        assert [t["tier"] for t in mine if t.get("unique")] == [4, 4]
    text = text_of(out / "station-tile.pdf")
    for t in tiles:
        assert text.count(t["name"]) == 2, t["name"]  # the red side and the blue side
    sides = Counter((f["id"], f["side"]) for f in manifest["faces"] if f["component"] == "station-tile")
    assert set(sides.values()) == {1} and len(sides) == 2 * 76


def test_station_tile_backs_sit_behind_their_fronts(built):
    _, manifest = built
    faces = [f for f in manifest["faces"] if f["component"] == "station-tile"]
    page_w = 210.0
    fronts = {f["id"]: f for f in faces if f["side"] == "front"}
    for back in (f for f in faces if f["side"] == "back"):
        front = fronts[back["id"]]
        assert back["page"] == front["page"] + 1
        assert back["y_mm"] == pytest.approx(front["y_mm"], abs=0.01)
        assert back["x_mm"] == pytest.approx(page_w - front["x_mm"] - front["w_mm"], abs=0.01)


def test_disaster_cards_print_their_level_and_the_decks_hold_enough_of_each(built):
    out, _ = built
    for deck, levels in (("meteor-shower", {"green": 6, "yellow": 6, "orange": 5, "red": 5}),
                         ("toxic-leak", {"green": 6, "yellow": 6, "orange": 5, "red": 5})):
        assert Counter(c["level"] for c in cards(f"{deck}.yaml")) == levels
        text = text_of(out / f"{deck}.pdf")
        name = deck.replace("-", " ").upper()
        for level, count in levels.items():
            assert text.count(f"{name} · {level.upper()}") == count
    training = cards("training-simulator.yaml")
    assert sorted(c["number"] for c in training) == list(range(1, 11))
    assert text_of(out / "training-simulator.pdf").count("TRAINING SIMULATOR · ") == 10


def test_persistent_disasters_print_both_die_slots(built):
    out, _ = built
    persistent = [c for c in cards("meteor-shower.yaml") if c["kind"] == "persistent"]
    assert persistent and all(len(c["slots"]) == 2 for c in persistent)
    text = text_of(out / "meteor-shower.pdf")
    assert text.count("EVERY GAME") == len(persistent) and text.count("3-4 PLAYERS") == len(persistent)


def test_amplify_strain_tokens_are_two_of_each_number_amplify_front_strain_back(built):
    out, manifest = built
    faces = [f for f in manifest["faces"] if f["component"] == "amplify-strain"]
    assert Counter(f["id"] for f in faces if f["side"] == "front") == {f"amplify-strain-{n}": 2 for n in range(1, 7)}
    text = text_of(out / "amplify-strain.pdf")
    assert text.count("AMPLIFY") == 12 and text.count("STRAIN") == 12


def test_missions_print_their_tables_and_player_dice_are_bought(built):
    out, _ = built
    missions = cards("missions.yaml")
    assert len(missions) == 8 and [m["id"] for m in missions if m.get("solo") is False] == ["cold-restart"]
    assert text_of(out / "mission.pdf").count("NOT IN A SOLO GAME") == 1
    game = yaml.safe_load((GAME / "game.yaml").read_text())
    assert game["contents"]["player-die"] == {"count": 60, "printed": False,
                                              "note": "ordinary six-sided dice, 15 in each of 4 colours"}


# ---- the dial -----------------------------------------------------------------------------------

def dial_spec() -> dict:
    return yaml.safe_load((GAME / "resource-boards.yaml").read_text())["dial"]


def test_each_base_is_a_page_and_the_wheels_print_on_their_own_sheets_with_every_drain(built):
    out, manifest = built
    faces = [f for f in manifest["faces"] if f["component"] == "resource-board"]
    bases = [f for f in faces if f["side"] == "front"]
    wheels = [f for f in faces if f["side"] == "wheel"]
    assert {(f["w_mm"], f["h_mm"]) for f in bases} == {(190.0, 250.0)} and len({f["page"] for f in bases}) == 4
    assert {(f["w_mm"], f["h_mm"]) for f in wheels} == {(106.0, 106.0)} and len(wheels) == 4
    assert min(f["page"] for f in wheels) > max(f["page"] for f in bases)  # a sheet of their own
    values = dial_spec()["values"]
    assert values == list(range(-3, -30, -1))
    pages = {f["page"] for f in wheels}
    texts = placed_text(out / "resource-board.pdf")
    printed = Counter(t for page in pages for t, _, _, _ in texts[page] if t.startswith("−"))
    assert printed == {f"−{-v}": 4 for v in values}  # each Drain once on each of the 4 wheels


def test_the_pnp_document_says_how_to_build_the_dials_and_the_d8(built):
    out, _ = built
    text = " ".join(text_of(out / "intrepid-pnp.pdf").split())
    dials = text[text.index("Dials:"):]
    dials = dials[:dials.index(".", dials.index("brad")) + 1]
    for step in ("cut the base", "cut out its window and its thumb hole", "Punch the centre", "brad", "pin"):
        assert step in dials, step
    d8 = text[text.index("Disaster Die:"):]
    assert d8.startswith("Disaster Die: cut on the outline, fold every dashed line away from you, glue the grey tabs")


def test_the_player_aids_explain_the_symbols_of_tiles_and_disaster_cards_on_their_backs(built):
    """The each-die and all-dice marks, the light, the Capacity and Drain of a tile are printed nowhere else."""
    out, manifest = built
    texts = placed_text(out / "player-aid.pdf")
    kinds = {c["id"]: c["kind"] for c in cards("player-aids.yaml")}
    backs = [f for f in manifest["faces"] if f["component"] == "player-aid" and f["side"] == "back"]
    assert sorted(f["id"] for f in backs) == sorted(kinds)
    for face in backs:
        x, y = face["x_mm"], face["y_mm"]
        seen = " ".join(t for t, _, tx, ty in texts[face["page"]]
                        if x <= tx <= x + face["w_mm"] and y <= ty <= y + face["h_mm"])
        wanted = (["Separate slots:", "Joined slots:", "Light, red or blue:", "Capacity:", "Drain:", "Amplify token:"]
                  if kinds[face["id"]] == "country" else ["Momentary:", "Persistent:", "Its die slots:"])
        assert all(w in seen for w in wanted), (face["id"], seen)


def _raster(path: Path, page: int, dpi: int):
    import pypdfium2 as pdfium

    return pdfium.PdfDocument(str(path))[page - 1].render(scale=dpi / 72).to_pil().convert("L")


@pytest.mark.parametrize("paper", ["A4", "letter"])
def test_the_printed_dial_assembled_turns_every_drain_into_the_window(shared_build, paper):
    """Rasterise the base and the wheel as printed, lay the wheel under the base's window turned k steps
    about the pin, and look through the window: the ink inside it is one value, whole (nothing touches the
    window's edge), and it changes at every step."""
    from PIL import Image, ImageChops

    # A4 is the pack's own paper (game.yaml; test_the_pdf_pages_are_a4): its build is the plain one
    out, manifest = shared_build("intrepid", *(("--paper", paper) if paper != "A4" else ()))
    dpi, spec = 150, dial_spec()
    px = dpi / 25.4
    base = next(f for f in manifest["faces"] if f["component"] == "resource-board" and f["side"] == "front")
    wheel = next(f for f in manifest["faces"] if f["component"] == "resource-board" and f["side"] == "wheel"
                 and f["id"] == base["id"])
    sheet_b, sheet_w = _raster(out / base["file"], base["page"], dpi), _raster(out / wheel["file"], wheel["page"], dpi)
    r = float(spec["radius"].removesuffix("mm"))
    disc = sheet_w.crop(tuple(round(v * px) for v in (wheel["x_mm"], wheel["y_mm"], wheel["x_mm"] + 2 * r,
                                                      wheel["y_mm"] + 2 * r)))
    pin = [base[f"{axis}_mm"] + float(v.removesuffix("mm")) for axis, v in zip("xy", spec["center"], strict=True)]
    win = spec["window"]
    d, a = float(win["distance"].removesuffix("mm")), math.radians(win["angle"])
    w, h = float(win["width"].removesuffix("mm")), float(win["height"].removesuffix("mm"))
    wx, wy = pin[0] + d * math.sin(a), pin[1] - d * math.cos(a)
    hole = tuple(round(v * px) for v in (wx - w / 2 + 0.2, wy - h / 2 + 0.2, wx + w / 2 - 0.2, wy + h / 2 - 0.2))
    assert sheet_b.crop(hole).getextrema()[0] > 230  # the base prints nothing in the window: it is cut out
    from reportlab.pdfbase.ttfonts import TTFont

    from pnp.layout.pieces.dial_geometry import ink as ink_box

    font = TTFont("intrepid-dial-test", str(REPO / "fonts/RobotoCondensed-Bold.ttf"))
    widths = [(lambda b: (b[2] - b[0]) / MM)(ink_box(font, f"−{-v}", 14)) for v in spec["values"]]
    seen = []
    for k in range(len(spec["values"])):
        turned = disc.rotate(-k * 360 / 28, resample=Image.BICUBIC, fillcolor=255)  # clockwise k steps
        under = Image.new("L", sheet_b.size, 255)
        under.paste(turned, (round((pin[0] - r) * px), round((pin[1] - r) * px)))
        view = under.crop(hole)
        ink = view.point(lambda v: 255 if v < 110 else 0)
        box = ink.getbbox()
        assert box is not None, f"step {k}: nothing in the window"
        margin = round(0.5 * px)  # whole and alone: no ink within 0.5 mm of the window's edge
        assert margin <= box[0] and margin <= box[1] and box[2] <= view.width - margin and \
            box[3] <= view.height - margin, (k, box, view.size)
        want = widths[k] * px  # the value the rulebook puts at this step, by the width of its ink
        assert abs((box[2] - box[0]) - want) <= 2.5, (k, spec["values"][k], box[2] - box[0], want)
        seen.append(ink)
        if k:
            assert ImageChops.difference(seen[-1], seen[-2]).getbbox() is not None  # a new value each step


# ---- rules and setup -----------------------------------------------------------------------------

def test_intrepid_passes_its_own_rules_strictly():
    result = run_pnp("check", "intrepid", "--strict")
    assert result.code == 0, result.out


LIGHTS = {"power-board": "red", "climate-board": "red", "oxygen-board": "blue", "nutrition-board": "blue"}
WHEELS = {1: [-3], 2: [-4, -4], 3: [-4, -6, -6], 4: [-6] * 4}  # the rulebook: where each player's wheels start
TOKENS = {1: Counter(range(1, 7)), 2: Counter(range(1, 7)), 3: Counter([1, 3, 5, 2, 2, 4, 4, 6, 6]),
          4: Counter(list(range(1, 7)) * 2)}
CAPACITY = {"moderate": 6, "challenging": 3, "severe": 0, "futile": 0}


def deal(players: int, seed: int, *options: str) -> dict:
    args = [a for o in options for a in ("--option", o)]
    result = run_pnp("setup", "intrepid", "--players", str(players), "--seed", str(seed), *args, "--format", "json")
    assert result.code == 0, result.err
    return json.loads(result.out)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_deals_for_every_player_count(players, tmp_path):
    dealt = deal(players, 7, "difficulty=futile", "disaster=toxic-leak")
    hands = dealt["hands"]
    assert len(hands) == players
    assert sorted(b for h in hands for b in h["boards"]) == sorted(LIGHTS)  # every board, once
    assert sorted(len(h["boards"]) for h in hands) == sorted({1: [4], 2: [2, 2], 3: [2, 1, 1], 4: [1] * 4}[players])
    for h in hands:
        if len(h["boards"]) == 2:
            assert len({LIGHTS[b] for b in h["boards"]}) == 1  # two boards of one light
            assert h["boost"]["side"] == "front" and h["boost"]["cards"] == [f"{LIGHTS[h['boards'][0]]}-boost"]
    assert [h["wheels"] for h in hands] == [w - 2 for w in WHEELS[players]]  # futile: two more steps
    assert all(h["capacity"] == 0 and h["dice-track"] == 1 for h in hands)
    numbers = {c["id"]: c["number"] for c in cards("amplify-strain-tokens.yaml")}
    assert Counter(numbers[t] for t in dealt["table"]["amplify-strain"]) == TOKENS[players]
    levels = {c["id"]: c["level"] for c in cards("toxic-leak.yaml")}
    assert [levels[c] for c in dealt["table"]["disaster-deck"]] == (  # one pile, top card first
        ["green"] * 2 + ["yellow"] * 3 + ["orange"] * 3 + ["red"] * 3)
    assert len(dealt["table"]["missions"]) == 3
    assert dealt["table"]["dice-per-persistent-disaster"] == (1 if players <= 2 else 2)
    recorded = tmp_path / "setup.json"
    recorded.write_text(json.dumps(dealt))
    assert run_pnp("check", "intrepid", "--setup", str(recorded)).code == 0


def test_a_two_player_game_has_a_red_player_and_a_blue_player_and_solo_leaves_a_mission_out():
    for seed in range(6):
        hands = deal(2, seed)["hands"]
        assert sorted(LIGHTS[h["boards"][0]] for h in hands) == ["blue", "red"]
        solo = deal(1, seed)
        assert "cold-restart" not in solo["table"]["missions"]
        assert sorted([solo["hands"][0]["boost-1"]["side"], solo["hands"][0]["boost-2"]["side"]]) == ["back", "front"]
        boosts = {*solo["hands"][0]["boost-1"]["cards"], *solo["hands"][0]["boost-2"]["cards"]}
        assert boosts == {"red-boost", "blue-boost"}


@pytest.mark.parametrize("difficulty", list(CAPACITY))
def test_a_three_player_setup_is_what_the_rulebook_says(difficulty):
    numbers = {c["id"]: c["number"] for c in cards("amplify-strain-tokens.yaml")}
    extra = 2 if difficulty == "futile" else 0
    for seed in range(4):
        dealt = deal(3, seed, f"difficulty={difficulty}")
        pair = [h for h in dealt["hands"] if len(h["boards"]) == 2]
        singles = [h for h in dealt["hands"] if len(h["boards"]) == 1]
        assert len(pair) == 1 and len(singles) == 2
        assert len({LIGHTS[b] for b in pair[0]["boards"]}) == 1 and pair[0]["wheels"] == -4 - extra
        assert [h["wheels"] for h in singles] == [-6 - extra] * 2
        assert [h["capacity"] for h in dealt["hands"]] == [CAPACITY[difficulty]] * 3
        assert Counter(numbers[t] for t in dealt["table"]["amplify-strain"]) == {1: 1, 3: 1, 5: 1, 2: 2, 4: 2, 6: 2}
        assert len({h["country"]["cards"][0] for h in dealt["hands"]}) == 3
        # the default disaster: Training Simulator, all ten in order, card 1 on top
        assert dealt["table"]["disaster-deck"] == [c["id"] for c in sorted(cards("training-simulator.yaml"),
                                                                              key=lambda c: c["number"])]


def test_a_recorded_three_player_setup_with_a_wrong_wheel_or_token_is_caught(tmp_path):
    dealt = deal(3, 2, "difficulty=challenging")
    dealt["hands"][1]["wheels"] = -4  # a one-board player starts on -6
    dealt["table"]["amplify-strain"][1] = "amplify-strain-1"  # a second 1 (a 3-player game uses one)
    dealt["table"]["amplify-strain"].sort()
    recorded = tmp_path / "setup.json"
    recorded.write_text(json.dumps(dealt, indent=1))
    result = run_pnp("check", "intrepid", "--setup", str(recorded), "--format", "json")
    assert result.code == 1
    found = {(e["subject"], e["message"]) for e in errors_of(result)}
    assert ("hands.1.wheels", "wheels starts at -6, got -4") in found
    assert ("table.amplify-strain.1", "amplify-strain card 'amplify-strain-1' is not one this step takes (players == 4 "
            "or card.copy == 1 or (players == 3 and card.number % 2 == 0))") in found


def test_difficulty_names_an_unknown_level_as_bad_input():
    result = run_pnp("setup", "intrepid", "--players", "2", "--option", "difficulty=easy")
    assert result.code == 2 and "moderate, challenging, severe, futile" in result.err + result.out


# ---- the rules bite (whole broken copies) ---------------------------------------------------------

@pytest.mark.slow
@pytest.mark.xdist_group("intrepid-broken-at-once")  # one worker checks the copy the four tests read
def test_a_die_slot_for_a_7_is_caught_at_its_tile(broken_at_once):
    intrepid, checked = broken_at_once
    tiles = intrepid / "cards/intrepid/station-tiles.yaml"
    errors = [e for e in checked if e["rule"] == "die-slots"]
    assert len(errors) == 1
    e = errors[0]
    assert e["file"] == "cards/intrepid/station-tiles.yaml" and e["line"] == line_of(tiles, "fuel-cell-stack")
    assert e["subject"] == "station-tile/fuel-cell-stack" and "slot 1 takes 7: a die shows 1 to 6" in e["message"]


@pytest.mark.slow
@pytest.mark.xdist_group("intrepid-broken-at-once")
def test_a_disaster_deck_short_of_reds_fails(broken_at_once):
    intrepid, errors = broken_at_once
    by_rule: dict[str, list[dict]] = {}
    for e in errors:
        by_rule.setdefault(e["rule"], []).append(e)
    rules = intrepid / "cards/intrepid/rules.yaml"
    red = line_of(rules, "count: 3, where: \"card.level == 'red'\"")
    assert [(e["file"], e["line"], e["message"]) for e in by_rule["setup"]] == [
        ("cards/intrepid/rules.yaml", red, f"{n} player{'s' if n > 1 else ''} with disaster=meteor-shower need 3 "
         "meteor-shower cards where card.level == 'red'; the deck has 2") for n in (1, 2, 3, 4)]
    assert {e["file"] for e in by_rule["meteor-levels"]} == {"cards/intrepid/meteor-shower.yaml"}
    assert any("'red'" in e["message"] for e in by_rule["meteor-levels"])


@pytest.mark.slow
@pytest.mark.xdist_group("intrepid-broken-at-once")
def test_a_setup_table_missing_a_player_count_or_a_wheel_off_the_dial_is_caught_at_its_line(intrepid, broken_at_once):
    rules = break_a_wheel(intrepid)
    edit(rules, "values: {1: 4, 2: 2, 3: [2, 1, 1], 4: 1}}", "values: {1: 4, 2: 2, 4: 1}}")
    errors = check(intrepid)
    setup = [(e["line"], e["message"]) for e in errors if e["rule"] == "setup"]
    assert setup == [(line_of(rules, "boards: {by: [players, player]"),
                      "tables.boards.values: no value for 3 players (it has: 1, 2, 4) (with 3 players)")]
    # the wheel off the dial, checked with the boards table whole: on the copy broken at once
    whole, checked = broken_at_once
    rules = whole / "cards/intrepid/rules.yaml"
    assert "values: {1: 4, 2: 2, 3: [2, 1, 1], 4: 1}}" in rules.read_text()
    wheels = [(e["line"], e["message"]) for e in checked if e["rule"] == "setup-deals"]
    assert wheels == [(line_of(rules, "wheel: {by: [players, player]"), "3 player(s), moderate: a wheel starts on "
                       "-36, which the dial does not show (-3 to -29)")]


@pytest.mark.slow
@pytest.mark.xdist_group("intrepid-broken-at-once")
def test_a_drain_that_does_not_show_whole_in_the_window_is_caught_at_its_value(broken_at_once):
    intrepid, checked = broken_at_once
    boards = intrepid / "cards/intrepid/resource-boards.yaml"
    errors = [e for e in checked if e["rule"] == "dial"]
    assert errors and all(e["file"] == "cards/intrepid/resource-boards.yaml" for e in errors)
    widest = next(e for e in errors if e["message"].startswith("−28 "))
    assert widest["line"] == line_of(boards, "-25, -26, -27, -28, -29]")
    assert "the 9.0 mm x 7.0 mm window leaves" in widest["message"] and "1.3 mm is needed" in widest["message"]


def test_the_pdf_pages_are_a4(built):
    out, _ = built
    page = PdfReader(out / "station-tile.pdf").pages[0]
    assert (round(float(page.mediabox.width) / MM), round(float(page.mediabox.height) / MM)) == (210, 297)


def test_every_dealt_setup_passes_the_setup_check():
    """Any player count, difficulty, disaster and seed: what `pnp setup` deals, `pnp check --setup` accepts."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from pnp.model.game import load_game
    from pnp.model.load import load_text
    from pnp.rules.setup import check_recorded, deal, setup_of

    game = load_game(REPO, "intrepid")
    setup = setup_of(game)
    assert setup is not None

    @settings(max_examples=40, deadline=None)
    @given(players=st.integers(1, 4), seed=st.integers(0, 2**32), choice=st.sampled_from(setup.choices()))
    def dealt_is_legal(players, seed, choice):
        dealt = deal(game, setup.spec, players, seed, choice, setup.doc)
        assert check_recorded(game, setup.spec, load_text(json.dumps(dealt), "setup.json"), setup.doc) == []

    dealt_is_legal()
