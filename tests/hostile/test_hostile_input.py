"""A game's repository is input that others edit: every hostile or broken input is answered with a
located message and the right exit code, quickly and within memory, never a traceback, and the last
good output stays as it was. One case per input, each asserting the line a user reads."""

from __future__ import annotations

import hashlib
import os
import resource
import sys
import time
from pathlib import Path

import pytest

from conftest import edit, run_pnp

SPELLS = "cards/mini/spells.yaml"
GAME = "cards/mini/game.yaml"
FRONT = "templates/mini/front.yaml"
BODY = 'text: "{{ card.text }}"'
BOMB = "\n".join(f"{a}: &{a} [{', '.join([f'*{p}' if p else 'x'] * 9)}]"
                 for a, p in zip("abcdefghi", ["", *"abcdefgh"], strict=True))

# case: (file, old, new, exit code, the first line of the report)
CASES = {
    # YAML itself
    "int_tag": (SPELLS, "cost: 3", "cost: !!int abc", 2,
                "cards/mini/spells.yaml:14:11: 'abc' is not a valid !!int; remove the tag or fix the value"),
    "float_tag": (SPELLS, "cost: 3", "cost: !!float abc", 2,
                  "cards/mini/spells.yaml:14:11: 'abc' is not a valid !!float; remove the tag or fix the value"),
    "bool_tag": (SPELLS, "cost: 3", "cost: !!bool maybe", 2,
                 "cards/mini/spells.yaml:14:11: 'maybe' is not a valid !!bool; remove the tag or fix the value"),
    "timestamp_tag": (SPELLS, "cost: 3", "cost: !!timestamp soon", 2,
                      "cards/mini/spells.yaml:14:11: 'soon' is not a valid !!timestamp; remove the tag or fix the "
                      "value"),
    "deep_nesting": (SPELLS, 'flavor: "Cold."', "flavor: " + "[" * 500 + "]" * 500, 2,
                     "cards/mini/spells.yaml:19:75: nested more than 64 levels deep"),
    "very_deep_nesting": (SPELLS, 'flavor: "Cold."', "flavor: " + "[" * 30000 + "]" * 30000, 2,
                          "cards/mini/spells.yaml: nested more than 64 levels deep"),
    "merge_of_a_number": (SPELLS, "  - id: blink\n", "  - <<: 5\n    id: blink\n", 2,
                          "cards/mini/spells.yaml:20:9: `<<` merges a mapping (`<<: *base`) or a list of them, not "
                          "'5'"),
    "alias_bomb": (SPELLS, "cards:\n", BOMB + "\ncards:\n", 2,
                   "cards/mini/spells.yaml:11:14: more than 600,000 values once its aliases are expanded; an alias "
                   "that repeats other aliases grows without bound"),
    "control_character": (SPELLS, 'text: "Move."', 'text: "Mo\x07ve."', 2,
                          "cards/mini/spells.yaml:24:14: character U+0007 is not allowed in YAML text; delete it (a "
                          "control character, often pasted by accident)"),
    "data_table_is_a_folder": (GAME, "decks: [spells.yaml]", "decks: [spells.yaml]\ndata: {t: art}", 2,
                               "cards/mini/art: is a folder; a YAML file is expected here"),
    # paths out of the project
    "data_table_outside": (GAME, "decks: [spells.yaml]", "decks: [spells.yaml]\ndata: {pw: /etc/passwd}", 2,
                           "cards/mini/game.yaml:11:8: data.pw: data table '/etc/passwd' leads outside the project "
                           "folder; a game may name only files inside its project (absolute paths, `..` and links "
                           "that leave it are refused)"),
    "deck_outside": (GAME, "decks: [spells.yaml]", "decks: [../../../../etc/passwd]", 2,
                     "cards/mini/game.yaml:10:9: decks[0]: deck file '../../../../etc/passwd' leads outside the "
                     "project folder; a game may name only files inside its project (absolute paths, `..` and "
                     "links that leave it are refused)"),
    "template_outside": (SPELLS, "template: mini/front", "template: ../../../../etc/passwd", 2,
                         "cards/mini/spells.yaml:3:1: template: '../../../../etc/passwd' is not a template name: a "
                         "name is a path under templates/ without the .yaml (`voyage/ability`), of letters, digits, "
                         "`-`, `_`, `/`"),
    "image_outside": (FRONT, "  - {name: gem", "  - {type: image, src: /etc/hostname, x: 5mm, y: 50mm, w: 20mm, "
                      "h: 20mm}\n  - {name: gem", 2,
                      "templates/mini/front.yaml:12:19: spell: image '/etc/hostname' leads outside the "
                      "project folder; a game may name only files inside its project (absolute paths, `..` and "
                      "links that leave it are refused) (template mini/front)"),
    "font_outside": (GAME, "Lato-Bold.ttf", "../../../usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 2,
                     "cards/mini/game.yaml:3:37: fonts.body.bold: font file "
                     "'../../../usr/share/fonts/truetype/dejavu/DejaVuSans.ttf' leads outside the project folder; a "
                     "game may name only files inside its project (absolute paths, `..` and links that leave it "
                     "are refused)"),
    # images
    "image_is_text": (FRONT, "  - {name: gem", "  - {type: image, src: spells.yaml, x: 5mm, y: 50mm, w: 20mm, "
                      "h: 20mm}\n  - {name: gem", 2,
                      "templates/mini/front.yaml:12:19: spell: image 'spells.yaml': is not a picture file (a PNG or a "
                      "JPEG) (template mini/front)"),
    # sizes and counts
    "card_size_zero": (FRONT, "size: poker", "size: {width: 0mm, height: 0mm}", 2,
                       "templates/mini/front.yaml:1:1: size: 0 x 0 mm: a face is from 2 mm to 2000 mm a side"),
    "card_a_thousandth_of_a_mm_wide": (FRONT, "size: poker", "size: {width: 0.001mm, height: 88mm}", 2,
                                       "templates/mini/front.yaml:1:1: size: 0.001 x 88 mm: a face is from 2 mm to "
                                       "2000 mm a side"),
    "a_billion_copies": (SPELLS, "    copies: 1\n", "    copies: 1000000000\n", 2,
                         "cards/mini/spells.yaml:23:5: spell/blink: this game would print 1,000,000,004 pieces, more "
                         "than the limit of 20,000 (this card prints 1,000,000,000); if that is right, raise the "
                         "limit with --max-pieces"),
    "repeat_a_billion": (FRONT, "  - {name: gem", "  - {type: rect, repeat: 1000000000, w: 1mm, h: 1mm}\n"
                         "  - {name: gem", 2,
                         "templates/mini/front.yaml:12:18: spell: repeat: 1,000,000,000 items; an element repeats at "
                         "most 10,000 times (template mini/front)"),
    "text_size_zero": (FRONT, "size: 9pt, min_size: 7pt", "size: 0pt, min_size: 7pt", 2,
                       "templates/mini/front.yaml:3:20: text.size: 0 pt; use a value from 0.5 to 500"),
    "text_size_negative": (FRONT, "size: 9pt, min_size: 7pt", "size: -3pt, min_size: 7pt", 2,
                           "templates/mini/front.yaml:3:20: text.size: -3 pt; use a value from 0.5 to 500"),
    "leading_nan": (FRONT, "size: 9pt, min_size: 7pt", "size: 9pt, min_size: 7pt, leading: .nan", 2,
                    "templates/mini/front.yaml:3:46: text.leading: expected a number, got nan; write a finite number "
                    "(.nan and .inf are not numbers pnp can use)"),
    "element_text_size_zero": (FRONT, "font: title, size: 12pt,\n     color: paper, glossary",
                               "font: title, size: 0pt,\n     color: paper, glossary", 2,
                               "templates/mini/front.yaml:7:102: spell: size: 0 pt; use a value from 0.5 to 500 "
                               "(template mini/front) (on 3 spell cards: fireball, frost-nova, blink)"),
    # the sandbox
    "repeat_a_string": (FRONT, BODY, "text: \"{{ 'x' * 1000000000 }}\"", 2,
                        "templates/mini/front.yaml:11:67: spell: {{ 'x' * 1000000000 }}: a text of 1,000,000,000 "
                        "would be built; an expression may build at most 1,000,000 characters or 100,000 items "
                        "(template mini/front)"),
    "a_huge_power": (FRONT, BODY, 'text: "{{ 10**(10**10) }}"', 2,
                     "templates/mini/front.yaml:11:67: spell: {{ 10**(10**10) }}: 10 ** 10000000000: a number of more "
                     "than 1,228 digits (template mini/front)"),
    "nested_loops": (FRONT, BODY, 'text: "{% for i in range(10000) %}{% for j in range(10000) %}{% endfor %}'
                     '{% endfor %}x"', 2,
                     "templates/mini/front.yaml:11:67: spell: {% for i in range(10000) %}{% for j in range(10000) %}"
                     "{% endfor %}{% endfor %}x: loops of more than 1,000,000 turns in one value (nested ranges "
                     "multiply): lay out less per expression (template mini/front)"),
    "changing_the_card": (FRONT, BODY, "text: \"{{ card.update({'name': 'X'}) or card.text }}\"", 2,
                          "templates/mini/front.yaml:11:67: spell: {{ card.update({'name': 'X'}) or card.text }}: "
                          "access to attribute 'update' of 'dict' object is unsafe. (template mini/front) (on 3 spell "
                          "cards: fireball, frost-nova, blink)"),
    # characters the fonts cannot draw
    "hebrew": (SPELLS, 'text: "Move."', 'text: "Move to שלום."', 2,
               "cards/mini/spells.yaml:24:5: spell/blink: text: 'ש' (U+05E9, hebrew letter shin) is not in the font "
               "Lato-Regular (family body): write another character, or add a font that has it under `fallback:` of "
               "the family in game.yaml"),
    "cjk": (SPELLS, 'text: "Move."', 'text: "Move 龍."', 2,
            "cards/mini/spells.yaml:24:5: spell/blink: text: '龍' (U+9F8D, cjk unified ideograph-9f8d) is not in the "
            "font Lato-Regular (family body): write another character, or add a font that has it under `fallback:` "
            "of the family in game.yaml"),
    "emoji": (SPELLS, 'text: "Move."', 'text: "Move 🎲."', 2,
              "cards/mini/spells.yaml:24:5: spell/blink: text: '🎲' (U+1F3B2, game die) is not in the font "
              "Lato-Regular (family body): write another character, or add a font that has it under `fallback:` of "
              "the family in game.yaml"),
}


