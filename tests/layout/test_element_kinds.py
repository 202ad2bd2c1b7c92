"""The element kinds are a registry (pnp/layout/elements/): every kind's module registers its dataclass, the
schema `pnp schema` writes offers exactly the registered kinds, and docs/format.md lists each one."""

import pkgutil
import re
from dataclasses import dataclass
from typing import Literal

import pytest

from pnp.layout import elements
from pnp.layout.elements import element_kinds as registry
from pnp.layout.templates import TemplateFile
from pnp.model.schema.json_schemas import document

from conftest import REPO

FORMAT = (REPO / "docs" / "format.md").read_text()
SHARED = {"common", "choices", "element_kinds", "text_defaults"}  # the package's modules that are not a kind


def documented(doc: str) -> list[str]:
    """The kinds docs/format.md's table of elements lists, in order."""
    section = doc.split("### Elements", 1)[1].split("\n#", 1)[0]
    return re.findall(r"^\| `([a-z_]+)` \|", section, re.M)


def schema_kinds() -> list[str]:
    items = document(TemplateFile, "t")["properties"]["elements"]["items"]
    return items["properties"]["type"]["enum"]


def test_the_registry_holds_every_kind_in_its_order():
    assert list(registry.kinds()) == ["rect", "ellipse", "line", "polygon", "text", "image", "icon", "boxes",
                                      "lines", "group", "grid", "table"]
    assert list(registry.kinds().values()) == list(elements.Element.__args__)


def test_every_module_of_the_package_is_a_kind_or_shared():
    modules = {m.name for m in pkgutil.iter_modules(elements.__path__)}
    registered = {cls.__module__.rsplit(".", 1)[1] for cls in registry.kinds().values()}
    assert modules - SHARED == registered


def test_the_schema_offers_every_registered_kind():
    assert schema_kinds() == list(registry.kinds())
    items = document(TemplateFile, "t")["properties"]["elements"]["items"]
    assert [c["then"]["$ref"].rsplit("/", 1)[1] for c in items["allOf"]] == \
        [cls.__name__ for cls in registry.kinds().values()]


def undocumented(doc: str) -> list[str]:
    """The registered kinds the docs' table leaves out, and the kinds it lists that are not registered."""
    listed = documented(doc)
    return [k for k in registry.kinds() if k not in listed] + [k for k in listed if k not in registry.kinds()]


def test_the_docs_list_every_registered_kind_once():
    assert undocumented(FORMAT) == []
    assert len(documented(FORMAT)) == len(registry.kinds())


def test_a_kind_left_out_of_the_docs_is_caught():
    assert undocumented(FORMAT.replace("| `lines` |", "| lines |")) == ["lines"]
    assert undocumented(FORMAT.replace("| `lines` |", "| `hexagon` |")) == ["lines", "hexagon"]


def test_a_kind_registered_under_another_type_is_refused():
    @dataclass
    class Wrong:
        type: Literal["hexagon"] = "hexagon"

    with pytest.raises(TypeError, match="registered as 'octagon'"):
        registry.element("octagon")(Wrong)
    assert "hexagon" not in registry.kinds() and "octagon" not in registry.kinds()
