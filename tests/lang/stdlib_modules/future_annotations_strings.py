# `from __future__ import annotations` keeps module and class annotations
# as strings (CPython's unparsed form), so a class can name itself and
# undefined names are fine; dataclasses still read their fields.
from __future__ import annotations
from dataclasses import dataclass, field
from typing import Optional, Dict, List, Callable, Tuple
import typing

@dataclass
class Node:
    val: int
    next: Optional[Node] = None
    kids: list[Node] = field(default_factory=list)

x: Undefined = 3
y: dict[str, int | None] = {}
z: Callable[[int, str], Tuple[int, ...]]
w: 'quoted' = 1
v: typing.List[-1 + 2 * 3 ** 2] = []
u: (int, str)
t: List[Node] | None
s: Dict[str, "Node"]
print(__annotations__)
print(Node.__annotations__)
print(Node(1, Node(2)))
