"""The schema is the reference: every field a file may hold is documented in docs/format.md."""

import dataclasses
import re
import typing

import pytest

from pnp.layout import templates
from pnp.model import game as model
from pnp.rules import spec as rules_spec

from conftest import REPO, run_pnp

DOC = (REPO / "docs" / "format.md").read_text()


def keys(cls: type) -> list[str]:
    return [f.metadata.get("alias", f.name) for f in dataclasses.fields(cls)]


@pytest.mark.parametrize("cls", [model.Manifest, model.PrintSettings, model.DeckFile, model.FieldSpec,
                                 templates.TemplateFile, templates.TextDefaults,
                                 *typing.get_args(templates.Element)])
def test_every_field_is_documented(cls):
    missing = [key for key in keys(cls) if f"`{key}`" not in DOC]
    assert not missing, f"{cls.__name__}: document {missing} in docs/format.md"


RULES_DOC = (REPO / "docs" / "rules.md").read_text()


@pytest.mark.parametrize("cls", [rules_spec.Rule, rules_spec.Source, rules_spec.Step, rules_spec.Setup,
                                 rules_spec.RulesFile, rules_spec.Bound, rules_spec.Part, rules_spec.Play])
def test_every_rules_field_is_documented(cls):
    missing = [key for key in keys(cls) if f"`{key}`" not in RULES_DOC and f"{key}:" not in RULES_DOC]
    assert not missing, f"{cls.__name__}: document {missing} in docs/rules.md"


def test_every_rule_kind_is_documented():
    kinds = typing.get_args(typing.get_type_hints(rules_spec.Rule)["kind"])
    assert [k for k in kinds if f"| `{k}` |" not in RULES_DOC] == []


def example_files(doc: str) -> tuple[dict[str, str], str]:
    """The files of docs/rules.md's worked example (fenced blocks whose first line names a file) and the
    output it shows."""
    files: dict[str, str] = {}
    for _lang, body in re.findall(r"```(python|yaml)\n(.*?)```", doc, re.S):
        first, _, rest = body.partition("\n")
        m = re.fullmatch(r"# (cards/\S+)( \(add\))?", first.strip())
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
