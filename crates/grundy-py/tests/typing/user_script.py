"""A user's script, checked by mypy --strict against the package's types
(CI runs mypy on it; pytest does not collect it)."""

from typing import List

import numpy as np
import numpy.typing as npt

import grundy


def kayles(n: int) -> List[grundy.Sum]:
    return [grundy.sum([a, n - t - a]) for t in (1, 2) if t <= n for a in range(n - t + 1)]


def main() -> None:
    p = grundy.game("kayles", [3, 5])
    value: int | None = p.value
    moves = [m["move"] for m in p.winning_moves()]
    after = p.play(moves[0]) if moves else p
    print(value, after.text, after.outcome, p.drawing()["shape"]["kind"], p.svg()[:4])
    for m in p.moves():
        print(m["to_text"], m["value"])
    s = grundy.rule("0.77").sequence(1000)
    values = s.values
    assert isinstance(values, np.ndarray)
    top: npt.NDArray[np.uint32] = values
    print(s.period, s.preperiod, s.status, s.stats["max_value"], int(top.max()), s[10])
    largest: int = int(s.values.max())
    cells: memoryview = s.cells
    print(largest, cells.format)
    loopy = grundy.game("windup", [1], variant="7:2,3").loopy_value
    if isinstance(loopy, grundy.Infinite):
        finite: tuple[int, ...] = loopy.finite
        print(finite, str(loopy))
    found = grundy.pattern([0, 1, 2] * 20)
    mine = grundy.Sequence.from_values([0, 1, 2] * 20)
    given: grundy.Sequence = grundy.Sequence.from_values(np.arange(10, dtype=np.uint16))
    observed: int | None = mine.period
    print(observed, mine.status, mine.has_rule, len(given), given.values.tolist()[:3], mine.pattern()[:1])
    print(grundy.Sequence.from_values(range(8)).checksum, grundy.Sequence.from_values([grundy.Nimber(1)])[0])
    print([f["formula"] for f in found], grundy.coin_values("mogul", 40)[-1], grundy.__version__)
    q = grundy.rule("0.77").misere_quotient(30)
    order: int = q["order"]
    period: int | None = q["periodicity"]["period"]
    print(order, period, [g["heap"] for g in q["generators"]], q["phi"][:5])
    genera = grundy.rule("0.77").genus(10, start=2)
    tame: list[bool] = genera["tame"]
    print(genera["from"], genera["genus"], tame)
    n = grundy.Nimber(2) * grundy.Nimber(3) + 1
    print(n == 0, str(n), grundy.nimber("3*5").value)
    g = grundy.Game(options=kayles)
    print(g.value(10), g.outcome(grundy.sum([3, 4])), g.winning_moves(7))
    mg = grundy.Game(options=kayles, misere=True)
    won: str = mg.outcome(grundy.sum([1, 1]))
    misere: bool = mg.misere
    print(won, misere, mg.winning_moves(grundy.sum([4, 1])))
    print([f["name"] for f in grundy.families()][:3])


if __name__ == "__main__":
    main()
