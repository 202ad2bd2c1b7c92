"""Welcome to the Moon: the rules YAML cannot say, one module per part of the box.

Each module registers its rules with `@custom_rule`; importing it is enough.
"""

from . import adventure1, adventure2, adventure3, adventure4, adventure5, adventure6, deck  # noqa: F401
