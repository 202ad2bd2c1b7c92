"""Hostile files and command lines: merge keys bounded like aliases, every file pnp reads held
to the project and refused by name when it is not a regular file, every number finite and within its
documented range, hostile fonts and SVGs refused before they are drawn, and a refused command leaves
nothing behind. Each case asserts the line a user reads, the exit code, no traceback, bounded time and
memory, and the last good output unchanged."""

from __future__ import annotations

import hashlib
import os
import resource
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import REPO, edit, run_pnp

SPELLS = "cards/mini/spells.yaml"
GAME = "cards/mini/game.yaml"
FRONT = "templates/mini/front.yaml"
ICONS = "cards/mini/icons.yaml"


def outputs(root: Path) -> dict[str, str]:
    out = root / "output" / "mini"
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(out.iterdir())}


def refused(project: Path, *args: str, first: str, seconds: float = 2.5) -> str:
    """`pnp build mini ARGS` after a good build: exit 2, `first` as the first line, quickly, within memory,
    no traceback, the last good build unchanged. The whole report."""
    assert (project / "output" / "mini" / "manifest.json").is_file(), "built before the edit"
    before = outputs(project)
    started, memory = time.process_time(), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    result = run_pnp("build", "mini", *args, cwd=project)
    assert time.process_time() - started < seconds, "answered at once"
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - memory < 300 * 1024, "within 300 MB"
    assert result.code == 2, result.err
    assert result.err.splitlines()[0] == first, result.err
    assert "Traceback" not in result.err + result.out
    assert outputs(project) == before
    return result.err


# -- merge keys ----------------------------------------------------------------------------------

def _merge_chain(levels: int, nested: bool) -> str:
    """`a1` merges `a0` twice, `a2` merges `a1` twice, ...: each level doubles what a reader expands."""
    first = "a0: &a0 {x: 1}" if nested else "a0: &a0 {}"
    more = [f"a{i}: &a{i} {{<<: [*a{i - 1}, *a{i - 1}]" + (f", n{i}: [*a{i - 1}, *a{i - 1}]" if nested else "") + "}"
            for i in range(1, levels)]
    return "\n".join([first, *more]) + "\n"


MERGED = ("more than 600,000 values once its aliases and merges are expanded; a merge (`<<:`) of mappings that merge "
          "others grows without bound (each mapping merged counts, an empty one too, each time)")


@pytest.mark.parametrize("file", [SPELLS, GAME, FRONT, "printers.yaml"])
def test_a_merge_bomb_of_empty_mappings_is_refused_at_the_merge(project, file):
    """Forty levels of merges of an empty mapping are 2**40 merges. Each level was merged once and then
    forgotten (an empty merge leaves nothing to count again): read in 2.8 s and built, exit 0 in printers.yaml,
    against docs/format.md, which counts merges toward the 600,000 values. Each merge now counts what it
    merges each time, refused at the merge (`<<`, line 19: a18's) that goes past the bound, at once."""
    assert run_pnp("build", "mini", cwd=project).code == 0
    args: tuple[str, ...] = ()
    if file == "printers.yaml":
        (project / file).write_text(_merge_chain(40, nested=False) + "office: {back_offset: [0, 0]}\n")
        args = ("--printer", "office")
    else:
        edit(project / file, "\n", "\n" + _merge_chain(40, nested=False))
    line = 19 if file == "printers.yaml" else 20
    err = refused(project, *args, first=f"{file}:{line}:12: {MERGED}")
    assert err.count("\n") == 2


@pytest.mark.parametrize("file", [SPELLS, GAME, FRONT])
def test_a_merge_bomb_is_refused_like_an_alias_bomb(project, file):
    assert run_pnp("build", "mini", cwd=project).code == 0
    edit(project / file, "\n", "\n" + _merge_chain(40, nested=True))
    err = refused(project, first=f"{file}:3:5: more than 600,000 values once its aliases are expanded; an alias "
                                 "that repeats other aliases grows without bound (a merge, `<<:`, counts as an alias)",
                  seconds=8)
    assert err.count("\n") == 2


def test_a_merge_bomb_in_printers_yaml_is_refused(project):
    assert run_pnp("build", "mini", cwd=project).code == 0
    (project / "printers.yaml").write_text(_merge_chain(40, nested=True) + "office: {back_offset: [0, 0]}\n")
    refused(project, "--printer", "office", first="printers.yaml:2:5: more than 600,000 values once its aliases "
            "are expanded; an alias that repeats other aliases grows without bound (a merge, `<<:`, counts as an "
            "alias)", seconds=8)


