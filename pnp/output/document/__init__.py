"""Output, document: the print-and-play document's front matter and the rulebook's pages."""