def outputs(root: Path) -> dict[str, str]:
    out = root / "output" / "mini"
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(out.iterdir())}


@pytest.mark.parametrize("case", sorted(CASES))
def test_hostile_input_is_answered_in_its_place_and_leaves_the_last_good_build(project, case):
    path, old, new, code, first = CASES[case]
    assert run_pnp("build", "mini", cwd=project).code == 0
    before = outputs(project)
    edit(project / path, old, new)
    # processor time, not wall time: the answer's cost, whatever else the machine is doing (a CI runner)
    started, memory = time.process_time(), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    result = run_pnp("build", "mini", cwd=project)
    assert time.process_time() - started < 2.5, "answered at once"
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - memory < 300 * 1024, "within 300 MB"
    assert result.code == code, result.err
    assert result.err.splitlines()[0].startswith(first), result.err
    assert "Traceback" not in result.err and "root:x:0" not in result.err
    assert outputs(project) == before


def test_a_file_that_is_not_utf8_is_located(project):
    path = project / SPELLS
    path.write_bytes(path.read_bytes().replace(b"Blink", b"Bl\xe9nk"))
    result = run_pnp("check", "mini", cwd=project)
    assert (result.code, result.err.splitlines()[0]) == (
        2, "cards/mini/spells.yaml:21:13: not UTF-8 text (byte 0xe9); save the file as UTF-8")


