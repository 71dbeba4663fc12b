"""Values as a user has them: the patterns of a list, the values of a
coin-turning game's coins, and a loopy game's infinite value."""

from __future__ import annotations

import builtins as _builtins
import operator as _operator
from typing import Iterable, List

from . import _grundy
from ._grundy import GrundyError
from ._types import Finding

__all__ = ["Infinite", "coin_values", "pattern"]


def pattern(values: Iterable[int], start: int = 0) -> List[Finding]:
    """The patterns of your own list of values ``G(start), G(start + 1),
    ...`` (from a :class:`Game`, a file, anything), as ``grundy pattern -``
    finds them in numbers it reads: the least period (or an arithmetic
    one), a closed form, intervals, the P-positions, the known games the
    values equal. A period is observed, never proven: nothing is known of
    the values beyond the list. The list's first half finds a pattern and
    all of it checks it.

    >>> from grundy import Game
    >>> kayles = Game(lambda n: [(a, n - t - a) for t in (1, 2) for a in range(n - t + 1)], splits=True)
    >>> [(f["kind"], f["formula"]) for f in pattern([kayles.value(n) for n in range(300)])][0]
    ('period', 'G(n + 12) = G(n) for n >= 71')
    """
    if isinstance(values, (str, bytes)) or values is None:
        raise TypeError("values: give a list of whole numbers")
    try:
        items = [_operator.index(v) for v in values]
    except TypeError:
        raise TypeError("values: give a list of whole numbers") from None
    first = _operator.index(start)
    if first < 0 or first >= 2**64 or _builtins.any(v < 0 or v >= 2**64 for v in items):
        raise GrundyError("values and start: give whole numbers from 0 to 2^64 - 1")
    return _grundy.pattern_of(items, first)


def coin_values(code: str, last: int) -> List[int]:
    """The values of coins ``0..=last`` of a coin-turning game (a code such
    as ``"1-3"`` or a name such as ``"mogul"``), as ``grundy seq
    turning:CODE`` gives them. A row's value is the nim-sum of the values
    of its heads, however long the row, where ``game("turning", ...)``
    refuses a row whose moves are too many to list.

    >>> coin_values("mogul", 12)
    [0, 1, 2, 4, 8, 16, 32, 64, 127, 128, 256, 512, 911]
    """
    if not isinstance(code, str):
        raise TypeError(f"code {code!r}: give the turning code or name as text")
    return _grundy.coin_values(code, last)


class Infinite:
    """The infinite value of a position of a loopy game (Smith's ∞ with a
    set K): the player to move can keep the game going forever, and K
    (``finite``, sorted) holds the finite values among its options. Added
    to a nim heap of a value in K it is a first-player win; otherwise a
    draw.

    >>> from grundy import game
    >>> v = game("wind-up", [1], variant="7:2,3").loopy_value
    >>> v, v.finite
    (grundy.Infinite([0]), (0,))
    """

    __slots__ = ("finite",)

    def __init__(self, finite: Iterable[int]) -> None:
        self.finite = tuple(sorted(_operator.index(k) for k in finite))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Infinite) and other.finite == self.finite

    def __hash__(self) -> int:
        return hash(("Infinite", self.finite))

    def __repr__(self) -> str:
        return f"grundy.Infinite({list(self.finite)})"

    def __str__(self) -> str:
        return "∞(" + (",".join(map(str, self.finite)) or "∅") + ")"
