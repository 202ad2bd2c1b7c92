"""`pnp serve`'s Rulebook page: cards/<game>/rulebook.md as HTML, resolved from the game as `pnp build` resolves it
for the PDF (pnp.rules.rulebook_flow: the same flow of headings, text, tables and figures), its faces and inline icons
the page's own images (the keys and PNGs serve already makes for the cards), its problems located.

Made when the page asks for it (after a save's faces are published), never on the save's own path.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.core.errors import PnpError, Problem

if TYPE_CHECKING:
    from pnp.commands.serve.live import LiveGame
    from pnp.layout.rulebook.flow import Figure, Flow
    from pnp.layout.scene import Face
    from pnp.layout.whole_game import Prepared

PX = 96 / 72  # CSS pixels a point
ICON = 36.0  # points: an inline icon is drawn this large and shown at the text's height


def rulebook(live: LiveGame, prep: Prepared, root: Path) -> dict[str, Any]:
    """{"html": the rulebook's body, "errors": its located problems, "missing": no rulebook.md}."""
    from pnp.commands.serve.live import LOCK
    from pnp.commands.serve.view import errors
    from pnp.rules.rulebook_flow import rulebook_flow

    game = prep.game
    try:
        with LOCK:  # the layout stages, one thread at a time (as serve's looks)
            made = rulebook_flow(game, prep.decks, prep.env)
    except PnpError as exc:
        return {"html": None, "errors": errors(exc.problems, root), "missing": False}
    if made is None:
        return {"html": "", "errors": [], "missing": True}
    flow, problems = made
    page = RulebookPage(live, prep)
    html = page.flow(flow)
    live.draw(page.icons)  # the icons now: the page asks for them at once, and there are few
    return {"html": html, "errors": errors(_sorted(problems), root), "missing": False}


def _sorted(problems: list[Problem]) -> list[Problem]:
    return sorted(problems, key=lambda p: (p.where.line if p.where else 0, p.where.col if p.where else 0))


class RulebookPage:
    """The flow written as HTML: every text escaped, every image a face's key (nothing else is linked)."""

    def __init__(self, live: LiveGame, prep: Prepared):
        self.live, self.prep = live, prep
        self.icons: list[str] = []

    def flow(self, flow: list[Flow]) -> str:
        from pnp.layout.rulebook import flow as rb

        out: list[str] = []
        for item in flow:
            if isinstance(item, rb.Heading):
                level = min(item.level + 1, 6)
                out.append(f"<h{level}>{escape(item.text)}</h{level}>")
            elif isinstance(item, rb.Para):
                bullet = f'<span class="bullet">{escape(item.bullet)}</span> ' if item.bullet else ""
                out.append(f'<p class="depth-{min(item.depth, 4)}{" item" if item.bullet else ""}">'
                           f"{bullet}{self.markup(item.markup)}</p>")
            elif isinstance(item, rb.RulebookTable):
                rows = []
                for i, row in enumerate(item.rows):
                    cell = "th" if i == 0 else "td"
                    rows.append("<tr>" + "".join(
                        f"<{cell}>{self.figure(c) if isinstance(c, rb.Figure) else self.markup(c)}</{cell}>"
                        for c in row) + "</tr>")
                out.append(f'<table class="book-table">{"".join(rows)}</table>')
            elif isinstance(item, rb.Figure):
                out.append(self.figure(item, whole=True))
            elif isinstance(item, rb.PageBreak):
                out.append('<hr class="pagebreak">')
            elif isinstance(item, rb.PageIndex):  # (a page has no numbers here: its terms, the PDF gives the pages)
                out.append(f'<p class="legend">{escape(", ".join(term for term, _ in item.terms))}</p>')
        return "\n".join(out)

    def markup(self, markup: str) -> str:
        """Card markup (**bold**, *italic*, :icons:, glossary terms) as HTML."""
        from pnp.layout.text import MarkupError, parse

        env = self.prep.env
        try:
            paras = parse(markup, env.glossary, env.term_style, None)
        except MarkupError:
            return escape(markup)
        out = []
        for words in paras:
            runs: list[tuple[tuple[str, Any], str]] = []  # ((style, term) or ("icon", name), its text)
            for i, word in enumerate(words):
                for j, p in enumerate(word):
                    space = " " if i and not j else ""
                    if p.icon:
                        runs.append((("icon", p.text), space))
                    elif runs and runs[-1][0] == (p.style, p.term):
                        runs[-1] = (runs[-1][0], runs[-1][1] + space + p.text)
                    else:
                        if space:
                            runs.append((("regular", False), space))
                        runs.append(((p.style, p.term), p.text))
            out.append("".join(self.run(how, text) for how, text in runs))
        return "<br>".join(out)

    def run(self, how: tuple[str, Any], text: str) -> str:
        style, term = how
        if style == "icon":
            key = self.icon(term)
            shown = f"<code>:{escape(term)}:</code>" if key is None else \
                f'<img class="icon" src="/face/{key}.png" alt="{escape(term)}" title="{escape(term)}">'
            return escape(text) + shown
        text = escape(text)
        if "bold" in style:
            text = f"<strong>{text}</strong>"
        if "italic" in style:
            text = f"<em>{text}</em>"
        return f'<span class="term">{text}</span>' if term else text

    def icon(self, name: str) -> str | None:
        from pnp.layout.scene import Face, Icon
        from pnp.model.units import parse_colour

        if name not in self.prep.env.icons:
            return None
        pal = self.prep.env.palette
        ink = parse_colour(pal.get("ink", "#1d2230"), pal) or (0.1, 0.1, 0.1)
        face = Face(ICON, ICON, 0.0, [Icon(name, 0.0, 0.0, ICON, ICON, ink)])
        key = self.live.key_extra(self.prep, [face])[0]
        self.icons.append(key)
        return key

    def figure(self, fig: Figure, whole: bool = False) -> str:
        keys = self.live.key_extra(self.prep, fig.faces)
        imgs = []
        for i, (face, key) in enumerate(zip(fig.faces, keys, strict=True)):
            w = round(fig.width * PX)
            h = round(fig.width * face.h / face.w * PX)
            if i == 0 and fig.callouts:
                imgs.append(self.callouts(fig, face, key, w, h))
            elif i == 0 and fig.pieces:
                imgs.append(self.pieces(fig, face, key, w, h))
            else:
                imgs.append(f'<img class="book-face" src="/face/{key}.png" width="{w}" height="{h}" alt="a face">')
        body = "".join(imgs)
        if not whole:
            return body
        caption = f"<figcaption>{self.markup(fig.caption)}</figcaption>" if fig.caption else ""
        legend = "".join(f'<p class="legend">{self.markup(line)}</p>' for line in fig.legend)
        return f'<figure class="book-figure"><div class="faces">{body}</div>{caption}{legend}</figure>'

    def pieces(self, fig: Figure, face: Face, key: str, w: int, h: int) -> str:
        """A setup diagram: the board with each dealt piece on it, and the players' numbers."""
        keys = self.live.key_extra(self.prep, [p for p, *_ in fig.pieces])
        laid = "".join(f'<image href="/face/{k}.png" x="{x:.1f}" y="{y:.1f}" width="{pw:.1f}" '
                       f'height="{pw * p.h / p.w:.1f}"/>' for (p, x, y, pw), k in zip(fig.pieces, keys, strict=True))
        r = face.w * 0.015
        marks = "".join(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" class="callout"/><text x="{x:.1f}" '
                        f'y="{y:.1f}" font-size="{r * 1.2:.1f}" text-anchor="middle" dominant-baseline="central" '
                        f'class="callout-n">{n}</text>' for n, x, y in fig.badges)
        return (f'<svg class="book-anatomy" width="{w}" height="{h}" viewBox="0 0 {face.w:.1f} {face.h:.1f}" '
                f'role="img" aria-label="the board as the setup deals it"><image href="/face/{key}.png" '
                f'width="{face.w:.1f}" height="{face.h:.1f}"/>{laid}{marks}</svg>')

    def callouts(self, fig: Figure, face: Face, key: str, w: int, h: int) -> str:
        """The face with a numbered callout per element in a margin on its left, level with the element, a leader
        line to it (SVG attributes: the page's style rules allow no inline style)."""
        m = face.w * 0.14
        r = m * 0.32
        marks, last = [], -1e9
        for n, x, y, ew, eh in sorted(fig.callouts, key=lambda t: t[2] + t[4] / 2):
            cy = min(max(y + eh / 2, last + 2.2 * r, r), face.h - r)  # kept apart from the one above
            last = cy
            marks.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{ew:.1f}" height="{eh:.1f}" class="callout-box"/>'
                         f'<line x1="{-m + 2 * r:.1f}" y1="{cy:.1f}" x2="{x:.1f}" y2="{y + eh / 2:.1f}" '
                         f'class="callout-line"/><circle cx="{-m + r:.1f}" cy="{cy:.1f}" r="{r:.1f}" class="callout"/>'
                         f'<text x="{-m + r:.1f}" y="{cy:.1f}" font-size="{r * 1.2:.1f}" text-anchor="middle" '
                         f'dominant-baseline="central" class="callout-n">{n}</text>')
        width = round(w * (face.w + m) / face.w)
        return (f'<svg class="book-anatomy" width="{width}" height="{h}" viewBox="{-m:.1f} 0 {face.w + m:.1f} '
                f'{face.h:.1f}" role="img" aria-label="a face with numbered parts"><image href="/face/{key}.png" '
                f'width="{face.w:.1f}" height="{face.h:.1f}"/>{"".join(marks)}</svg>')