# -- files outside the project, and files that are not files -------------------------------------

def test_printers_yaml_that_leads_out_of_the_project_is_not_read(project, tmp_path):
    secret = tmp_path / "secret.yaml"
    secret.write_text("hunter2-password: 1\n")
    assert run_pnp("build", "mini", cwd=project).code == 0
    (project / "printers.yaml").symlink_to(secret)
    err = refused(project, "--printer", "office", first=f"{project / 'printers.yaml'}: leads outside the project "
                  "folder; a game may name only files inside its project (absolute paths, `..` and links that leave "
                  "it are refused)")
    assert "hunter2" not in err


def test_an_output_link_out_of_the_project_is_not_written_through(project, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (project / "output").symlink_to(elsewhere)
    result = run_pnp("build", "mini", cwd=project)
    assert result.code == 2
    assert result.err.splitlines()[0] == ("the output folder output/mini leads outside the project folder (a link "
                                          "on the way); pnp writes outside the project only where --out says: "
                                          "remove the link or name the folder with --out")
    assert list(elsewhere.iterdir()) == []
    for command in (("preview", "mini"), ("export", "mini", "--to", "png")):
        assert run_pnp(*command, cwd=project).code == 2
        assert list(elsewhere.iterdir()) == []
    # named on the command line, the same folder is the designer's choice
    assert run_pnp("build", "mini", "--out", str(elsewhere / "mini"), cwd=project).code == 0
    assert (elsewhere / "mini" / "manifest.json").is_file()


@pytest.mark.parametrize("out", ["/", "notes"])
def test_a_refused_out_folder_leaves_nothing_behind(project, tmp_path, out):
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "mine.txt").write_text("my own notes\n")
    target = out if out == "/" else str(notes)
    before = sorted(os.listdir(tmp_path)), sorted(os.listdir("/"))
    result = run_pnp("build", "mini", "--out", target, cwd=project)
    assert result.code == 2 and "Traceback" not in result.err
    assert result.err.splitlines()[0] == (
        "/ is the root of the file system: name an empty or a new folder for the output" if out == "/" else
        f"{notes} holds files but no manifest.json: it is not a pnp output folder, and pnp replaces its output "
        "folder whole; name an empty or a new folder")
    assert (sorted(os.listdir(tmp_path)), sorted(os.listdir("/"))) == before  # no .notes.pnp-lock, no /..pnp-lock
    assert os.listdir(notes) == ["mine.txt"]


def test_calibrate_to_a_folder_is_refused(project, tmp_path):
    for out in ("/", str(tmp_path)):
        result = run_pnp("calibrate", "--out", out, cwd=project)
        assert result.code == 2 and "Traceback" not in result.err, result.err
        assert result.err.splitlines()[0].startswith(f"--out {out}: a folder; name the PDF file to write"), result.err
    assert os.listdir(tmp_path) == ["proj"]


PIPE = ("is a named pipe, not a regular file; {what} must be a plain file (pnp never opens pipes, devices or "
        "sockets: reading one may never end)")


@pytest.mark.parametrize("case", ["data", "deck", "template", "font", "image", "sheet", "icons", "printers",
                                  "rulebook"])
