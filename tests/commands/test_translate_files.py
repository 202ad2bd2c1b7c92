"""`pnp translate`: the translators' XLIFF out with its context and back in, entry for entry; hostile or broken XLIFF
refused at its line; `--refresh` stamps each entry with its source, so a changed source card marks it stale."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import edit, run_pnp

FR = """# the spells in French: a comment the refresh keeps
fireball:
  name: "Boule de feu"
  text: "Inflige :damage: à une **Salle**. Ajoutez 1 Marqueur de dégâts."

blink:
  name: "Clignement"
"""


def _french(root: Path) -> Path:
    edit(root / "cards/mini/game.yaml", "name: Mini Test Game\n", "name: Mini Test Game\nlanguages: [en, fr]\n")
    folder = root / "cards/mini/lang/fr"
    folder.mkdir(parents=True)
    (folder / "spells.yaml").write_text(FR)
    return folder


def _export(root: Path) -> str:
    result = run_pnp("translate", "mini", "--lang", "fr", "--export", cwd=root)
    assert result.code == 0, result.err
    return (root / "output/mini/translate/mini-fr.xlf").read_text()


def test_the_round_trip_keeps_every_entry(project: Path):
    folder = _french(project)
    xliff = _export(project)
    units = re.findall(r'<trans-unit id="([^"]+)"', xliff)
    assert "spells.yaml#fireball#text" in units and "spells.yaml#frost-nova#flavor" in units
    assert "in a 45.0 x 8.0 mm box" in xliff  # the title's box, as context
    assert (project / "output/mini/translate/faces/spell/spell-fireball.png").is_file()
    filled = xliff.replace("<source>Frost Nova</source>\n        <target state=\"new\"></target>",
                           "<source>Frost Nova</source>\n        <target state=\"translated\">Nova de givre</target>")
    (project / "fr.xlf").write_text(filled)
    result = run_pnp("translate", "mini", "--lang", "fr", "--import", "fr.xlf", cwd=project)
    assert result.code == 0, result.err
    again = _export(project)
    targets = dict(re.findall(r'<trans-unit id="([^"]+)"[^>]*>\s*<source>[^<]*</source>\s*<target[^>]*>([^<]*)<',
                              again))
    assert targets["spells.yaml#fireball#name"] == "Boule de feu"
    assert targets["spells.yaml#fireball#text"] == "Inflige :damage: à une **Salle**. Ajoutez 1 Marqueur de dégâts."
    assert targets["spells.yaml#blink#name"] == "Clignement"
    assert targets["spells.yaml#frost-nova#name"] == "Nova de givre"
    assert sum(1 for v in targets.values() if v) == 4 and len(targets) == len(units)
    assert "Nova de givre" in (folder / "spells.yaml").read_text()


@pytest.mark.parametrize(("xml", "said"), [
    ('<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]>\n<xliff version="1.2">&b;'
     "</xliff>", "fr.xlf: refused: "),
    ('<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n<xliff version="1.2">&e;</xliff>',
     "fr.xlf: refused: "),
    ('<?xml version="1.0"?>\n<xliff version="1.2">\n  <file><body><trans-unit></body>\n</xliff>',
     "fr.xlf:3:29: not well-formed XML: mismatched tag"),
    ('<?xml version="1.0"?>\n<html/>', "fr.xlf:1: not an XLIFF 1.2 file"),
    ('<?xml version="1.0"?>\n<xliff version="1.2"><file target-language="fr"><body>\n<trans-unit id="spells.yaml#'
     'fireball#cost"><source>3</source><target>trois</target></trans-unit></body></file></xliff>',
     "fr.xlf:3: spells.yaml#fireball#cost: 'spells.yaml#fireball#cost' names no string of mini to translate"),
    ('<?xml version="1.0"?>\n<xliff version="1.2"><file target-language="fr"><body>\n<trans-unit id="spells.yaml#'
     'fireball#text"><source>x</source><target>Inflige {{ card.cost }}</target></trans-unit></body></file></xliff>',
     "fr: adds the live expression {{ card.cost }}"),
])
def test_a_hostile_or_broken_xliff_is_a_located_error(project: Path, xml: str, said: str):
    folder = _french(project)
    (project / "fr.xlf").write_text(xml)
    result = run_pnp("translate", "mini", "--lang", "fr", "--import", "fr.xlf", cwd=project)
    assert result.code == 2 and said in result.err and "Traceback" not in result.err, result.err
    assert (folder / "spells.yaml").read_text() == FR  # nothing written


def test_a_huge_xliff_is_refused_before_it_is_parsed(project: Path):
    _french(project)
    (project / "fr.xlf").write_bytes(b"<xliff>" + b" " * (17 * 1024 * 1024) + b"</xliff>")
    result = run_pnp("translate", "mini", "--lang", "fr", "--import", "fr.xlf", cwd=project)
    assert result.code == 2 and "fr.xlf" in result.err and "XLIFF" in result.err, result.err


def test_a_changed_source_card_marks_its_entries_stale_until_refreshed(project: Path):
    folder = _french(project)
    assert run_pnp("translate", "mini", "--lang", "fr", "--refresh", cwd=project).code == 0
    stamped = (folder / "spells.yaml").read_text()
    assert stamped.startswith("# the spells in French: a comment the refresh keeps\n")
    assert re.search(r'  text: .*\n  _source: \{name: "[0-9a-f]{8}", text: "[0-9a-f]{8}"\}\n\nblink:', stamped), stamped
    check = run_pnp("check", "mini", "--lang", "fr", "--no-custom-rules", cwd=project)
    assert "stale" not in check.out and "not stamped" not in check.out, check.out
    edit(project / "cards/mini/spells.yaml", "Add 1 Damage Token.", "Add 2 Damage Tokens.")
    check = run_pnp("check", "mini", "--lang", "fr", "--no-custom-rules", cwd=project)
    assert "lang/fr/spells.yaml:4:3: spell/fireball.text: fr: stale: the source's text changed" in check.out, \
        check.out
    assert "fireball.name: fr: stale" not in check.out
    assert run_pnp("translate", "mini", "--lang", "fr", "--refresh", cwd=project).code == 0
    assert (folder / "spells.yaml").read_text().count("_source:") == 2  # stamped again, not twice
    assert "stale" not in run_pnp("check", "mini", "--lang", "fr", "--no-custom-rules", cwd=project).out
