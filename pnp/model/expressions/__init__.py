"""Model (expressions): the sandbox every expression of a game runs in, below every stage that evaluates one.

Jinja's read-only sandbox, bounded in what one expression may build (`sandbox`, `expanded`,
`bounded_filters`, `nesting`), its compiled code kept between runs (`compiled`), the functions it offers
(`functions`), what a missed look-up says (`lookups`, `evaluate`), and a card's fields written as
expressions over the game's data, evaluated at load (`card_exprs`). It lives in the model so that the
model can evaluate a card's own fields; layout, rules and setups compile through the same environment.
Knows nothing of templates, layout, pages, PDFs or rules.
"""
