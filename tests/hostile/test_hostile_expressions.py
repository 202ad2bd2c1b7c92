"""Expressions and checks that would grow past memory or time: each is a located error (exit 2) within
the documented limits, quickly and in little memory, never a traceback or an internal error.

The bombs share: `['x' * 1000000] * 100000` is one string and 100,000 references to it, small in memory
and 100 GB as text. What turns a value into text counts the references as they print."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from conftest import REPO, edit, run_pnp

FRONT = "templates/mini/front.yaml"
BODY = 'text: "{{ card.text }}"'
AT = "templates/mini/front.yaml:11:67: spell: "
TOO_LONG = "would be built; an expression may build at most 1,000,000 characters or 100,000 items"
MORE = "a text of more than 1,000,000 characters " + TOO_LONG
ONE_GB = 1024 ** 3

# expression (in the text of every spell card) -> what the error says after its source
EXPANDING = {
    "string_of_shared_strings": ("(['x' * 1000000] * 100000) | string", MORE),
    "string_of_a_shared_list": ("([[1] * 100000] * 100000) | string", MORE),
    "sum_of_shared_lists": ("([[0] * 100000] * 100000) | sum(start=[]) | length", "a list of 200,000 " + TOO_LONG),
    "tojson_of_a_shared_list": ("([[1] * 1000] * 100000) | tojson", MORE),
    "join_of_shared_strings": ("(['x' * 1000] * 100000) | join", MORE),
    "join_of_a_generator": ("[[[1] * 100000] * 100000] | select | join", MORE),
    "join_of_an_attribute": ("[{'a': [[1] * 100000] * 100000}] | join(attribute='a')", MORE),
    "tilde_of_a_shared_list": ("([[1] * 100000] * 100000) ~ 'x'", MORE),
    "format_of_a_shared_list": ("'%s' | format([[1] * 100000] * 100000)", MORE),
    "percent_of_a_shared_list": ("'%s' % ([[1] * 100000] * 100000,)", MORE),
    "str_format_of_a_shared_list": ("'{}'.format([[1] * 100000] * 100000)", MORE),
    "pprint_of_a_shared_list": ("([[1] * 1000] * 100000) | pprint", MORE),
    "escape_of_a_shared_list": ("([[1] * 100000] * 100000) | e", MORE),
    "a_shared_list_printed": ("[[1] * 100000] * 100000", MORE),
    "indent_by_a_long_text": ("('a\\n' * 400000) | indent('x' * 900)", "a text of 360,800,900 " + TOO_LONG),
    "batch_padding": ("[1] | batch(1000000000, 'x') | list", "a list of 1,000,000,000 " + TOO_LONG),
    "slice_count": ("[1] | slice(1000000000) | list", "a list of 1,000,000,000 " + TOO_LONG),
    "many_distinct_strings": ("(['x' * 100000] * 100000) | map('upper') | list | length",
                              "texts and lists of more than 10,000,000 characters and items in all would be built "
                              "in one value: build less per expression"),
    "comparing_shared_lists": ("([[1] * 100000] * 100000) == ([[1] * 100000] * 100000)",
                               "`==` compares: values that would print more than 1,000,000 characters (a reference "
                               "shared counts each time): give it smaller values"),
    "sorting_shared_texts": ("(['x' * 1000000] * 100000) | sort | length",
                             "`sort` compares: values that would print more than 1,000,000 characters (a reference "
                             "shared counts each time): give it smaller values"),
    "a_refused_attribute_in_map": ("['a'] | map(attribute='__class__') | list",
                                   "access to attribute '__class__' of 'str' object is unsafe."),
}


def _unit(source: str):
    from pnp.core.errors import Where
    from pnp.layout.expr import compile_value

    dynamic, get = compile_value(source, Where("t.yaml", 1, 1))
    return get({"card": {"name": "n", "text": "t"}}) if dynamic else get


@pytest.mark.parametrize("case", EXPANDING)
def test_a_value_that_would_print_past_the_limit_is_refused_before_it_is_built(case):
    from pnp.layout.expr import ExprError

    expression, said = EXPANDING[case]
    with pytest.raises(ExprError) as caught:
        _unit("{{ " + expression + " }}")
    assert str(caught.value) == "{{ " + expression + " }}: " + said


def test_bounded_builders_still_build_what_fits():
    assert _unit("{{ [1, 2] | sum }}|{{ ['a', 'b'] | sum(start='') }}|{{ [[1], [2]] | sum(start=[]) }}|"
                 "{{ 'ab\ncd' | indent(2) }}|{{ [1, 2] | join(',') }}|{{ '%s!' | format([1]) }}|{{ [1] ~ 2 }}|"
                 "{{ [[1, 2]] | tojson }}|{{ ([1, 2, 3] | batch(2, 0) | list) }}|"
                 "{{ [{'n': 'a', 'big': [[1] * 100000] * 100000}, {'n': 'b'}] | join('+', attribute='n') }}|"
                 "{{ ['x', 'y'] | join(d='-') }}") == \
        "3|ab|[1, 2]|ab\n  cd|1,2|[1]!|[1]2|[[1, 2]]|[[1, 2], [3, 0]]|a+b|x-y"
    assert _unit("{{ [[0] * 100] * 100 }}") == [[0] * 100] * 100  # within the limit, a value as it is
    assert _unit("{{ ([[1] * 1000] * 100) | string | length }}") == 300_200
    assert _unit("{{ 1 < 2 < 3 }}|{{ 3 in [1, 2] }}|{{ 'a' not in 'abc' }}|{{ [1] == [1] }}|{{ 2 > 1 == 1 }}|"
                 "{{ [[2], [1]] | sort }}") == "True|False|False|True|True|[[1], [2]]"


def _bomb(project: Path, expression: str) -> None:
    edit(project / FRONT, BODY, 'text: "{{ ' + expression + ' }}"')


@pytest.mark.parametrize("case", ["string_of_shared_strings", "sum_of_shared_lists", "a_refused_attribute_in_map",
                                  "a_shared_list_printed"])
def test_a_template_that_builds_past_the_limit_exits_2_at_its_line(project, case):
    expression, said = EXPANDING[case]
    _bomb(project, expression)
    result = run_pnp("build", "mini", "--out", str(project / "out"), cwd=project)
    assert result.code == 2, result.err
    assert result.err.splitlines()[0].startswith(AT + "{{ " + expression + " }}: " + said), result.err
    assert "Traceback" not in result.err and "[Undefined]" not in result.out + result.err


def _measured(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> tuple[int, str, int]:
    """Run `pnp ARGS` in a child process: (exit code, what it wrote to stderr, its peak memory in bytes)."""
    probe = textwrap.dedent("""
        import json, resource, subprocess, sys
        proc = subprocess.run([sys.executable, "-m", "pnp", *sys.argv[1:]], capture_output=True, text=True,
                              timeout=240)
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
        print(json.dumps([proc.returncode, proc.stderr, peak]))
    """)
    out = subprocess.run([sys.executable, "-c", probe, *args], cwd=cwd, capture_output=True, text=True, timeout=300,
                         env={**os.environ, **(env or {})})
    code, err, peak = json.loads(out.stdout)
    return code, err, peak


@pytest.mark.parametrize("case", ["string_of_shared_strings", "string_of_a_shared_list", "sum_of_shared_lists",
                                  "many_distinct_strings"])
def test_a_bomb_is_refused_in_little_memory(project, case):
    expression, said = EXPANDING[case]
    _bomb(project, expression)
    code, err, peak = _measured(["build", "mini", "--out", "out"], project)
    assert code == 2 and said in err and "Traceback" not in err, err
    assert peak < ONE_GB / 4, f"{peak / 2 ** 20:.0f} MiB"


# -- nesting ----------------------------------------------------------------------------------------

NESTED = {
    "parentheses_5000": ("{{ " + "(" * 5000 + "1" + ")" * 5000 + " }}", "nested more than 20 levels deep"),
    "brackets_5000": ("{{ " + "[" * 5000 + "1" + "]" * 5000 + " }}", "nested more than 20 levels deep"),
    "if_blocks_3000": ("{% if true %}" * 3000 + "x" + "{% endif %}" * 3000, "nested more than 20 levels deep"),
    "for_blocks_30": ("{% for i in [1] %}" * 30 + "x" + "{% endfor %}" * 30, "nested more than 20 levels deep"),
    "minus_signs_5000": ("{{ " + "-" * 5000 + "1 }}", "nested more than 20 levels deep"),
    "a_chain_of_5000_additions": ("{{ 1" + " + 1" * 5000 + " }}", "too deeply nested or too long a chain of "
                                  "operators to compile"),
}


@pytest.mark.parametrize("case", NESTED)
def test_deep_nesting_is_a_syntax_error_of_the_value(case):
    from pnp.core.errors import InputError

    source, said = NESTED[case]
    with pytest.raises(InputError) as caught:
        _unit(source)
    message = str(caught.value)
    assert message.startswith("t.yaml:1:1: expression syntax error in ") and said in message, message
    assert len(message) < 400  # the source is quoted by its ends, not whole


def test_nesting_within_the_limit_still_runs():
    assert _unit("{% if true %}" * 15 + "x" + "{% endif %}" * 15) == "x"
    assert _unit("{{ " + "(" * 20 + "1" + ")" * 20 + " }}") == 1
    assert _unit("{{ 1" + " + 1" * 200 + " }}") == 201


@pytest.mark.parametrize("case", ["parentheses_5000", "if_blocks_3000"])
def test_deep_nesting_in_a_template_exits_2_at_its_line(project, case):
    source, said = NESTED[case]
    edit(project / FRONT, BODY, f"text: {json.dumps(source)}")
    result = run_pnp("build", "mini", "--out", str(project / "out"), cwd=project, process=True)
    assert result.code == 2, result.err
    first = result.err.splitlines()[0]
    assert first.startswith("templates/mini/front.yaml:11:") and said in first and "Traceback" not in result.err


def test_a_value_nested_deeper_than_it_may_print_is_refused():
    from pnp.layout.expr import ExprError

    source = "{% set ns = namespace(v=1) %}{% for i in range(5000) %}{% set ns.v = [ns.v] %}{% endfor %}{{ ns.v }}"
    with pytest.raises(ExprError, match="a value nested more than 100 levels deep would be printed"):
        _unit(source)


def test_an_extends_chain_of_3000_templates_exits_2(project):
    folder = project / "templates" / "mini" / "chain"
    folder.mkdir()
    for i in range(1, 3000):
        (folder / f"t{i}.yaml").write_text(f"extends: mini/chain/t{i + 1}\n")
    (folder / "t3000.yaml").write_text("extends: mini/front\n")
    edit(project / "cards/mini/spells.yaml", "template: mini/front", "template: mini/chain/t1")
    result = run_pnp("build", "mini", "--out", str(project / "out"), cwd=project, process=True)
    assert result.code == 2, result.err
    first = result.err.splitlines()[0]
    assert first == ("templates/mini/chain/t50.yaml:1:1: extends: `extends` chain of more than 50 templates "
                     "(mini/chain/t1 -> mini/chain/t2 -> mini/chain/t3 -> ... -> mini/chain/t49 -> mini/chain/t50 -> "
                     "mini/chain/t51): let templates extend a shared base instead of one another in a line"), result.err


# -- checks that grow with their input ---------------------------------------------------------------

def _colours_table(project: Path, n: int) -> None:
    rows = "\n".join(f"  - {{name: c{i}, hex: '#{(i * 2654435761) % 0xFFFFFF:06x}'}}" for i in range(n))
    (project / "cards/mini/colours.yaml").write_text(f"colours:\n{rows}\n")
    edit(project / "cards/mini/game.yaml", "decks: [spells.yaml]",
         "decks: [spells.yaml]\ndata: {swatches: colours.yaml}")
    (project / "cards/mini/rules.yaml").write_text(
        "rules:\n  - id: swatches-apart\n    kind: colours\n    source: {data: swatches, items: colours, field: hex}\n")


def test_the_colours_rule_over_20000_colours_is_bounded(project):
    _colours_table(project, 20_000)
    assert (project / "cards/mini/colours.yaml").stat().st_size > 200_000
    code, err, peak = _measured(["check", "mini", "--no-custom-rules"], project)
    assert code == 1, err
    lines = err.splitlines() if err else []
    assert peak < ONE_GB / 2, f"{peak / 2 ** 20:.0f} MiB"
    result = run_pnp("check", "mini", "--no-custom-rules", "--format", "json", cwd=project)
    errors = json.loads(result.out)["games"][0]["errors"]
    assert errors[-1]["message"] == ("more than 1,000 pairs of colours are too close (the closest are said above): "
                                     "give the table fewer, more distinct colours"), lines[-3:]
    assert errors[-1]["file"] == "cards/mini/rules.yaml"
    assert "hard to tell from" in errors[0]["message"]


def test_close_pairs_finds_what_every_pair_finds():
    import random
    from itertools import combinations

    from pnp.model.colour import close_pairs, distance, simulate

    rng = random.Random(7)
    colours = {f"c{i}": (rng.random(), rng.random(), rng.random()) for i in range(300)}
    for vision, within in (("typical", 20.0), ("deuteranopia", 12.0), ("typical", 3.0)):
        seen = colours if vision == "typical" else {k: simulate(v, vision) for k, v in colours.items()}
        every = sorted((distance(seen[a], seen[b]), a, b) for a, b in combinations(sorted(seen), 2))
        want = [p for p in every if p[0] < within]
        found, more = close_pairs(colours, within, vision, most=100_000)
        assert not more and [(a, b) for _, a, b in found] == [(a, b) for _, a, b in want]
        assert all(abs(d - w[0]) < 1e-9 for (d, _, _), w in zip(found, want, strict=True))
    capped, more = close_pairs(colours, 50.0, most=10)
    assert more and len(capped) == 10


def test_a_reference_rule_lists_a_long_table_once_and_briefly(project):
    rows = "\n".join(f"  - {{name: n{i}}}" for i in range(5000))
    (project / "cards/mini/names.yaml").write_text(f"names:\n{rows}\n")
    edit(project / "cards/mini/game.yaml", "decks: [spells.yaml]", "decks: [spells.yaml]\ndata: {names: names.yaml}")
    (project / "cards/mini/rules.yaml").write_text(
        "rules:\n  - id: named\n    kind: reference\n    source: {deck: spell, field: name}\n"
        "    target: {data: names, items: names, field: name}\n")
    result = run_pnp("check", "mini", cwd=project)
    assert result.code == 1
    first = [line for line in (result.out + result.err).splitlines() if "is not among" in line][0]
    assert first.endswith("'Fireball' is not among ['n0', 'n1', 'n10', 'n100', 'n1000', 'n1001', 'n1002', 'n1003', "
                          "'n1004', 'n1005', 'n1006', 'n1007', 'n1008', 'n1009', 'n101', 'n1010', 'n1011', 'n1012', "
                          "'n1013', 'n1014', ... and 4,980 more]"), first


# -- rasters ---------------------------------------------------------------------------------------

def _big_board(project: Path) -> None:
    (project / "templates/mini/banner.yaml").write_text(
        "size: {width: 2000mm, height: 1000mm}\nelements:\n  - {type: rect, x: 0mm, y: 0mm, w: 100%, h: 100%, "
        "fill: accent}\n")
    (project / "cards/mini/banner.yaml").write_text(
        "id: banner\nname: Banner\nkind: board\ntemplate: mini/banner\nfields:\n  name: {type: text}\n"
        "cards:\n  - {id: banner, name: Banner}\n")
    edit(project / "cards/mini/game.yaml", "decks: [spells.yaml]", "decks: [spells.yaml, banner.yaml]")


def test_a_preview_too_big_to_hold_says_the_dpi_that_fits(project):
    _big_board(project)
    code, err, peak = _measured(["preview", "mini", "banner", "--dpi", "1200", "--out", "prev"], project)
    assert code == 2, err
    assert err.splitlines()[0] == (
        "banner: a face with its bleed of 2006 x 1006 mm at 1200 dpi would be 94,772 x 47,528 pixels (4,504 million; "
        "an image holds at most 150 million): use --dpi 218 or less"), err
    assert peak < ONE_GB / 2 and not (project / "prev").exists()


# -- the memory ceiling --------------------------------------------------------------------------------

def test_the_memory_ceiling_is_set_from_pnp_memory():
    probe = ("import resource; from pnp.core.watchdog import hold_memory; hold_memory(); "
             "print(resource.getrlimit(resource.RLIMIT_AS)[0])")
    for value, want in (("", 4 * ONE_GB), ("512M", 512 * 2 ** 20), ("6G", 6 * ONE_GB)):
        out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                             env={**os.environ, "PNP_MEMORY": value})
        assert int(out.stdout) == want, value
    result = run_pnp("list", env={"PNP_MEMORY": "lots"})
    assert result.code == 2 and result.err.splitlines() == [
        "PNP_MEMORY='lots': give the ceiling on pnp's memory as `4G`, `512M` or `0` for none (at least 256M)",
        "1 error"]


def test_running_out_of_memory_is_a_located_error_naming_what_ran(project):
    _big_board(project)
    code, err, _ = _measured(["preview", "mini", "banner", "--dpi", "200", "--out", "prev"], project,
                             {"PNP_MEMORY": "400M"})
    assert code == 2, err
    assert err.splitlines()[0] == ("pnp ran out of memory drawing banner at 200 dpi (its ceiling is 400 MiB): the "
                                   "game asks for more than it can hold; give it less to lay out, or raise the ceiling "
                                   "with PNP_MEMORY=8G"), err


def test_an_expression_that_runs_out_of_memory_says_so_at_its_line(monkeypatch):
    from pnp.layout.expr import ExprError

    def starved(*_: object) -> str:
        raise MemoryError

    from pnp.model.expressions import evaluate

    env = evaluate._env()
    monkeypatch.setitem(env.filters, "upper", starved)
    with pytest.raises(ExprError) as caught:
        _unit("{{ 'a' | upper }}")
    assert str(caught.value) == ("{{ 'a' | upper }}: pnp ran out of memory evaluating this (its ceiling is 4 GiB, "
                                 "`PNP_MEMORY` raises it): build less in one expression")


def test_the_bundled_games_print_within_the_limits():
    """Every bundled game's templates lay out under the new bounds as before (no expression trips them)."""
    for game in ("voyage",):
        result = run_pnp("check", game, "--no-custom-rules", cwd=REPO)
        assert result.code == 0, result.err


