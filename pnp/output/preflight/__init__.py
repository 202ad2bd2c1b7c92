"""Output, preflight: what a print shop checks, over the laid-out pages and over what the files paint."""
