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
    edit(project / "cards/mini/game.yaml", "name: Mini Test Game\n", "name: Mini Test Game\ncredits: [\"Art: Lorc\"]\n")
    result = run_pnp("build", "mini", "--lang", "all", "--no-custom-rules", cwd=project)
    assert result.code == 0, result.err
    english, french = project / "output/mini/spell.pdf", project / "output/mini/fr/spell.pdf"
    assert "Fireball" in _text(english) and "Boule de feu" not in _text(english)
    assert "Boule de feu" in _text(french) and "Fireball" not in _text(french)
    assert "Frost Nova" in _text(french)  # not translated yet: the source's words
    assert "Mini jeu" in _text(project / "output/mini/fr/mini-pnp.pdf")
    document = _text(project / "output/mini/fr/mini-pnp.pdf"), _text(project / "output/mini/mini-pnp.pdf")
    assert "Crédits" in document[0] and "page 1 sur" in document[0] and "page 1 of" not in document[0]  # pnp's words
    assert "Credits" in document[1] and "page 1 of" in document[1] and "Crédits" not in document[1]
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


def test_a_long_german_compound_is_hyphenated_where_french_overflows(project: Path):
    word = "Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen"
    edit(project / "cards/mini/game.yaml", "name: Mini Test Game\n", "name: Mini Test Game\nlanguages: [en, fr, de]\n")
    for code in ("fr", "de"):
        (project / f"cards/mini/lang/{code}").mkdir(parents=True)
        (project / f"cards/mini/lang/{code}/spells.yaml").write_text(f"blink:\n  name: {word}\n")
    french = run_pnp("check", "mini", "--lang", "fr", "--no-custom-rules", cwd=project)
    assert "lang/fr/spells.yaml:2:3: spell/blink: fr: name: text does not fit" in french.out, french.out
    assert run_pnp("build", "mini", "--lang", "de", "--no-custom-rules", cwd=project).code == 0
    text = _text(project / "output/mini/de/spell.pdf")
    assert "Donaudampfschifffahrtsgesell-\nschaftskapitänsmützenabzeichen" in text, text  # at a hyphenation point


def test_fit_lets_a_language_shrink_further(project: Path):
    long_text = "Inflige :damage: à une Salle. " + "Une phrase un peu trop longue. " * 30
    _french(project, f"fireball:\n  text: \"{long_text}\"\n")
    assert run_pnp("check", "mini", "--lang", "fr", "--no-custom-rules", cwd=project).code == 1
    edit(project / "cards/mini/game.yaml", "languages: [en, fr]\n", "languages: [en, fr]\nfit: {fr: 0.7}\n")
    checked = run_pnp("check", "mini", "--lang", "fr", "--no-custom-rules", cwd=project)
    assert checked.code == 0 and "does not fit" not in checked.out, checked.out


def test_names_both_prints_the_source_name_small_under_a_translated_title(project: Path):
    _french(project)
    edit(project / "cards/mini/game.yaml", "languages: [en, fr]\n", "languages: [en, fr]\nnames: both\n")
    assert run_pnp("build", "mini", "--lang", "fr", "--no-custom-rules", cwd=project).code == 0
    pages = PdfReader(project / "output/mini/fr/spell.pdf").pages
    sizes: dict[str, float] = {}

    def seen(text, cm, tm, font, size):  # noqa: ANN001 - pypdf's visitor
        if text.strip():
            sizes.setdefault(text.strip(), size * tm[0])

    pages[0].extract_text(visitor_text=seen)
    assert sizes["Fireball"] < sizes["Boule de feu"] / 1.5, sizes  # the source's name, small, under the title
    frost = next(size for text, size in sizes.items() if text.startswith("Frost Nova"))
    assert frost > sizes["Fireball"] * 1.5, sizes  # untranslated: its own title only, full size
    english = run_pnp("build", "mini", "--no-custom-rules", cwd=project)
    assert english.code == 0 and "Boule" not in _text(project / "output/mini/spell.pdf")


def test_export_takes_a_language_into_its_folder(project: Path):
    _french(project)
    result = run_pnp("export", "mini", "--to", "tts", "--lang", "fr", "--no-custom-rules", cwd=project)
    assert result.code == 0, result.err
    save = (project / "output/mini/fr/tts/spell.json").read_text()
    assert "Boule de feu" in save and "Fireball" not in save
    assert not (project / "output/mini/tts").exists()


def test_watch_in_a_language_redraws_a_deck_whose_translation_changed(project: Path):
    from pnp.commands.build import BuildCache, BuildOptions, build
    from pnp.rules.check import CheckOptions

    _french(project)
    opts = BuildOptions(cache=BuildCache(), rules=CheckOptions(custom=False, lang="fr"), document=False)
    build(project, "mini", opts)
    assert "Boule de feu" in _text(project / "output/mini/fr/spell.pdf")
    edit(project / "cards/mini/lang/fr/spells.yaml", "Boule de feu", "Boule de glace")
    build(project, "mini", opts)  # as `pnp watch --lang fr` does after a save
    assert "Boule de glace" in _text(project / "output/mini/fr/spell.pdf")
