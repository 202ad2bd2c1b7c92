"""Output, export to Tabletop Simulator: saved objects, a whole table, dice as models."""
