# typing's subscripted forms: reprs of List/Dict/Set/Tuple/Optional/Union/
# Callable/Literal/Type/Final/ClassVar/Annotated..., their __origin__ and
# __args__, Union flattening and Optional collapsing, equality and hashing,
# TypeVar reprs and substitution, get_origin/get_args, the TypeErrors for
# instantiating List or Dict, and cast/overload/TYPE_CHECKING/NewType.
import typing
from typing import (Any, Optional, Union, List, Dict, Tuple, Set, FrozenSet, Callable, Iterable,
                    Iterator, Sequence, Mapping, MutableMapping, Generator, Type, TypeVar, Literal,
                    Final, ClassVar, cast, overload, TYPE_CHECKING, get_origin, get_args)

print(Any, List, Dict, Optional, Union, Callable, Iterable, Tuple, Literal)
forms = [List[int], Dict[str, int], Set[float], FrozenSet[str], Tuple[int, str], Tuple[int, ...],
         Tuple[()], Optional[int], Union[int, str], Union[int, str, None], Optional[List[int]],
         Callable[[int], str], Callable[[int, float], None], Callable[..., int], Callable[[], bool],
         Iterable[int], Iterator[str], Sequence[Tuple[int, int]], Mapping[str, Any],
         MutableMapping[str, List[int]], Generator[int, None, None], Type[int], Literal[1, "a", None],
         Final[int], ClassVar[Dict[str, int]], Dict[str, Optional[int]], List["Node"],
         typing.Annotated[int, "meta"]]
for f in forms:
    print(repr(f))

print(List[int].__origin__, List[int].__args__, Dict[str, int].__args__)
print(Optional[int].__origin__ is Union, Optional[int].__args__)
print(Callable[[int], str].__args__, Callable[..., int].__args__)
print(Tuple[int, ...].__args__, Tuple[()].__args__, Type[str].__origin__)

print(Union[int], Union[int, int], Union[int, Union[str, int]], Optional[Optional[int]])
print(Union[int, str] == Union[str, int], List[int] == List[int], List[int] == List[str])
print(List[int] == list, Optional[int] == Union[int, None], len({List[int], List[int], Dict[str, int]}))

T = TypeVar("T")
K = TypeVar("K")
V_co = TypeVar("V_co", covariant=True)
N = TypeVar("N", int, float)
B = TypeVar("B", bound=str)
print(T, V_co, TypeVar("C", contravariant=True), N.__constraints__, B.__bound__, T.__name__)
print(List[T], Dict[K, T], Dict[K, T].__parameters__, Dict[str, T][int], List[Tuple[K, T]][str, float])
print(Callable[[T], K][int, str], Optional[T][int], List[int].__parameters__)
try:
    List[int][str]
except TypeError as e:
    print("TypeError:", e)
try:
    Dict[K, T][int]
except TypeError as e:
    print("TypeError:", e)

print(get_origin(List[int]), get_origin(Union[int, str]) is Union, get_origin(int), get_origin(Literal[1]) is Literal)
print(get_args(Dict[str, int]), get_args(Callable[[int, str], bool]), get_args(Callable[..., int]), get_args(int))
print(get_args(Optional[str]), get_args(typing.Annotated[int, "x", 2]))

for alias in [List, Dict, List[int], Set[str], Tuple]:
    try:
        alias()
    except TypeError as e:
        print("TypeError:", e)
for bad in [lambda: Union[()], lambda: Optional[int, str], lambda: Callable[int, str], lambda: List[int, str]]:
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)

print(cast(int, "not really"), cast(List[str], [1]), TYPE_CHECKING)
if TYPE_CHECKING:
    print("never")


@overload
def double(x: int) -> int: ...
@overload
def double(x: str) -> str: ...
def double(x):
    return x * 2


print(double(4), double("ab"))


@overload
def only_overloads(x: int) -> int: ...


try:
    only_overloads(1)
except NotImplementedError as e:
    print("NotImplementedError:", str(e)[:40])

UserId = typing.NewType("UserId", int)
uid = UserId(42)
print(uid, type(uid).__name__, UserId, UserId.__supertype__, List[UserId])
print(typing.Text is str, typing.AnyStr, typing.NoReturn, typing.Hashable, typing.Sized)
ann = {"a": int, "b": Optional[str]}
print({k: repr(v) for k, v in ann.items()})
