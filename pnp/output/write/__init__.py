"""Output, write: a whole output folder at once or not at all, and what its manifest says of it."""
