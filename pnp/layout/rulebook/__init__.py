"""Layout, rulebook: the rulebook's blocks resolved from the game into a flow of plain data."""
