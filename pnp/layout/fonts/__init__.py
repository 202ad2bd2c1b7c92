"""Layout, fonts: the game's TrueType families, checked, parsed once and kept."""
