"""Output: how the rulebook keeps its parts together without leaving pages blank: a heading, the paragraph that
leads in and the picture or table they introduce go onto one page; where that would leave more than a third of this
page blank, the pictures shrink (to no less than SHRINK of their size) to fit here instead."""

from __future__ import annotations

from reportlab.platypus import Flowable, KeepTogether

from pnp.output.document.book_look import FaceFlowable, Look

SHRINK = 0.6  # the smallest a picture is drawn to keep its page full, of the size asked
BLANK = 1 / 3  # the most of a page left blank (but where a chapter ends)


class Together(KeepTogether):
    """A KeepTogether whose pictures shrink to fit the rest of the page rather than leave it more than BLANK empty."""

    def __init__(self, look: Look, content: list[Flowable]):
        super().__init__(content)
        self.look = look
        self.figures = [f for f in content if isinstance(f, FaceFlowable)]

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        for f in self.figures:
            f.scale = 1.0
        return super().wrap(aw, ah)

    def split(self, aw: float, ah: float) -> list[Flowable]:
        for f in self.figures:
            f.scale = 1.0
        super().wrap(aw, ah)
        whole = self._H  # (KeepTogether's wrap asks to be split, always: its height is kept here)
        drawn = sum(f.height for f in self.figures)
        if whole > ah and ah > BLANK * self.look.frame_h and drawn:
            scale = (drawn - (whole - ah) - 2) / drawn
            if scale >= SHRINK:
                for f in self.figures:
                    f.scale = scale
                super().wrap(aw, ah)
        return super().split(aw, ah)
