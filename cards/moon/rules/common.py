"""What the moon's rules share: the game's decks and data tables, and the letters of a mission."""

LETTERS = ("A", "B", "C")


def find_deck(game, deck_id):
    return next(d for d in game.decks if d.id == deck_id)


def data(game, name):
    """(the document, for file:line, and its parsed data) of one of the game's `data:` tables."""
    doc = game.data[name]
    return doc, doc.data


def plural(n, word, many=None):
    """`3 columns`, `1 cavity`; `many` for a word that does not just take an s (`cavities`)."""
    return f"{n} {word if n == 1 else many or word + 's'}"
