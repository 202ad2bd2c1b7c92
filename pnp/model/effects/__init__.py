"""Model (effects): what a card does, as data. `verbs.py` is the library of verbs (a verb's arguments and the
sentence it reads as); `effect_steps.py` reads a card's `effect:` into steps, every problem at its line;
`effect_text.py` reads steps back as the card's words. Play (pnp.play) acts them out."""
