"""Output, render: pages drawn with reportlab (the only part of pnp that draws)."""
