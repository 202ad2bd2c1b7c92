"""Output, tiling: boards larger than the paper cut into tiles (straight or along a grid's cells), with their
assembly maps."""
