"""`uppercase: true` capitalises the words after the markup is read: an inline icon stays an icon."""

from __future__ import annotations

from pnp.layout.text import parse


def test_uppercase_keeps_inline_icons_and_styles():
    paragraphs = parse(":command: Spending **Command**", None, "bold", {"command"}, upper=True)
    pieces = [p for word in paragraphs[0] for p in word]
    assert [(p.text, p.icon, p.style) for p in pieces] == [
        ("command", True, "regular"), ("SPENDING", False, "regular"), ("COMMAND", False, "bold")]


def test_without_uppercase_the_text_is_as_written():
    pieces = [p for word in parse("Spend :command: now", None, "bold", {"command"})[0] for p in word]
    assert [p.text for p in pieces] == ["Spend", "command", "now"]
