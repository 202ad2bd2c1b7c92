"""Output, impose: faces onto pages as plain data (card sheets with cut marks and duplex backs, one face a page, a
printer's calibration sheet)."""
