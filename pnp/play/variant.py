"""Play: a variant of the game for a run on the same deals: one value of a `--vary` sweep, a `pnp tune` candidate,
or a card made a blank of itself (`--ablate`), set in the cards' fields (and effects) for a game and restored after."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Variant:
    """One value of a `--vary deck/card.field=...` sweep (or none: the game as it is)."""

    deck: str = ""
    card: str = ""
    field: str = ""
    value: Any = None
    more: tuple[Variant, ...] = ()  # other fields changed with it (`pnp tune`'s candidates)
    blank: bool = False  # the card made a blank of itself (`effect: none`, every field kept): `--ablate`

    def __str__(self) -> str:
        return ", ".join(f"{v.deck}/{v.card} blank" if v.blank else f"{v.deck}/{v.card}.{v.field}={v.value}"
                         for v in self.changes()) or "as written"

    def changes(self) -> list[Variant]:
        """Each field it sets, in order."""
        return [v for v in (self, *self.more) if v.deck]


def vary(cards: dict[str, dict[str, dict[str, Any]]], variant: Variant,
          copies: dict[tuple[str, str], dict]) -> list[Any]:
    """A sweep's values set in the cards' fields (and in the read-only copy game code reads, where there is one);
    the values they had, to restore."""
    old = []
    for v in variant.changes():
        old.append(cards[v.deck][v.card].get(v.field))
        _set(cards, v, v.value, copies)
    return old


def blank(effects: dict[str, dict[str, Any]], variant: Variant) -> dict[tuple[str, str], Any]:
    """The cards a variant makes blank given `effect: none` (its steps, as Table.effects reads them); what they said,
    to restore."""
    old = {}
    for v in variant.changes():
        if v.blank:
            old[(v.deck, v.card)] = effects[v.deck][v.card]
            effects[v.deck][v.card] = ()
    return old


def restore(cards: dict[str, dict[str, dict[str, Any]]], variant: Variant, old: list[Any],
             copies: dict[tuple[str, str], dict]) -> None:
    for v, value in reversed(list(zip(variant.changes(), old, strict=True))):
        _set(cards, v, value, copies)


def _set(cards: dict[str, dict[str, dict[str, Any]]], v: Variant, value: Any,
         copies: dict[tuple[str, str], dict]) -> None:
    if v.blank:  # its effect, not a field (blank)
        return
    cards[v.deck][v.card][v.field] = value
    if (copy := copies.get((v.deck, v.card))) is not None:
        copy[v.field] = value
