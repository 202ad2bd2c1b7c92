"""`pnp build GAME --lang` and `pnp check GAME --lang`: each language's whole output in output/GAME/<code>/, the
source's where it always was; every check run per language, said at the translation's line, naming it."""

from __future__ import annotations

import json
from pathlib import Path

from pypdf import PdfReader

from conftest import edit, run_pnp

FR = """fireball:
  name: "Boule de feu"
  text: "Inflige :damage: à une **Salle**. Ajoutez 1 Marqueur de dégâts."
"""


def _french(root: Path, spells: str = FR) -> None:
    edit(root / "cards/mini/game.yaml", "name: Mini Test Game\n", "name: Mini Test Game\nlanguages: [en, fr]\n")
    folder = root / "cards/mini/lang/fr"
    folder.mkdir(parents=True)
    (folder / "spells.yaml").write_text(spells)
    (folder / "game.yaml").write_text('name: "Mini jeu"\nglossary: {Room: {term: Salle, forms: [Salles]}}\n')


def _text(pdf: Path) -> str:
    return " ".join(page.extract_text() for page in PdfReader(pdf).pages)


def test_lang_all_builds_every_language_each_in_its_folder(project: Path):
    _french(project)
    result = run_pnp("build", "mini", "--lang", "all", "--no-custom-rules", cwd=project)
    assert result.code == 0, result.err
    english, french = project / "output/mini/spell.pdf", project / "output/mini/fr/spell.pdf"
    assert "Fireball" in _text(english) and "Boule de feu" not in _text(english)
    assert "Boule de feu" in _text(french) and "Fireball" not in _text(french)
    assert "Frost Nova" in _text(french)  # not translated yet: the source's words
    assert "Mini jeu" in _text(project / "output/mini/fr/mini-pnp.pdf")
    assert json.loads((project / "output/mini/manifest.json").read_text())["files"]  # English untouched by fr's
    assert "output/mini/fr/spell.pdf" in result.out


def test_an_overlong_translation_is_an_error_at_its_line_naming_the_language(project: Path):
    _french(project, FR.replace("dégâts.", "dégâts. " + "Une phrase bien trop longue pour sa boîte. " * 30))
    checked = run_pnp("check", "mini", "--lang", "all", "--no-custom-rules", cwd=project)
    assert checked.code == 1
    assert "cards/mini/lang/fr/spells.yaml:3:3: spell/fireball: fr: text: text does not fit" in checked.out, \
        checked.err
    built = run_pnp("build", "mini", "--lang", "fr", "--no-custom-rules", cwd=project)
    assert built.code == 1 and "lang/fr/spells.yaml:3:3" in built.err and "fr: text: text does not fit" in built.err
    assert not (project / "output/mini/fr").exists()  # nothing written


def test_missing_stale_and_glossary_are_said_per_language(project: Path):
    _french(project, FR.replace("une **Salle**", "une **Pièce**") + "  _source: {name: 0badf00d}\n")
    checked = run_pnp("check", "mini", "--lang", "all", "--no-custom-rules", cwd=project)
    out = checked.out
    assert "spell/frost-nova: fr: no translation of flavor, name, text" in out, out
    assert "lang/fr/spells.yaml:2:3: spell/fireball.name: fr: stale: the source's name changed" in out, out
    assert "spell/fireball.text: fr: the source says the glossary term 'Room'" in out, out
    assert "glossary.Damage Token: fr: the glossary term 'Damage Token' has no translation" in out, out
    strict = run_pnp("check", "mini", "--lang", "all", "--strict", "--no-custom-rules", cwd=project)
    assert strict.code == 1
    english = run_pnp("check", "mini", "--no-custom-rules", cwd=project)
    assert "fr:" not in english.out and english.code == 0


def test_a_language_prints_its_rulebook_and_pnps_own_words_in_it(project: Path):
    _french(project)
    game = project / "cards/mini"
    (game / "rulebook.md").write_text("# Rules\n\nPlay the {{ count('spell') }} spells.\n")
    (game / "rulebook.fr.md").write_text("# Règles\n\nJouez les {{ count('spell') }} sorts.\n")
    result = run_pnp("build", "mini", "--lang", "fr", "--no-custom-rules", cwd=project)
    assert result.code == 0, result.err
    book = _text(project / "output/mini/fr/mini-rulebook.pdf")
    assert "Jouez les 5 sorts" in book and "Dans ce livret" in book and "Rules" not in book
    assert "Contenu" in _text(project / "output/mini/fr/mini-pnp.pdf")  # pnp's catalogue (catalog/fr.yaml)
    assert run_pnp("build", "mini", "--no-custom-rules", cwd=project).code == 0
    assert "Play the 5 spells" in _text(project / "output/mini/mini-rulebook.pdf")  # the source's own, not fr's
    (game / "rulebook.fr.md").write_text("# Règles\n\nJouez les sorts.\n")
    checked = run_pnp("check", "mini", "--lang", "fr", "--no-custom-rules", cwd=project)
    assert "rulebook.fr.md: rulebook: fr: the rulebook drops the live expression {{ count('spell') }}" in checked.err, \
        checked.err