def test_a_rule_whose_expressions_run_too_long_is_stopped_at_its_line(project, monkeypatch):
    from pnp.core import bounds
    monkeypatch.setattr(bounds, "RULE_SECONDS", 0.5)  # (10 s in use: the same watchdog, sooner)
    (project / "cards/mini/rules.yaml").write_text(
        "rules:\n  - id: slow\n    kind: expect\n"
        "    check: \"([1] * 100000) | select('in', [2] * 100000) | list | length == 0\"\n")
    result = run_pnp("check", "mini", cwd=project)
    assert result.code == 2, result.out + result.err
    assert result.err.splitlines()[0] == ("cards/mini/rules.yaml:2:5: slow: checking this rule took more than 0.5 s: "
                                          "its expressions do too much for each card or row")


def test_pnp_run_inside_another_program_gives_its_memory_limit_back(monkeypatch):
    import resource

    from pnp.commands.cli import main

    before = resource.getrlimit(resource.RLIMIT_AS)
    monkeypatch.setattr(sys, "argv", ["pnp", "--version"])
    with pytest.raises(SystemExit):
        main()
    assert resource.getrlimit(resource.RLIMIT_AS) == before


def test_watch_says_it_ran_out_of_memory_and_keeps_watching(project, monkeypatch):
    from pnp.commands import watch
    from pnp.commands.build import BuildOptions
    from pnp.core import watchdog

    def starved(*args: object) -> None:
        watchdog.working_on("laying out spell (cards/mini/spells.yaml)")
        raise MemoryError

    said: list[str] = []
    monkeypatch.setattr(watch, "build", starved)
    monkeypatch.delenv("PNP_MEMORY", raising=False)
    assert watch.rebuild(project, "mini", BuildOptions(), said.append) is None
    assert said[0] == ("  pnp ran out of memory laying out spell (cards/mini/spells.yaml) (its ceiling is 4 GiB): the "
                       "game asks for more than it can hold; give it less to lay out, or raise the ceiling with "
                       "PNP_MEMORY=8G")
    assert said[1].endswith("the last good PDFs are unchanged. Watching...")


