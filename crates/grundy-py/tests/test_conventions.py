"""Python's conventions: nimbers equal to ints, TypeError for a wrong type
and ValueError for a bad value, numpy integers as indices, sums inside
sums, one dtype for every sequence."""

import numpy as np
import pytest

import grundy
from grundy import Nimber


def test_nimbers_equal_ints_and_hash_like_them():
    assert Nimber(3) == 3 and 3 == Nimber(3) and Nimber(3) == np.uint64(3)
    assert Nimber(3) != 4 and not (Nimber(3) != 3)
    assert hash(Nimber(3)) == hash(3) and hash(Nimber(2**64 - 1)) == hash(2**64 - 1)
    assert len({Nimber(3), 3, Nimber(3)}) == 1 and {3: "x"}[Nimber(3)] == "x"
    assert Nimber(3) != "3" and Nimber(0) != None  # noqa: E711
    assert Nimber(3) != -3 and Nimber(3) != 2**70
    assert grundy.nimber("2*3") == 1 and Nimber(5) + 3 == 6
    with pytest.raises(TypeError):
        Nimber(3) < 4  # nimbers have no order


@pytest.mark.parametrize("call", [
    lambda: Nimber(3) * "ab",
    lambda: "ab" * Nimber(3),
    lambda: [1] * Nimber(2),
    lambda: Nimber(3) + 1.5,
    lambda: Nimber(3) / None,
    lambda: Nimber(1.5),
    lambda: Nimber([1]),
    lambda: Nimber(3) ** 1.5,
    lambda: pow(Nimber(3), 2, 5),
    lambda: grundy.rule(3),
    lambda: grundy.rule("0.6").sequence("ten"),
    lambda: grundy.rule("0.6").sequence(1.5),
    lambda: grundy.rule("0.6").sequence(None),
    lambda: grundy.rule("0.6").sequence(10)["3"],
    lambda: grundy.game("nim", 3.5),
    lambda: grundy.game("nim", [1], colour=2),
    lambda: grundy.game("nim", [1], k=2, width=3),
    lambda: grundy.Game(options=3),
    lambda: grundy.Game(options=lambda n: []).value([1]),
    lambda: grundy.Game(options=lambda n: 3).value(1),
    lambda: grundy.sum(3),
    lambda: grundy.nim_mul(np.array([1.5]), np.array([2.0])),
], ids=range(22))
def test_wrong_types_raise_type_error(call):
    with pytest.raises(TypeError):
        call()


@pytest.mark.parametrize("call", [
    lambda: Nimber(-1),
    lambda: Nimber(2**64),
    lambda: Nimber(3) * -1,
    lambda: Nimber("3 *"),
    lambda: grundy.rule("0.8x"),
    lambda: grundy.rule("0.6").sequence(-1),
    lambda: grundy.rule("0.6").sequence(2**70),
    lambda: grundy.game("nim", [1, -2]),
    lambda: grundy.nim_mul(np.array([-1]), np.array([2])),
], ids=range(9))
def test_bad_values_raise_value_error(call):
    with pytest.raises(ValueError):
        call()


def test_numpy_integers_index_without_the_array():
    # 10^12 values would need 4 TB as an array; one of them needs nothing.
    s = grundy.rule("kayles").sequence(10**12)
    with pytest.raises(ValueError, match="available"):
        s.values
    for i in (np.int64(10**12), np.uint64(10**12 - 5), np.int32(-1), 10**12):
        n = int(i) % (10**12 + 1)
        assert s[i] == s[n] == s._s.value(n)
        assert type(s[i]) is int
    with pytest.raises(IndexError):
        s[np.int64(10**12 + 1)]


def test_sums_inside_sums_never_reach_the_options_function():
    seen = []

    def options(n):
        seen.append(n)
        assert isinstance(n, int), n
        # Split n - 1 in two, one half written as a sum of its own.
        return [grundy.sum([a, grundy.sum([n - 1 - a, 0])]) for a in range(n)]

    g = grundy.Game(options=options)
    v = g.value(grundy.sum([4, grundy.sum([3, grundy.sum([2])])]))
    assert v == g.value(4) ^ g.value(3) ^ g.value(2)
    assert grundy.sum([1, grundy.sum([2, 3])]).parts == (1, 2, 3)
    assert grundy.sum([1, 2]) == grundy.sum([1, grundy.sum([2])]) and hash(grundy.sum([1, 2])) == hash((1, 2))
    nim = grundy.Game(options=lambda n: list(range(n)))
    wins = nim.winning_moves(grundy.sum([1, 2, 5]))
    assert wins == [grundy.sum([1, 2, 3])]
    assert all(nim.value(w) == 0 for w in wins)
    assert all(isinstance(n, int) for n in seen)


def test_one_dtype_for_every_sequence():
    for s in (grundy.rule("0.6").sequence(100),                  # rare/common engine
              grundy.rule("4.0").sequence(100, method="naive"),  # naive engine
              grundy.rule("kayles").sequence(10**5),             # the period fills the end
              grundy.rule("4!.0").sequence(70000)):              # values past 2^16
        assert s.values.dtype == np.uint32, s
