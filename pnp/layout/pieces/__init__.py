"""Layout, pieces: what is not a card template alone: dice nets, dials, and the write-in boxes and lines the
`boxes` and `lines` elements draw."""