def test_a_named_pipe_is_refused_by_name_before_it_is_opened(project, case):
    """A build that opened a pipe would wait for a writer for ever: each is refused by name at once."""
    assert run_pnp("build", "mini", cwd=project).code == 0
    args: tuple[str, ...] = ()
    if case == "data":
        edit(project / GAME, "decks: [spells.yaml]", "decks: [spells.yaml]\ndata: {t: table.yaml}")
        pipe, first = "cards/mini/table.yaml", "cards/mini/table.yaml: " + PIPE.format(what="a YAML file")
    elif case == "deck":
        pipe, first = SPELLS, f"{SPELLS}: " + PIPE.format(what="a YAML file")
    elif case == "template":
        pipe, first = FRONT, f"{FRONT}: " + PIPE.format(what="a YAML file")
    elif case == "icons":
        pipe, first = ICONS, f"{ICONS}: " + PIPE.format(what="a YAML file")
    elif case == "printers":
        pipe, first, args = "printers.yaml", "printers.yaml: " + PIPE.format(what="a YAML file"), ("--printer", "x")
    elif case == "rulebook":  # it was skipped without a word (`is_file()` is false for a pipe)
        pipe, first = "cards/mini/rulebook.md", "cards/mini/rulebook.md: " + PIPE.format(what="the rulebook")
    elif case == "font":
        pipe = "fonts/Lato-Bold.ttf"
        first = (f"{GAME}:3:37: fonts.body.bold: font file 'Lato-Bold.ttf': " + PIPE.format(what="a font file"))
    elif case == "image":
        edit(project / FRONT, "  - {name: body,", "  - {type: image, src: art/sun.png, x: 0mm, y: 0mm, w: 5mm, "
             "h: 5mm, art: true}\n  - {name: body,")
        pipe = "cards/mini/art/sun.png"
        first = (f"{FRONT}:11:19: spell: image 'art/sun.png': " + PIPE.format(what="an image") +
                 " (template mini/front)")
    else:
        deck = (project / SPELLS).read_text()
        (project / SPELLS).write_text(deck[:deck.index("cards:\n")] + "cards_from: more.csv\n")
        pipe = "cards/mini/more.csv"
        first = f"{SPELLS}:11:1: cards_from: 'more.csv': " + PIPE.format(what="a spreadsheet")
    path = project / pipe
    path.unlink(missing_ok=True)
    os.mkfifo(path)
    refused(project, *args, first=first)


# -- numbers -------------------------------------------------------------------------------------

NUMBER_CASES = {
    "nan_number_field": (SPELLS, "  flavor: {type: text, required: false}\n",
                         "  flavor: {type: text, required: false}\n  weight: {type: number, min: 0, max: 5, "
                         "required: false}\n", "cost: 3", "cost: 3\n    weight: .nan",
                         "cards/mini/spells.yaml:16:5: cards[0] (fireball).weight: expected a number, got nan; write "
                         "a finite number (.nan and .inf are not numbers pnp can use)"),
    "infinite_rotation": (FRONT, "color: accent, if:", "color: accent, rotate: .inf, if:", "", "",
                          "templates/mini/front.yaml:12:89: elements[5].rotate: expected a number, got inf; write a "
                          "finite number (.nan and .inf are not numbers pnp can use)"),
    "rotation_that_overflows": (FRONT, "color: accent, if:", "color: accent, rotate: \"{{ card.cost * 1e308 }}\", if:",
                                "", "", "templates/mini/front.yaml:12:89: spell: rotate: inf is not an angle; use a "
                                "number of degrees, e.g. 90 (template mini/front) (on 2 spell cards: fireball, "
                                "frost-nova)"),
    "leading_past_a_float": (FRONT, 'text: "{{ card.text }}"}', 'text: "{{ card.text }}", leading: "{{ 10 ** 400 }}"}',
                             "", "", "templates/mini/front.yaml:11:92: spell: leading: expected a number, got a "
                             "number of about 401 digits (template mini/front) (on 3 spell cards: fireball, "
                             "frost-nova, blink)"),
    "icon_path_1e309": (ICONS, "  dot:\n", "  huge:\n    shapes:\n      - {type: path, d: \"M 0 0 L 1e309 5 Z\", "
                        "fill: current}\n  dot:\n", "", "",
                        "cards/mini/icons.yaml:8:9: icons.huge.shapes[0]: path command L: '1e309 5': each number lies "
                        "within a million either way"),
    "icon_polygon_1e298": (ICONS, "[[50, 5]", "[[1.0e+298, 5]", "", "", "cards/mini/icons.yaml:5:35: "
                           "icons.damage.shapes[0].points[0][0]: must be at most 1e+06, got 1e+298"),
    "icon_radius_huge": (ICONS, "r: 40", "r: 1.0e+12", "", "", "cards/mini/icons.yaml:8:40: "
                         "icons.dot.shapes[0].r: must be at most 1e+06, got 1000000000000.0"),
    "icon_size_tiny": (ICONS, "size: 100", "size: 1.0e-300", "", "",
                       "cards/mini/icons.yaml:1:1: size: must be at least 1, got 1e-300"),
    "negative_bleed": (GAME, "decks: [spells.yaml]", "decks: [spells.yaml]\nprint: {bleed: -1mm}", "", "",
                       "cards/mini/game.yaml:11:9: print.bleed: must be at least 0 mm, got -1 mm"),
    "huge_mark_length": (GAME, "decks: [spells.yaml]", "decks: [spells.yaml]\nprint: {mark_length: 1000000mm}", "",
                         "", "cards/mini/game.yaml:11:9: print.mark_length: '1000000mm' is longer than 10 m; a length "
                         "lies within 10 m either way"),
    "long_mark_length": (GAME, "decks: [spells.yaml]", "decks: [spells.yaml]\nprint: {mark_length: 50mm}", "", "",
                         "cards/mini/game.yaml:11:9: print.mark_length: must be at most 20 mm, got 50 mm"),
    "length_of_400_digits": (FRONT, "w: 7mm, h: 7mm", "w: " + "9" * 400 + "mm, h: 7mm", "", "",
                             "templates/mini/front.yaml:12:58: spell: w: '" + "9" * 58 + "… (402 characters) is longer "
                             "than 10 m; a length lies within 10 m either way (template mini/front) (on 2 spell "
                             "cards: fireball, frost-nova)"),
    "template_bleed_too_wide": (FRONT, "safe: 3mm\n", "safe: 3mm\nbleed: 30mm\n", "", "",
                                "templates/mini/front.yaml:3:1: bleed: 30mm: a bleed is at most 10 mm"),
    "number_of_100000_digits": (SPELLS, "cost: 3", "cost: " + "7" * 100_000, "", "",
                                "cards/mini/spells.yaml:14:11: '" + "7" * 58 + "… (100,000 characters): a number of "
                                "100,000 digits is too long; write at most "
                                "15 digits (or quote it, as text)"),
}


