"""Layout: the functions and constants every template expression may use, beside Jinja's own.

Pure functions of numbers, so the sandbox may offer them as they are. Angles are in radians, as in
Python (`cos(index * 2 * pi / 12)`); `radians(30)` converts from degrees.
"""

from __future__ import annotations

import math
from typing import Any

MATH: dict[str, Any] = {"pi": math.pi, "sin": math.sin, "cos": math.cos, "tan": math.tan, "atan2": math.atan2,
                        "sqrt": math.sqrt, "radians": math.radians, "degrees": math.degrees}
