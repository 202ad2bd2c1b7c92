"""The schema is the reference: every field a file may hold is documented in docs/format.md."""

import dataclasses
import typing

import pytest

from pnp import model, templates

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
