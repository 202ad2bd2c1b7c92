"""Stage 0, core: what every stage stands on, below the pipeline.

Holds the errors every stage raises and says (`errors`: `Where`, `Problem`, `InputError`), every bound an
input is held to (`bounds`), the time and memory limits that enforce them (`watchdog`), the signed disk
cache of work kept between runs (`disk_cache`), and the sandbox (`sandbox/`): the one runner for a game's
own Python, parent and child. Knows nothing of games, YAML, templates, pages, rules or play.
"""
