"""Output, packing: the print-and-play document's sheets shared by like pieces, placed as few sheets as they take."""
