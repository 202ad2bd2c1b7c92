"""A game in other languages (docs/translating.md): translations are words only, kept in
`cards/<game>/lang/<code>/`, read here (`lang_files`), checked against the source (`live_words`, `stamps`) and laid
over the loaded game (`translated`), which every stage then prints and checks as it does the source."""
