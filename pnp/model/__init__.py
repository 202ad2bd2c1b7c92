"""Stage 1-2, model: YAML files -> a typed game (manifest, decks, cards, data tables), every node located.

Takes the files under `cards/<game>/` and gives a `Game` whose every value knows its file:line:col,
or every schema problem at once. Knows nothing of templates, layout, pages, PDFs or rules.
"""