@pytest.mark.parametrize("case", sorted(NUMBER_CASES))
def test_numbers_are_finite_and_within_their_range(project, case):
    path, old, new, old2, new2, first = NUMBER_CASES[case]
    assert run_pnp("build", "mini", cwd=project).code == 0
    edit(project / path, old, new)
    if old2:
        edit(project / path, old2, new2)
    err = refused(project, first=first)
    assert len(err) < 1000, "no value echoed whole"


@pytest.mark.parametrize(("offset", "first"), [
    ("nan,0", "--back-offset nan,0: each shift is at most 20 mm either way (a printer that shifts more needs "
              "mending, not an offset)"),
    ("1" * 5000 + ",0", "--back-offset '" + "1" * 58 + "… (5,002 characters): each shift is at most 20 mm "
                        "either way (a printer that shifts more needs "
                        "mending, not an offset)"),
])
def test_back_offsets_are_finite_and_bounded(project, offset, first):
    assert run_pnp("build", "mini", cwd=project).code == 0
    refused(project, "--back-offset", offset, first=first)


@pytest.mark.parametrize(("value", "first"), [
    ("[.nan, 0]", "printers.yaml:1:24: office.back_offset[0]: expected a number, got nan; write a finite number (.nan "
                  "and .inf are not numbers pnp can use)"),
    ("[50, 0]", "printers.yaml:1:24: office.back_offset[0]: must be at most 20, got 50.0"),
])
def test_printers_yaml_offsets_are_finite_and_bounded(project, value, first):
    assert run_pnp("build", "mini", cwd=project).code == 0
    (project / "printers.yaml").write_text(f"office: {{back_offset: {value}}}\n")
    refused(project, "--printer", "office", first=first)


# -- fonts, SVGs, images -------------------------------------------------------------------------

def hostile_font(src: Path, dst: Path, last: int) -> None:
    """A copy of `src` whose character map (a format 12 table) claims every code point from 0 to `last`."""
    data = bytearray(src.read_bytes())
    table = struct.pack(">HHIII", 12, 0, 28, 0, 1) + struct.pack(">III", 0, last, 1)
    cmap = struct.pack(">HHHHI", 0, 1, 3, 10, 12) + table
    for i in range(struct.unpack_from(">H", data, 4)[0]):
        if data[12 + 16 * i: 16 + 16 * i] == b"cmap":
            struct.pack_into(">II", data, 20 + 16 * i, len(data), len(cmap))
    dst.write_bytes(bytes(data) + cmap)


