"""Layout, pieces: what is not a card template alone: dice nets, dials, write-in boxes and grids."""
