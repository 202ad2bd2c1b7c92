"""Stage 1-2, model: YAML files -> a typed game (manifest, decks, cards, data tables), every node located.

Takes the files under `cards/<game>/` and gives a `Game` whose every value knows its file:line:col,
or every schema problem at once. Holds the expression sandbox (`expressions/`) that a card's fields written
as expressions are evaluated in at load, and that layout, rules and setups compile through. Knows nothing
of templates, layout, pages, PDFs or rules.
"""
