"""Model, spreadsheets: decks whose cards are rows of a CSV, XLSX or ODS file, bounded before they are read."""
