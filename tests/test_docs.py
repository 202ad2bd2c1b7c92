"""The schema is the reference: every field a file may hold is documented in docs/format.md."""

import dataclasses
import typing

import pytest

from pnp import model, rules_spec, templates

from conftest import REPO

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
                                 rules_spec.RulesFile, rules_spec.Bound])
def test_every_rules_field_is_documented(cls):
    missing = [key for key in keys(cls) if f"`{key}`" not in RULES_DOC and f"{key}:" not in RULES_DOC]
    assert not missing, f"{cls.__name__}: document {missing} in docs/rules.md"


def test_every_rule_kind_is_documented():
    kinds = typing.get_args(typing.get_type_hints(rules_spec.Rule)["kind"])
    assert [k for k in kinds if f"| `{k}` |" not in RULES_DOC] == []
