"""Output, export: images of every face for print-on-demand shops, and the shops' presets."""
