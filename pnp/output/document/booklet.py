"""Output: a document imposed for saddle-stitching. Each page is drawn into a form as platypus lays it out; at the
end the forms are placed two to a landscape sheet, in the order that makes a booklet once the printed stack
(duplex, flipped on the short edge) is folded in half and stapled on the fold."""

from __future__ import annotations

from typing import Any

from reportlab.pdfgen.canvas import Canvas


def booklet_order(pages: int) -> list[tuple[int | None, int | None]]:
    """Sheet sides as (left page, right page), 0-based; pages padded to a multiple of 4 (None: a blank)."""
    n = -(-max(pages, 1) // 4) * 4

    def real(i: int) -> int | None:
        return i if i < pages else None

    sides: list[tuple[int | None, int | None]] = []
    for s in range(n // 4):
        sides.append((real(n - 1 - 2 * s), real(2 * s)))  # the outside of sheet s
        sides.append((real(2 * s + 1), real(n - 2 - 2 * s)))  # its inside, on the back
    return sides


class BookletCanvas(Canvas):
    """A canvas whose pages become forms, imposed on `save`."""

    def __init__(self, *args: Any, **kw: Any):
        super().__init__(*args, **kw)
        self._booklet_pages = 0
        self.beginForm("BP0")

    def showPage(self) -> None:
        self.endForm()
        self._booklet_pages += 1
        self._pageNumber += 1
        self.beginForm(f"BP{self._booklet_pages}")

    def save(self) -> None:
        self.endForm()
        w, h = self._pagesize
        self.setPageSize((2 * w, h))
        for side in booklet_order(self._booklet_pages):
            for i, page in enumerate(side):
                if page is not None:
                    self.saveState()
                    self.translate(i * w, 0)
                    self.doForm(f"BP{page}")
                    self.restoreState()
            Canvas.showPage(self)
        super().save()
