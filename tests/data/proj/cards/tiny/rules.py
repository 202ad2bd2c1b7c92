from pnp.rules import custom_rule


@custom_rule("tiny-no-forbidden")
def no_forbidden(game, fail):
    for deck in game.decks:
        for card in deck.cards:
            if "Forbidden" in card.data.get("text", ""):
                fail("the word 'Forbidden' is forbidden", deck.where(card, "text"), f"{deck.id}/{card.id}")
