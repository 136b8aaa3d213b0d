# `from __future__ import annotations` (and the always-on features) import,
# and the program runs as without it.
from __future__ import annotations
from __future__ import division, print_function
import __future__


def scale(xs: list[float], k: float = 2.0) -> list[float]:
    return [x * k for x in xs]


print(scale([1.0, 2.5]), 7 / 2)
print(__future__.annotations.getMandatoryRelease(), __future__.division.getOptionalRelease())
print("annotations" in __future__.all_feature_names)
