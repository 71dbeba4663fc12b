"""Games given by a Python function."""

import sys

import pytest

import grundy


def kayles(n):
    return [grundy.sum([a, n - t - a]) for t in (1, 2) if t <= n for a in range(n - t + 1)]


def test_kayles_as_a_function_agrees_with_the_library():
    g = grundy.Game(options=kayles)
    s = grundy.rule("kayles").sequence(80)
    assert [g.value(n) for n in range(81)] == s.values.tolist()
    assert g.value(grundy.sum([3, 5])) == grundy.game("kayles", [3, 5]).value
    assert g.calls == 81 and g.known == 81


def test_subtraction_game_and_winning_moves():
    g = grundy.Game(options=lambda n: [n - k for k in (1, 3, 4) if k <= n])
    s = grundy.rule("sub:1,3,4").sequence(50)
    assert [g.value(n) for n in range(51)] == s.values.tolist()
    assert g.winning_moves(9) == [7] or all(g.value(m) == 0 for m in g.winning_moves(9))


def test_deep_games_do_not_overflow_the_stack():
    g = grundy.Game(options=lambda n: [n - 1] if n else [])
    assert g.value(200_000) == 0
    assert sys.getrecursionlimit() < 200_000


def test_tuples_and_frozensets_as_positions():
    # Nim on tuples of heaps.
    def nim(p):
        return [tuple(sorted(p[:i] + (k,) + p[i + 1:])) for i in range(len(p)) for k in range(p[i])]

    g = grundy.Game(options=nim)
    assert g.value((1, 2, 3)) == 0 and g.value((2, 3, 4)) == 5


def test_hostile_games_raise():
    with pytest.raises(ValueError, match="reached from itself"):
        grundy.Game(options=lambda n: [n]).value(1)
    with pytest.raises(TypeError, match="not hashable"):
        grundy.Game(options=lambda n: [[1]]).value(1)
    with pytest.raises(TypeError, match="not an iterable"):
        grundy.Game(options=lambda n: 3).value(1)
    with pytest.raises(ZeroDivisionError):
        grundy.Game(options=lambda n: [1 / 0]).value(1)
    with pytest.raises(ValueError, match="positions"):
        grundy.Game(options=lambda n: [n + 1], max_positions=1000).value(0)
    with pytest.raises(TypeError):
        grundy.Game(options=3)