def test_a_rule_expression_nested_5000_deep_is_located(project):
    (project / "cards/mini/rules.yaml").write_text(
        "rules:\n  - id: deep\n    kind: expect\n    check: \"" + "(" * 5000 + "1" + ")" * 5000 + "\"\n")
    result = run_pnp("check", "mini", cwd=project)
    assert result.code == 2, result.out + result.err
    first = result.err.splitlines()[0]
    assert first.startswith("cards/mini/rules.yaml:2:5: expression syntax error in '((((") and first.endswith(
        "': nested more than 20 levels deep (brackets, `{% if %}` and `{% for %}` blocks): write it flatter"), first
    assert len(first) < 300


def test_an_export_too_big_to_hold_is_refused_before_it_is_drawn(project):
    for name in ("front", "back"):
        edit(project / f"templates/mini/{name}.yaml", "size: poker", "size: {width: 1500mm, height: 1000mm}")
    code, err, peak = _measured(["export", "mini", "--to", "png", "--out", "png"], project)
    assert code == 2, err
    assert err.splitlines()[0] == (
        "spell: a face with its bleed of 1506 x 1006 mm at 300 dpi would be 17,787 x 11,882 pixels (211 million; an "
        "image holds at most 150 million): at most 252 dpi would fit; leave this component out (--only) and print it "
        "from the PDF"), err
    assert peak < ONE_GB / 2 and not (project / "png").exists()