def test_broken_and_enormous_images(project):
    from PIL import Image

    art = project / "cards/mini/art"
    (art / "cut.png").write_bytes((art / "sun.png").read_bytes()[:200])  # truncated
    Image.new("1", (12_000, 12_000)).save(art / "bomb.png")  # 144 million pixels in a few kilobytes
    assert (art / "bomb.png").stat().st_size < 100_000
    for name, says in (("cut.png", "cannot be read as a picture"), ("bomb.png", "12000 x 12000 pixels; at most 100 "
                                                                               "million")):
        edit(project / FRONT, "  - {name: gem", f"  - {{type: image, src: art/{name}, x: 5mm, y: 50mm, w: 20mm, "
             f"h: 20mm}}\n  - {{name: gem")
        result = run_pnp("check", "mini", cwd=project)
        assert result.code == 2 and f"image 'art/{name}': {says}" in result.err.splitlines()[0], result.err
        edit(project / FRONT, f"  - {{type: image, src: art/{name}, x: 5mm, y: 50mm, w: 20mm, h: 20mm}}\n", "")


def test_links_out_of_the_project_are_refused(project, tmp_path):
    secret = tmp_path / "secret.yaml"
    secret.write_text("password: hunter2\n")
    (project / "cards/mini/innocent.yaml").symlink_to(secret)
    edit(project / GAME, "decks: [spells.yaml]", "decks: [spells.yaml]\ndata: {notes: innocent.yaml}")
    result = run_pnp("build", "mini", cwd=project)
    assert result.code == 2 and "hunter2" not in result.err + result.out
    assert result.err.splitlines()[0].startswith("cards/mini/game.yaml:11:8: data.notes: data table 'innocent.yaml' "
                                                 "leads outside the project folder")


