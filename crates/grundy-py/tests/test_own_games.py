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


def plain_values(options, to):
    """G(0..to) by the textbook mex recursion, bottom-up, options as lists
    of parts."""
    g = []
    for n in range(to + 1):
        seen = {0 if not parts else __import__("functools").reduce(lambda a, b: a ^ b, (g[p] for p in parts))
                for parts in options(n)}
        m = 0
        while m in seen:
            m += 1
        g.append(m)
    return g


def test_random_games_in_every_form_and_order_agree_with_the_mex_recursion():
    import random

    rng = random.Random(7)
    for case in range(40):
        subtract = sorted(rng.sample(range(1, 12), rng.randint(1, 4)))
        split = rng.random() < 0.5
        to = rng.randint(0, 150)

        def parts_of(n, subtract=subtract, split=split):
            out = []
            for s in subtract:
                if s <= n:
                    out.append((n - s,))
                    if split and n - s >= 2:
                        out.append((1, n - s - 1))
            return out

        want = plain_values(parts_of, to)
        as_tuples = grundy.Game(parts_of, splits=True)
        as_sums = grundy.Game(lambda n: [grundy.sum(list(p)) if len(p) > 1 else p[0] for p in parts_of(n)])
        order = list(range(to + 1))
        rng.shuffle(order)
        for g in (as_tuples, as_sums):
            assert [g.value(n) for n in order] == [want[n] for n in order], (subtract, split)
            assert g.known == to + 1 or g.known >= len(order)
        for n in rng.sample(order, min(5, len(order))):
            wins = as_tuples.winning_moves(n)
            assert all(isinstance(w, tuple) for w in wins)
            assert sorted(wins) == sorted(p for p in parts_of(n) if plain_xor(want, p) == 0)


def plain_xor(g, parts):
    v = 0
    for p in parts:
        v ^= g[p]
    return v


def test_splits_accept_empty_options_bare_numbers_and_refuse_other_things():
    # Take the whole heap (leaving nothing) or one counter.
    g = grundy.Game(lambda n: [()] + ([n - 1] if n else []), splits=True)
    assert [g.value(n) for n in range(4)] == [1, 2, 1, 2]
    assert g.winning_moves(2) == [()]
    with pytest.raises(TypeError, match="tuple of the parts"):
        grundy.Game(lambda n: ["ab"], splits=True).value(1)


def test_numbers_of_every_size_and_other_positions_share_one_memo():
    # Moves n -> n // 2 and n // 3 (a sparse game) from far past the table
    # of whole numbers, then small ones, negative and huge ones, and
    # positions that are not numbers.
    def options(n):
        if isinstance(n, str):
            return [len(n)]
        return [n // 2, n // 3] if n > 0 else ([] if n == 0 else [n + 1])

    def plain(n, memo={}):
        if n not in memo:
            opts = [len(n)] if isinstance(n, str) else ([n // 2, n // 3] if n > 0 else ([] if n == 0 else [n + 1]))
            seen = {plain(o) for o in opts}
            m = 0
            while m in seen:
                m += 1
            memo[n] = m
        return memo[n]

    g = grundy.Game(options)
    for n in [10**15, 3 * 10**7, 5, -3, 2**70, 0, 10**6, "kayles", 2**21 + 1, 17]:
        assert g.value(n) == plain(n), n
    before = g.known
    assert g.value(10**15) == plain(10**15) and g.known == before  # memoised


def test_numpy_arrays_of_options():
    np = pytest.importorskip("numpy")
    squares = np.array([k * k for k in range(1, 40)])

    def square_options(n):
        return n - squares[: int(n**0.5)]

    g = grundy.Game(square_options)
    s = grundy.rule("sub:" + ",".join(str(k * k) for k in range(1, 40))).sequence(1000)
    assert [g.value(n) for n in range(1001)] == s.values.tolist()
    assert all(type(w) is int and g.value(w) == 0 for w in g.winning_moves(1000))

    def kayles_rows(n):
        a, b = np.arange(n, dtype=np.int32), np.arange(max(n - 1, 0), dtype=np.int32)
        return np.concatenate([np.column_stack([a, n - 1 - a]), np.column_stack([b, n - 2 - b])]).reshape(-1, 2)

    k = grundy.Game(kayles_rows)
    assert [k.value(n) for n in range(81)] == grundy.rule("kayles").sequence(80).values.tolist()
    assert k.winning_moves(5) == [grundy.sum([2, 2])]
    assert grundy.Game(kayles_rows, splits=True).winning_moves(5) == [(2, 2)]
    with pytest.raises(TypeError, match="whole numbers"):
        grundy.Game(lambda n: np.array([0.5])).value(1)
    with pytest.raises(TypeError, match="two dimensions"):
        grundy.Game(lambda n: np.zeros((1, 1, 1), dtype=np.int64)).value(1)


def test_pickled_games_keep_their_form():
    import pickle

    g = pickle.loads(pickle.dumps(grundy.Game(kayles_parts, splits=True)))
    assert g.value(10) == grundy.rule("kayles").sequence(10).values.tolist()[10]


def kayles_parts(n):
    return [(a, n - t - a) for t in (1, 2) if t <= n for a in range(n - t + 1)]
