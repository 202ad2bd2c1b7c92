"""Model, rulebook: a game's rulebook source read into located blocks, its work counted before it is done."""