def test_a_font_that_claims_every_code_point_is_refused_by_name(project):
    """reportlab would build an entry for each of 50 million code points (gigabytes): refused in a fresh
    process, whose peak memory is measured, before reportlab reads the file."""
    hostile_font(REPO / "fonts" / "Lato-Bold.ttf", project / "fonts" / "Lato-Bold.ttf", 0x2FFFFFF)
    driver = ("import resource, runpy, sys\nsys.argv = ['pnp', 'build', 'mini']\ntry:\n"
              "    runpy.run_module('pnp', run_name='__main__')\nfinally:\n"
              "    print(next(line.split()[1] for line in open('/proc/self/status') if line.startswith('VmHWM')))")
    # its own peak in kB (VmHWM: rusage would count the test process it was forked from, whose pages it had)
    proc = subprocess.run([sys.executable, "-c", driver], cwd=project, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.splitlines()[0] == (
        f"{GAME}:3:37: fonts.body.bold: font file 'Lato-Bold.ttf': its character map claims 50,331,648 characters; "
        "a font may map at most 300,000 (all of Unicode has fewer), so this file is damaged or hostile")
    assert int(proc.stdout.split()[-1]) < 300 * 1024, "well under 1 GB"


def test_every_bundled_font_passes_the_font_check():
    from pnp.layout.fonts.font_file import font_problem

    fonts = sorted((REPO / "fonts").glob("*.ttf"))
    assert fonts and [f.name for f in fonts if font_problem(f.read_bytes())] == []


def test_a_damaged_character_map_is_refused():
    from pnp.layout.fonts.font_file import font_problem

    data = (REPO / "fonts" / "Lato-Bold.ttf").read_bytes()
    count = struct.unpack_from(">H", data, 4)[0]
    at = next(i for i in range(count) if data[12 + 16 * i: 16 + 16 * i] == b"cmap")
    cut = bytearray(data)
    struct.pack_into(">I", cut, 20 + 16 * at, len(data) - 2)  # the table begins 2 bytes before the end
    assert font_problem(bytes(cut)) == "its table of characters (cmap) is damaged or cut short; save the font again"


def use_bomb(levels: int, fan: int) -> str:
    groups = "".join(f'<g id="a{i}">' + f'<use xlink:href="#a{i - 1}"/>' * fan + "</g>" for i in range(1, levels))
    return ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">'
            f'<defs><g id="a0"><rect width="1" height="1"/></g>{groups}</defs>'
            f'<use xlink:href="#a{levels - 1}"/></svg>')


@pytest.mark.parametrize(("svg", "why"), [
    (use_bomb(12, 10), "its <use> copies (of copies) number more than 10,000; simplify it"),
    (use_bomb(2, 1000).replace('<rect width="1" height="1"/>', '<rect width="1" height="1"/>' * 30),
     "more than 20,000 elements once its <use> copies are drawn; simplify it"),
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><g id="a"><use href="#a"/></g></svg>',
     "a <use> refers to an element that holds it: the drawing never ends"),
])
def test_an_svg_use_bomb_is_a_located_error_with_no_stray_log_line(project, svg, why):
    assert run_pnp("build", "mini", cwd=project).code == 0
    (project / "cards" / "mini" / "bomb.svg").write_text(svg)
    edit(project / ICONS, "icons:\n", "icons:\n  bomb: {svg: bomb.svg}\n")
    err = refused(project, first=f"{ICONS}:3:10: icons.bomb.svg: SVG 'bomb.svg': {why}")
    assert "Too many" not in err and err.count("\n") == 2


