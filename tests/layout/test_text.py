import pytest

from pnp.core.errors import Problems
from pnp.layout.fonts.families import load_families
from pnp.layout.scene import Icon, TextRun
from pnp.layout.text import MarkupError, Style, fit, glossary_pattern, parse

from conftest import REPO as ROOT

GLOSSARY = glossary_pattern([("Damage Token", ["Damage Tokens"]), ("Room", ["Rooms"])])


@pytest.fixture(scope="module")
def family():
    problems = Problems()
    fams = load_families(ROOT, {"body": {"regular": "Lato-Regular.ttf", "bold": "Lato-Bold.ttf",
                                         "italic": "Lato-Italic.ttf"}}, lambda p: None, problems)
    assert not problems.items
    return fams["body"]


def styles(paragraphs):
    return [[(p.text, p.style, p.term, p.icon) for word in para for p in word] for para in paragraphs]


def test_markup_bold_italic_icon_and_glossary():
    paras = parse("Add **1** :damage: to a *random* Room.\nRooms burn.", GLOSSARY, "bold", {"damage": 1})
    assert styles(paras) == [
        [("Add", "regular", False, False), ("1", "bold", False, False), ("damage", "regular", False, True),
         ("to", "regular", False, False), ("a", "regular", False, False), ("random", "italic", False, False),
         ("Room", "bold", True, False), (".", "regular", False, False)],
        [("Rooms", "bold", True, False), ("burn.", "regular", False, False)],
    ]


def test_glossary_matches_whole_words_longest_first():
    paras = parse("Damage Tokens on a Roomba", GLOSSARY, "bold", None)
    assert [(p.text, p.term) for w in paras[0] for p in w] == [
        ("Damage", True), ("Tokens", True), ("on", False), ("a", False), ("Roomba", False)]


def test_unknown_icon_and_unclosed_markup_are_errors():
    from pnp.layout.art.icons import IconSet

    with pytest.raises(MarkupError, match=r"unknown icon :fire: \(the icon set that game.yaml.s `icons:` names has "
                                          r"damage\)"):
        parse("a :fire: b", None, "bold", {"damage": 1})
    with pytest.raises(MarkupError, match=r"unknown icon :fire: \(cards/g/icons.yaml has damage\); to add it, draw "
                                          r"it in that file"):
        parse("a :fire: b", None, "bold", IconSet({"damage": 1}, "cards/g/icons.yaml"))  # type: ignore[dict-item]
    with pytest.raises(MarkupError, match=r"this game has no icon set \(game.yaml names none\); write one "
                                          r"\(cards/g/icons.yaml, .* name it in game.yaml"):
        parse("a :coin: b", None, "bold", IconSet(expected="cards/g/icons.yaml"))
    with pytest.raises(MarkupError, match=r"game.yaml names no icon set, though cards/g/icons.yaml is there; add "
                                          r"`icons: icons.yaml` to game.yaml"):
        parse("a :coin: b", None, "bold", IconSet(unnamed="cards/g/icons.yaml"))
    with pytest.raises(MarkupError, match="unclosed"):
        parse("a **b", None, "bold", None)


def test_escaped_star_is_literal():
    paras = parse(r"2 \* 3", None, "bold", None)
    assert "".join(p.text for w in paras[0] for p in w) == "2*3"


def test_wraps_inside_its_box(family):
    style = Style(family, (0, 0, 0), (0, 0, 1), None)
    words = "one two three four five six seven eight nine ten eleven twelve"
    runs, size, lines = fit(parse(words, None, "bold", None), style, (10, 20, 60, 200), 9, 7, 1.2, 0.3, "left", "top")
    assert size == 9 and lines > 1
    for run in runs:
        assert isinstance(run, TextRun)
        assert run.x >= 10 and run.x + family.face("regular").width(run.text, 9) <= 70 + 0.01
        assert 20 < run.y < 220
    assert " ".join(r.text for r in runs) == words


def test_shrinks_to_fit_then_gives_up(family):
    style = Style(family, (0, 0, 0), (0, 0, 1), None)
    text = parse("word " * 40, None, "bold", None)
    fitted = fit(text, style, (0, 0, 100, 60), 12, 6, 1.2, 0.3, "left", "top")
    assert fitted is not None and 6 <= fitted[1] < 12
    assert fit(text, style, (0, 0, 100, 20), 12, 7, 1.2, 0.3, "left", "top") is None


def test_centered_and_middle(family):
    style = Style(family, (0, 0, 0), (0, 0, 1), None)
    runs, _, _ = fit(parse("Hi", None, "bold", None), style, (0, 0, 100, 100), 10, 10, 1.2, 0.3, "center", "middle")
    run = runs[0]
    width = family.face("regular").width("Hi", 10)
    assert run.x == pytest.approx((100 - width) / 2)
    assert 45 < run.y < 60


def test_inline_icon_takes_room_on_the_line(family):
    style = Style(family, (0, 0, 0), (0, 0, 1), None)
    runs, _, _ = fit(parse("a :damage: b", None, "bold", {"damage": 1}), style, (0, 0, 200, 50), 10, 10, 1.2, 0.3,
                     "left", "top")
    kinds = [type(r).__name__ for r in runs]
    assert kinds == ["TextRun", "Icon", "TextRun"]
    a, icon, b = runs
    assert isinstance(icon, Icon) and a.x < icon.x < b.x