def test_a_deal_whose_expressions_run_too_long_is_stopped_at_the_setup(project, monkeypatch):
    from pnp.core import bounds
    monkeypatch.setattr(bounds, "RULE_SECONDS", 0.5)
    slow = "([1] * 100000) | select('in', [2] * 100000) | list | length == 0"
    edit(project / "cards/tiny/rules.yaml", "    - {draw: card, count: 2}",
         f"    - {{draw: card, count: 2, where: \"{slow}\"}}")
    result = run_pnp("setup", "tiny", "--players", "2", cwd=project)
    assert result.code == 2, result.out + result.err
    assert result.err.splitlines()[0] == ("cards/tiny/rules.yaml:19:1: setup: dealing this setup took more than 0.5 s: "
                                          "its `where:` and `if:` expressions do too much for each card")


def test_serve_says_it_ran_out_of_memory_and_keeps_the_last_good_faces(project, monkeypatch):
    from pnp.commands.serve import live
    from pnp.core import watchdog

    def starved(*args: object, **kwargs: object) -> None:
        watchdog.working_on("laying out spell (cards/mini/spells.yaml)")
        raise MemoryError

    monkeypatch.setattr(live, "prepare", starved)
    monkeypatch.delenv("PNP_MEMORY", raising=False)
    refreshed = live.LiveGame(project, "mini").refresh()
    assert refreshed.prep is None and [str(p) for p in refreshed.errors] == [
        "pnp ran out of memory laying out spell (cards/mini/spells.yaml) (its ceiling is 4 GiB): the game asks for "
        "more than it can hold; give it less to lay out, or raise the ceiling with PNP_MEMORY=8G"]