def test_an_image_past_pillows_own_bound_but_within_ours_draws_without_its_warning(project, monkeypatch):
    """Pillow warns (DecompressionBombWarning, with the file's path) past its own bound, below ours: pnp
    checks the image against its bound first and sets Pillow's to it, so nothing raw reaches the designer."""
    from PIL import Image as PILImage

    edit(project / FRONT, "  - {name: body,", "  - {type: image, src: art/sun.png, x: 0mm, y: 0mm, w: 5mm, h: 5mm, "
         "art: true}\n  - {name: body,")
    with PILImage.open(project / "cards" / "mini" / "art" / "sun.png") as sun:
        pixels = sun.width * sun.height
    monkeypatch.setattr(PILImage, "MAX_IMAGE_PIXELS", pixels // 2)  # as if this image were past Pillow's bound
    result = run_pnp("build", "mini", cwd=project)
    assert result.code == 0, result.err
    assert "DecompressionBomb" not in result.err + result.out and "sun.png" not in result.err


# -- the command line ----------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["My\nGame", "Tab\tbed", "", "x" * 201])
def test_new_refuses_a_name_that_is_not_one_line(project, name):
    result = run_pnp("new", "fresh", "--name", name, cwd=project)
    assert result.code == 2 and "Traceback" not in result.err
    assert result.err.splitlines()[0].startswith("--name "), result.err
    assert "a game's name is one line of text of at most 200 characters" in result.err
    assert not (project / "cards" / "fresh").exists() and not (project / "templates" / "fresh").exists()


def test_new_quotes_a_name_that_yaml_would_read_otherwise(project):
    from pnp.model.game import load_game

    assert run_pnp("new", "fresh", "--name", "Cost: 2 # [not] a comment", cwd=project).code == 0
    assert load_game(project, "fresh").manifest.name == "Cost: 2 # [not] a comment"


@pytest.mark.parametrize(("host", "local"), [("127.0.0.1", True), ("127.0.0.2", True), ("127.255.0.9", True),
                                             ("::1", True), ("localhost", True), ("0.0.0.0", False),
                                             ("192.168.1.5", False), ("::", False), ("example.org", False)])
def test_all_of_127_and_ipv6_loopback_are_this_machine(host, local):
    from pnp.commands.serve import loopback

    assert loopback(host) is local


def test_rules_yaml_that_is_a_pipe_is_not_taken_for_no_rules(project):
    """A check that skipped a rules.yaml it could not read would pass in CI without checking anything."""
    os.mkfifo(project / "cards" / "mini" / "rules.yaml")
    result = run_pnp("check", "mini", cwd=project)
    assert result.code == 2, result.err
    assert result.err.splitlines()[0] == "cards/mini/rules.yaml: " + PIPE.format(what="a YAML file")


def test_a_schemas_link_out_of_the_project_is_not_written_through(project, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (project / "schemas").symlink_to(elsewhere)
    result = run_pnp("schema", cwd=project)
    assert result.code == 2 and result.err.startswith("the output folder schemas leads outside the project folder")
    assert list(elsewhere.iterdir()) == []


def test_no_message_runs_to_pages():
    from pnp.core.errors import Problem

    problem = Problem(None, "unknown icon " + repr("x" * 100_000))
    assert len(str(problem)) < 2100 and str(problem).endswith("… (100,015 characters)")


def test_a_template_that_is_an_alias_bomb_is_expanded_once(project, monkeypatch):
    """The layout, the rules and the message that locates an expression each read a template: a file
    refused for its size is refused once per text, not expanded again by each reader."""
    import pnp.model.load as load

    bomb = "\n".join(f"{a}: &{a} [{', '.join([f'*{p}' if p else 'x'] * 9)}]"
                     for a, p in zip("abcdefghi", ["", *"abcdefgh"], strict=True))
    edit(project / FRONT, "size: poker\n", bomb + "\nsize: poker\n")
    real, read = load.load_text, []

    def counted(text: str, file: str) -> load.Doc:
        read.append(file)
        return real(text, file)

    monkeypatch.setattr(load, "load_text", counted)
    for command in ("build", "check"):
        result = run_pnp(command, "mini", cwd=project)
        assert result.code == 2 and "more than 600,000 values" in result.err, result.err
    assert read.count(FRONT) == 1


@pytest.mark.parametrize(("old", "new", "first"), [
    ("{regular: Lato-Regular.ttf", "{regular: NAME.ttf", "fonts.body.regular: font file '"),
    ("decks: [spells.yaml", "decks: [spells.yaml, NAME.yaml", "decks[1]: deck file '"),
    ("icons: icons.yaml", "icons: NAME.yaml", "icons: icon file '"),
    ("decks: [spells.yaml]", "decks: [spells.yaml]\ndata: {t: NAME.yaml}", "data.t: data table file '"),
])
def test_a_file_name_too_long_for_the_system_is_said_not_found(project, old, new, first):
    """A name longer than the system allows (found by the fuzzer: `OSError: File name too long`, exit 3)."""
    edit(project / GAME, old, new.replace("NAME", "1" * 300))
    result = run_pnp("build", "mini", cwd=project)
    assert result.code == 2 and "Traceback" not in result.err, result.err
    assert first in result.err and "not found" in result.err, result.err


def test_a_recorded_setup_named_on_the_command_line_may_lie_anywhere_but_must_be_a_file(project, tmp_path):
    """`--setup FILE` is named by the designer, like `--out`: outside the project is their choice; a pipe
    is still refused by name before it is opened."""
    pipe = tmp_path / "setup.yaml"
    os.mkfifo(pipe)
    result = run_pnp("check", "tiny", "--setup", str(pipe), cwd=project)
    assert result.code == 2, result.err
    assert f"{pipe}: " + PIPE.format(what="a YAML file") in result.err + result.out