def test_game_ids_are_checked(project):
    for bad in ("../../../../tmp/elsewhere", "Mini", "mini/../mini"):
        result = run_pnp("build", bad, cwd=project)
        assert (result.code, result.err.splitlines()[0]) == (
            2, f"{bad!r} is not a game id: a game id is a folder name under cards/ of lower-case letters, digits "
               "and dashes (see `pnp list`)")
    assert not (project / "output").exists()


def test_characters_from_a_fallback_font_print(project):
    from pdfcheck import text_of

    edit(project / SPELLS, 'text: "Move."', 'text: "Move to שלום ★."')
    assert run_pnp("check", "mini", cwd=project).code == 2
    edit(project / GAME, "italic: Lato-Italic.ttf}", "italic: Lato-Italic.ttf, fallback: [DejaVuSans.ttf]}")
    result = run_pnp("build", "mini", cwd=project)
    assert result.code == 0, result.err
    text = text_of(project / "output/mini/spell.pdf")
    assert "Move to" in text and "שלום" in text.replace("\u200f", "") or "םולש" in text, text
    assert "★" in text


def test_bad_numbers_on_the_command_line(project):
    result = run_pnp("build", "mini", "--back-offset", "1e999,0", cwd=project)
    assert (result.code, result.err.splitlines()[0]) == (2, "--back-offset 1e999,0: each shift is at most 20 mm "
                                                            "either way (a printer that shifts more needs mending, "
                                                            "not an offset)")
    result = run_pnp("preview", "mini", "--dpi", "0", cwd=project)
    assert result.code == 2 and "Invalid value for '--dpi': 0 is not in the range 36<=x<=1200" in result.err
    result = run_pnp("build", "mini", "--max-pieces", "4", cwd=project)
    assert result.code == 2 and "this game would print 5 pieces, more than the limit of 4" in result.err


@pytest.fixture
def tiny_rules(project):
    return project / "cards/tiny/rules.py"


def test_a_custom_rule_that_runs_forever_is_stopped_at_its_line(project, tiny_rules):
    edit(tiny_rules, "    for deck in game.decks:", "    while True:\n        pass\n    for deck in game.decks:")
    started = time.perf_counter()
    result = run_pnp("check", "tiny", "--rule-timeout", "0.5", cwd=project)
    assert time.perf_counter() - started < 5
    assert (result.code, result.err.splitlines()[0]) == (
        2, "cards/tiny/rules.yaml:18:5: no-forbidden: custom rule 'tiny-no-forbidden' ran longer than 0.5 s and was "
           "stopped (at cards/tiny/rules.py:6); make it faster, or give it more time with --rule-timeout SECONDS")


def test_a_custom_rule_cannot_end_pnp(project, tiny_rules):
    edit(tiny_rules, "    for deck in game.decks:", "    import sys\n    sys.exit(0)\n    for deck in game.decks:")
    for command in (("build", "tiny"), ("check", "tiny", "--strict")):
        result = run_pnp(*command, cwd=project)
        assert (result.code, result.err.splitlines()[0]) == (
            2, "cards/tiny/rules.yaml:18:5: no-forbidden: custom rule 'tiny-no-forbidden' called sys.exit() (at "
               "cards/tiny/rules.py:7); a rule reports with fail(message, where, subject) and returns")
    assert not (project / "output").exists()


def test_what_a_custom_rule_prints_is_a_warning(project, tiny_rules):
    edit(tiny_rules, "    for deck in game.decks:", "    print('checking', game.id)\n    for deck in game.decks:")
    result = run_pnp("check", "tiny", "--strict", cwd=project)
    assert result.code == 1 and "checking tiny" not in result.out.split("warning")[0]
    assert ("cards/tiny/rules.yaml:18:5: no-forbidden: custom rule 'tiny-no-forbidden' printed 'checking tiny': a "
            "rule says what it finds with fail(message, where, subject), not print()") in result.out


def test_a_syntax_error_in_custom_rules_is_located(project, tiny_rules):
    edit(tiny_rules, "    for deck in game.decks:", "    for deck in game.decks")
    result = run_pnp("check", "tiny", cwd=project)
    assert (result.code, result.err.splitlines()[0]) == (
        2, "cards/tiny/rules.py:6:27: no-forbidden: syntax error in the custom rules: expected ':'")


