"""The docs are the reference and they run: every field a file may hold is documented in docs/format.md, the
tutorial at its top runs step by step as written, and every example builds (each field, element kind and
rule kind appears in one)."""

import dataclasses
import re
import typing
from pathlib import Path

import pytest
import yaml

from pnp.layout import elements as element_kinds
from pnp.layout import templates
from pnp.layout import templates as templates_mod
from pnp.model import dial_spec as dial
from pnp.model import game as model
from pnp.model.load import load_file
from pnp.rules import spec as rules_spec
from pnp.rules.kinds import KINDS
from pnp.rules.rule_kinds import RuleOptions

from conftest import REPO, edit, run_pnp
from docs_run import apply, blocks, commands


def _doc_tables():
    """tools/doc_tables.py, the script that writes the docs' reference tables (tools/ is no package)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("doc_tables", REPO / "tools" / "doc_tables.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_tables = _doc_tables()
TABLES, markers, current, verbs = _tables.TABLES, _tables.markers, _tables.current, _tables.verbs

# the tutorial, then the file formats whose examples build on its game: one document, followed in order
DOC = (REPO / "docs" / "tutorial.md").read_text() + "\n" + (REPO / "docs" / "format.md").read_text()


def keys(cls: type) -> list[str]:
    return [f.metadata.get("alias", f.name) for f in dataclasses.fields(cls)]


@pytest.mark.parametrize("cls", [model.Manifest, model.PrintSettings, model.DeckFile, model.FieldSpec,
                                 templates.TemplateFile, element_kinds.TextDefaults, element_kinds.TableColumn,
                                 *typing.get_args(element_kinds.Element)])
def test_every_field_is_documented(cls):
    missing = [key for key in keys(cls) if f"`{key}`" not in DOC]
    assert not missing, f"{cls.__name__}: document {missing} in docs/format.md"


RULES_DOC = (REPO / "docs" / "rules.md").read_text()


@pytest.mark.parametrize("cls", [*(kind.options for kind in KINDS.values()), rules_spec.Source, rules_spec.Step,
                                 rules_spec.SetupTable, rules_spec.Setup, rules_spec.RulesFile, rules_spec.Bound,
                                 rules_spec.Part, rules_spec.Play])
def test_every_rules_field_is_documented(cls):
    missing = [key for key in keys(cls) if f"`{key}`" not in RULES_DOC and f"{key}:" not in RULES_DOC]
    assert not missing, f"{cls.__name__}: document {missing} in docs/rules.md"


def test_every_rule_kind_is_documented():
    assert [k for k in KINDS if f"| `{k}` |" not in RULES_DOC] == []


@pytest.mark.parametrize(("doc", "what", "make"), TABLES, ids=[t[1] for t in TABLES])
def test_each_reference_table_is_its_registry_s(doc, what, make):
    """docs/rules.md's table of rule kinds (pnp/rules/kinds/) and docs/effects.md's of verbs
    (pnp/model/effects/verbs.py) are made from the registries: after adding or changing one, run
    `python tools/doc_tables.py`."""
    begin, end = markers(what)
    table = (REPO / "docs" / doc).read_text().partition(begin)[2].partition(end)[0]
    assert table and table == make(), f"{what} in docs/{doc} is not current: run python tools/doc_tables.py"


def test_a_stale_reference_table_is_caught():
    begin, end = markers("the verbs")
    text = (REPO / "docs/effects.md").read_text()
    stale = text.replace("| `draw` |", "| `drawn` |")
    assert current(stale, "the verbs", verbs()) == text != stale


def example_files(doc: str) -> tuple[dict[str, str], str]:
    """The files of docs/rules.md's worked example (fenced blocks whose first line names a file) and the
    output it shows."""
    files: dict[str, str] = {}
    for _lang, body in re.findall(r"```(python|yaml)\n(.*?)```", doc, re.S):
        first, _, rest = body.partition("\n")
        m = re.fullmatch(r"# (cards/mini/\S+)( \(add\))?", first.strip())
        if m:
            files[m.group(1) + (" +" if m.group(2) else "")] = rest
    shown = re.search(r"```text\n(mini: .*?)```", doc, re.S)
    assert shown, "the worked example shows its output"
    return files, shown.group(1)


def test_the_custom_rule_example_runs_as_documented(project):
    files, shown = example_files(RULES_DOC)
    assert {"cards/mini/rules.py", "cards/mini/rules.yaml", "cards/mini/balance.yaml", "cards/mini/game.yaml +"} \
        <= set(files)
    for name, text in files.items():
        path = project / name.removesuffix(" +")
        path.write_text(path.read_text() + text if name.endswith(" +") else text)
    result = run_pnp("--root", str(project), "check", "mini")
    assert result.code == 1, result.err
    assert result.out.strip() == shown.strip()


# an example built on the test project (tests/data/proj) by the test of what it shows (the custom rules here,
# an element's own test), whole files named by their first line
ON_TEST_PROJECT = re.compile(r"# (cards|templates)/(mini|tiny)/\S+\.yaml( \(add\))?\n")


def run_the_docs(tmp_path) -> tuple[Path, list[str]]:
    """Follow docs/tutorial.md then docs/format.md from the first line (then the rules examples of docs/rules.md)
    in a fresh folder: run its commands, compare the output it shows, write the files its examples name. (The
    project, and the blocks that did not run.)"""
    cwd, not_run = tmp_path, []
    steps = [(b, True) for b in blocks(DOC)] + [(b, False) for b in blocks(RULES_DOC)]
    for i, (block, own) in enumerate(steps):
        shown = steps[i + 1][0] if i + 1 < len(steps) and steps[i + 1][0].lang == "text" else None
        if block.lang == "sh" and own:
            for cmd in commands(block):
                if cmd[0] == "cd":
                    cwd = cwd / cmd[1]
                    continue
                assert cmd[0] == "pnp", f"format.md {block.where}: {cmd}"
                result = run_pnp(*cmd[1:], cwd=cwd)
                assert result.code in ((0, 1) if shown else (0,)), f"format.md {block.where}: {cmd}\n{result.err}"
            if shown:
                assert result.out.strip() == shown.body.strip(), f"format.md {shown.where} shows what pnp prints"
        elif (block.lang in ("yaml", "csv", "svg", "python") and (own or "my-game/" in block.body[:80] + block.info)
              and apply(cwd, block) is None and own and not ON_TEST_PROJECT.match(block.body)):
            not_run.append(f"docs/format.md {block.where}")
    return cwd, not_run


@pytest.fixture(scope="module")
def followed(tmp_path_factory):
    return run_the_docs(tmp_path_factory.mktemp("docs"))


def test_the_tutorial_and_every_example_run_as_written(followed):
    root, not_run = followed
    assert not_run == [], "every example names the file it goes in (`# cards/my-game/x.yaml (new)`) and runs"
    checked = run_pnp("check", "my-game", "--strict", cwd=root)
    assert checked.code == 0, checked.out + checked.err
    built = run_pnp("build", "my-game", cwd=root)
    assert built.code == 0, built.err
    for deck in ("card", "aid", "coin", "loot", "d6", "score", "rounds", "hexmap"):
        assert (root / f"output/my-game/{deck}.pdf").is_file(), deck


def _keys(value, into: set) -> None:
    if isinstance(value, dict):
        into.update(str(k) for k in value)


def _elements(elements: list, found: dict) -> None:
    for el in elements or []:
        found.setdefault(el["type"], set()).update(el)
        _elements(el.get("elements", []), found)


def test_every_field_element_kind_and_rule_kind_is_in_an_example(followed):
    root, _ = followed
    data = {p.name: load_file(p, root).data for p in sorted((root / "cards/my-game").glob("*.yaml"))}
    templates = [load_file(p, root).data for p in sorted((root / "templates/my-game").glob("*.yaml"))]
    for block in blocks(DOC):  # the examples built on the test project count too
        m = ON_TEST_PROJECT.match(block.body)
        if m and block.lang == "yaml":
            parsed = yaml.safe_load(block.body)
            if m.group(1) == "templates":
                templates.append(parsed)
            else:
                data[block.body.split()[1]] = parsed
    decks = [d for d in data.values() if isinstance(d, dict) and "id" in d and "name" in d]
    game = data["game.yaml"]
    seen: dict[type, set] = {model.Manifest: set(game), model.PrintSettings: set(game["print"]),
                             model.DeckFile: set().union(*decks),
                             model.FieldSpec: set().union(*(f for d in decks for f in d.get("fields", {}).values())),
                             }
    seen[templates_mod.TemplateFile] = set().union(*templates)
    seen[element_kinds.TextDefaults] = set().union(*(t.get("text", {}) for t in templates))
    elements: dict[str, set] = {}
    for t in templates:
        _elements(t.get("elements", []), elements)
    common = set(keys(element_kinds.ElementBase))  # every element's box, name, if, repeat...: once is enough
    for cls in typing.get_args(element_kinds.Element):
        kind = typing.get_type_hints(cls)["type"].__args__[0]
        seen[cls] = elements.get(kind, set()) | common
    seen[element_kinds.ElementBase] = set().union(*elements.values())
    rules = data["rules.yaml"]["rules"]
    seen[RuleOptions] = set().union(*rules)  # every field of some kind: in an example of one kind that has it
    every_field = {key for kind in KINDS.values() for key in keys(kind.options)}
    dials = [d["dial"] for d in decks if "dial" in d]  # a dial's geometry, every part of it
    seen[dial.DialSpec] = set().union(*dials)
    for cls, key in ((dial.DialWindow, "window"), (dial.DialThumb, "thumb"), (dial.DialText, "text"),
                     (dial.DialEndMark, "end_mark")):
        seen[cls] = set().union(*(d.get(key, {}) for d in dials))
    missing = {cls.__name__: sorted(set(keys(cls)) - found) for cls, found in seen.items() if set(keys(cls)) - found}
    if every_field - seen[RuleOptions]:
        missing["a rule kind"] = sorted(every_field - seen[RuleOptions])
    assert missing == {}, "give these fields an example in docs/format.md (or rules.md)"
    assert sorted(set(KINDS) - {r["kind"] for r in rules}) == []


def test_the_docs_count_from_a_data_table_is_read_from_it(tmp_path):
    """docs/format.md's coins take their count from the bank's table: a change there is a change in print, and
    the mistake it shows is what pnp says."""
    root, not_run = run_the_docs(tmp_path)
    assert not_run == []
    bank = root / "cards/my-game/bank.yaml"
    edit(bank, "one: 12", "one: 10")
    checked = run_pnp("check", "my-game", cwd=root)
    assert checked.code == 1 and "coin: the rulebook lists 12, the game prints 10" in checked.out, checked.out
    edit(bank, "one: 10", "one: 12")
    edit(root / "cards/my-game/coins.yaml", "data.bank.coins[", "data.bank.coin[")
    shown = re.search(r"```text\n(cards/my-game/coins.yaml:.*?)\n```", (REPO / "docs/format.md").read_text(), re.S)
    checked = run_pnp("check", "my-game", cwd=root)
    assert shown and checked.code == 2 and checked.err.splitlines()[0] == shown.group(1)
