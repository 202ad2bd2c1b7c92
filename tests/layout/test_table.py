"""The `table` element: docs/format.md's example built on a tarot card and read back from the PDF; and a
table that does not fit, reported like text, at the card's value."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pnp.commands.build import BuildOptions, build
from pnp.core.errors import Problems
from pnp.layout.scene import Line, Rect, Static, Text
from pnp.layout.templates import TemplateStore
from pnp.layout.whole_game import lay_out_deck, layout_env
from pnp.model.game import load_game
from pnp.model.units import MM

from conftest import REPO, edit

DOC = (REPO / "docs" / "format.md").read_text()


def add_example(root: Path) -> None:
    """docs/format.md's table example (its fenced blocks named by their first line) added to the mini game."""
    for body in re.findall(r"```yaml\n(# (?:cards|templates)/mini/sho\S+\n.*?)```", DOC, re.S):
        name, _, text = body.partition("\n")
        (root / name[2:]).write_text(text)
    edit(root / "cards/mini/game.yaml", "decks: [spells.yaml]", "decks: [spells.yaml, shops.yaml]")


def laid_out(root: Path) -> tuple[list, Problems]:
    game = load_game(root, "mini")
    problems = Problems()
    env = layout_env(game, problems)
    entries = lay_out_deck(game.deck("shop"), game, TemplateStore(root), env, 3 * MM, problems)
    return entries, problems


def flat(items) -> list:
    return [i for item in items for i in (flat(item.items) if isinstance(item, Static) else [item])]


def spots(pdf: Path, words: list[str]) -> dict[str, list[tuple[float, float]]]:
    """Where each word is printed on the first page: (x of its left edge, y of its middle) in mm from the
    top-left corner, one per occurrence."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        page = doc[0]
        height, textpage = page.get_height(), page.get_textpage()
        out: dict[str, list[tuple[float, float]]] = {}
        for word in words:
            searcher = textpage.search(word, match_case=True)
            found = []
            while (hit := searcher.get_next()) is not None:
                left, bottom, _, top = textpage.get_charbox(hit[0])
                found.append((round(left / MM, 2), round((height - (top + bottom) / 2) / MM, 2)))
            out[word] = found
        return out
    finally:
        doc.close()


def test_the_documented_table_prints_on_a_tarot_card_in_rows_and_columns(project):
    add_example(project)
    result = build(project, "mini", BuildOptions())
    pdf = next(f.path for f in result.files if f.path.name == "shop.pdf")
    at = spots(pdf, ["Item", "Qty", "Price", "Rope", "Lantern oil", "Charts", "Reefs", "Salt pork", "1", "2", "3"])
    (item, header), (qty, qty_y), (price, price_y) = at["Item"][0], at["Qty"][0], at["Price"][0]
    assert abs(qty_y - header) < 0.3 and abs(price_y - header) < 0.3  # the header on one line
    rows = [at[name][0] for name in ("Rope", "Lantern oil", "Salt pork")]
    assert header < rows[0][1] < rows[1][1] < rows[2][1]  # and the rows in order below it
    assert all(abs(x - item) < 0.4 for x, _ in rows)  # left-aligned under their heading
    charts, reefs = at["Charts"][0], at["Reefs"][0]
    assert rows[1][1] < charts[1] < reefs[1] < rows[2][1]  # the long item wrapped, inside its row
    # the quantities centred under "Qty", one per row, and the prices right of them
    numbers = sorted(p for n in ("1", "2", "3") for p in at[n] if qty - 3 < p[0] < price - 1)
    assert len(numbers) == 4 and max(x for x, _ in numbers) - min(x for x, _ in numbers) < 0.3
    assert item < qty < numbers[0][0] < price


def test_the_table_is_drawn_with_its_header_fill_zebra_and_rules(project):
    add_example(project)
    entries, problems = laid_out(project)
    assert not problems.items, [str(p) for p in problems.items]
    items = flat(entries[0][0].items)
    fills = [i for i in items if isinstance(i, Rect) and i.fill is not None and i.x == pytest.approx(5 * MM)]
    assert [f.fill for f in fills] == [pytest.approx((0x2f / 255, 0x4f / 255, 0x9c / 255)),  # header: accent
                                       pytest.approx((0xe9 / 255, 0xed / 255, 0xf5 / 255)),  # rows 2 and 4: zebra
                                       pytest.approx((0xe9 / 255, 0xed / 255, 0xf5 / 255))]
    rules = [i for i in items if isinstance(i, Line)]
    assert len(rules) == 4  # under the header, and between the four rows
    texts = [i for i in items if isinstance(i, Text) and i.y > 18 * MM]
    assert all(t.x >= 5 * MM and t.x + t.w <= 65 * MM + 0.01 for t in texts)
    price = [t for t in texts if any(getattr(r, "name", "") == "dot" for r in t.runs)]
    assert len(price) == 4  # the `text` column: an expression over `row`, with an inline icon


def test_a_table_that_does_not_fit_is_reported_at_the_cards_value(project):
    add_example(project)
    deck = project / "cards/mini/shops.yaml"
    edit(deck, "{item: Rope, qty: 2, price: 1}", "{item: Ropeandgrapplinghookandtarredcanvas, qty: 2, price: 1}")
    _, problems = laid_out(project)
    lines = deck.read_text().splitlines()
    line = next(i for i, text in enumerate(lines, 1) if "Ropeand" in text)
    assert [(p.where.line, p.rule) for p in problems.items] == [(line, "text-overflow")]
    assert problems.items[0].message.startswith("stock[0].item: a word is wider than its ")
    assert "column even at 7 pt" in problems.items[0].message
    edit(deck, "Ropeandgrapplinghookandtarredcanvas", "Rope")
    edit(deck, "      - {item: Salt pork, qty: 3, price: 1}",
         "\n".join(["      - {item: Salt pork, qty: 3, price: 1}"] * 5))
    edit(project / "templates/mini/shop.yaml", "h: 60mm", "h: 30mm")
    _, problems = laid_out(project)
    stock = next(i for i, text in enumerate(deck.read_text().splitlines(), 1) if text.startswith("    stock:"))
    assert [(p.where.line, p.rule) for p in problems.items] == [(stock, "text-overflow")]
    assert re.match(r"stock: its 8 rows need \d+\.\d mm even at 7 pt; the table's box is 30\.0 mm high",
                    problems.items[0].message)


def test_a_column_naming_a_field_the_rows_lack_is_located(project):
    add_example(project)
    edit(project / "templates/mini/shop.yaml", "field: qty", "field: qtty")
    _, problems = laid_out(project)
    lines = (project / "templates/mini/shop.yaml").read_text().splitlines()
    line = next(i for i, text in enumerate(lines, 1) if "type: table" in text)
    assert {(p.where.file, p.where.line) for p in problems.items} == {("templates/mini/shop.yaml", line)}
    assert "rows[0] has no field 'qtty' (it has item, qty, price); check the spelling of columns[1].field" \
        in problems.items[0].message