def test_custom_rules_can_be_left_out_for_an_untrusted_change(project, tiny_rules):
    edit(tiny_rules, "    for deck in game.decks:", "    raise SystemError('would run')\n    for deck in game.decks:")
    result = run_pnp("check", "tiny", "--no-custom-rules", cwd=project)
    assert result.code == 0, result.err
    assert ("cards/tiny/rules.yaml:1:1: tiny: 1 custom rule not run (--no-custom-rules): no-forbidden"
            in result.out)
    assert run_pnp("check", "tiny", "--no-custom-rules", "--strict", cwd=project).code == 1


def test_a_cache_entry_pnp_did_not_write_is_never_run(project, tmp_path):
    """Plant, in the compiled-template cache, code under the name of an expression a build compiles."""
    import marshal

    from pnp.model.expressions import compiled

    cache = tmp_path / "cache"
    planted = tmp_path / "PLANTED"
    code = compile(f"open({str(planted)!r}, 'w').write('ran')", "<planted>", "exec")
    env = {"PNP_CACHE_DIR": str(cache)}
    assert run_pnp("build", "mini", "--out", str(tmp_path / "a"), cwd=project, env=env).code == 0
    entries = list(cache.rglob("*.code"))
    assert entries
    for entry in entries:  # unsigned, and signed with another key
        entry.write_bytes(marshal.dumps(code))
    assert run_pnp("build", "mini", "--out", str(tmp_path / "b"), cwd=project, env=env).code == 0
    assert not planted.exists()
    assert (tmp_path / "a" / "spell.pdf").read_bytes() == (tmp_path / "b" / "spell.pdf").read_bytes()
    assert compiled._MAGIC == b"pnp1"


def test_an_internal_error_is_exit_3_with_a_hint(monkeypatch, capsys):
    from pnp.commands import cli

    def broken() -> None:
        raise KeyError("a bug")

    monkeypatch.setattr(cli, "app", broken)
    monkeypatch.setattr(sys, "argv", ["pnp"])  # no command named: main runs the whole app (pytest's own argv aside)
    with pytest.raises(SystemExit) as stopped:
        cli.main()
    assert stopped.value.code == 3
    err = capsys.readouterr().err
    assert err.startswith("internal error: KeyError: 'a bug'\nThis is a bug in pnp, not in your game: please report")


def test_watch_reports_anything_and_keeps_watching(project, monkeypatch):
    from pnp.commands import watch
    from pnp.commands.build import BuildOptions

    said: list[str] = []

    def broken(*args: object) -> None:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(watch, "build", broken)
    assert watch.rebuild(project, "mini", BuildOptions(), said.append) is None
    assert said[0] == "  internal error: ZeroDivisionError: a bug (please report it, with the command and the input)"
    assert said[1].endswith("the last good PDFs are unchanged. Watching...")
    result = run_pnp("watch", "nosuch", cwd=project)
    assert result.code == 2 and "no game 'nosuch' here" in result.err


def test_an_unreadable_file_is_located(project, monkeypatch):
    real = Path.read_bytes

    def denied(self: Path) -> bytes:
        if self.name == "spells.yaml":
            raise PermissionError(13, "Permission denied", str(self))
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", denied)
    result = run_pnp("check", "mini", cwd=project)
    assert (result.code, result.err.splitlines()[0]) == (
        2, "cards/mini/spells.yaml: cannot read this file: Permission denied")


def test_the_sandbox_holds_without_pnp_in_the_way():
    """The bounds are the sandbox's own, whatever calls it (a rule's expression, a setup's `where`)."""
    from jinja2.exceptions import SecurityError

    from pnp.model.expressions.sandbox import Sandbox

    env = Sandbox()
    for source in ("{{ 'x'.ljust(10**9) }}", "{{ '%0999999999d' % 1 }}", "{{ 'a'|center(10**9) }}",
                   "{{ '{:>999999999}'.format(1) }}", "{{ '{:>{}}'.format(1, 10**9) }}", "{{ [0] * 10**9 }}",
                   "{{ (1).to_bytes(10**9, 'big') }}", "{{ ','.join(['x' * 900000] * 100) }}",
                   "{% set ns = namespace(s='xx') %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}",
                   "{% for i in range(10000) %}{{ 'x' * 900000 }}{% endfor %}", "{{ lipsum(10**6) }}"):
        with pytest.raises((SecurityError, Exception)) as caught:
            env.from_string(source).render()
        assert not isinstance(caught.value, MemoryError), source
    assert env.from_string("{{ 'x' * 3 }}{{ '%03d' % 7 }}{{ 'a'|center(5) }}").render() == "xxx007  a  "
    assert os.environ.get("PNP_CACHE_DIR")  # the tests keep their own cache
