"""Misère play of a user's own Game, position by position and in sums,
against a plain misère recursion written here and against the built-in
families' misère play."""

import functools
import pickle

import pytest

import grundy


def brute(options):
    """The misère outcome of a sum of positions by the definition: with no
    move at all the player to move wins; else P exactly when every move
    leaves an N-position. ``options(p)`` gives tuples of the parts a move
    leaves."""

    @functools.lru_cache(maxsize=None)
    def is_p(parts):
        moves = [tuple(sorted(parts[:i] + o + parts[i + 1:]))
                 for i, p in enumerate(parts) for o in options(p)]
        if not moves:
            return False
        return all(not is_p(m) for m in moves)

    return lambda parts: is_p(tuple(sorted(parts)))


def subtraction(n):  # take 1, 3 or 4
    return [(n - k,) for k in (1, 3, 4) if k <= n]


def nim(n):
    return [(k,) for k in range(n)]


def kayles(n):  # knock down one pin or two adjacent ones
    return [tuple(x for x in (a, n - t - a) if x) for t in (1, 2) for a in range(n - t + 1)]


def dawson(n):  # 0.07: take two from a heap, splitting the rest in two
    return [tuple(x for x in (a, n - 2 - a) if x) for a in range(n - 1)]


def as_game(options, style):
    """The game of ``options`` given to grundy.Game as one position an
    option (no split), as tuples of parts, or as grundy.sum."""
    if style == "plain":
        return grundy.Game(lambda n: [o[0] for o in options(n)], misere=True)
    if style == "tuples":
        return grundy.Game(options, splits=True, misere=True)
    return grundy.Game(lambda n: [grundy.sum(o) for o in options(n)], misere=True)


GAMES = [
    ("subtraction", subtraction, "plain", 40),
    ("nim", nim, "plain", 12),
    ("kayles", kayles, "tuples", 30),
    ("dawson", dawson, "sum", 30),
]


@pytest.mark.parametrize("name,options,style,top", GAMES, ids=[g[0] for g in GAMES])
def test_single_positions_and_their_winning_moves(name, options, style, top):
    g, is_p = as_game(options, style), brute(options)
    for n in range(top + 1):
        assert g.outcome(n) == ("P" if is_p((n,)) else "N"), n
        won = [o if isinstance(o, tuple) else o.parts if isinstance(o, grundy.Sum) else (o,)
               for o in g.winning_moves(n)]
        assert won == [o for o in options(n) if is_p(o)], n


@pytest.mark.parametrize("name,options,style,top", GAMES, ids=[g[0] for g in GAMES])
def test_sums_and_their_winning_moves(name, options, style, top):
    g, is_p = as_game(options, style), brute(options)
    small = range(min(top, 9) + 1)
    for a in small:
        for b in small:
            for c in (0, 1, 2, 5):
                parts = (a, b, c)
                s = grundy.sum(parts)
                assert g.outcome(s) == ("P" if is_p(parts) else "N"), parts
                for m in g.winning_moves(s):
                    assert isinstance(m, grundy.Sum) and is_p(tuple(m.parts)), (parts, m)
                # Every winning move is found: the count of moves that leave
                # a P-position.
                wins = sum(1 for i, p in enumerate(parts) for o in options(p)
                           if is_p(parts[:i] + o + parts[i + 1:]))
                assert len(g.winning_moves(s)) == wins, parts


def test_misere_nim_follows_boutons_rule():
    g = grundy.Game(lambda n: range(n), misere=True)
    # (1, 1): the player to move takes one heap and leaves the last token
    # to the other, who must take it and lose.
    assert g.outcome(grundy.sum([1, 1])) == "N" and g.outcome(1) == "P" and g.outcome(0) == "N"
    for heaps in [(1, 1, 1), (2, 2), (1, 2, 3), (3, 4, 5), (1, 1, 2), (4, 4, 1, 1)]:
        x = functools.reduce(lambda u, v: u ^ v, heaps)
        p = x == 1 if max(heaps) <= 1 else x == 0
        assert g.outcome(grundy.sum(heaps)) == ("P" if p else "N"), heaps
    assert g.winning_moves(grundy.sum([1, 1])) == [grundy.sum([0, 1]), grundy.sum([1, 0])]


def test_the_same_as_the_built_in_families():
    k = as_game(kayles, "tuples")
    for heaps in [(3,), (5,), (4, 4), (2, 3, 6), (7, 1, 1), (12,), (9, 9)]:
        built_in = grundy.game("kayles", list(heaps), misere=True)
        assert k.outcome(grundy.sum(heaps)) == built_in.outcome, heaps
        assert (len(k.winning_moves(grundy.sum(heaps))) > 0) == (built_in.outcome == "N")


def test_positions_of_any_hashable_type():
    # A row of pins as text; knocking one down splits the row.
    def rows(p):
        return [tuple(x for x in (p[:i], p[i + 1:]) if x) for i in range(len(p))]
    g = grundy.Game(rows, splits=True, misere=True)
    one_pin = brute(lambda n: [tuple(x for x in (a, n - 1 - a) if x) for a in range(n)])
    for n in range(10):
        assert g.outcome("x" * n) == ("P" if one_pin((n,)) else "N")


def test_refusals():
    g = grundy.Game(lambda n: range(n), misere=True)
    with pytest.raises(grundy.GrundyError, match="misère game has no Grundy value"):
        g.value(3)
    with pytest.raises(grundy.GrundyError, match="reached from itself"):
        grundy.Game(lambda n: [n], misere=True).outcome(1)
    with pytest.raises(grundy.GrundyError, match=r"more than 50: raise max_positions"):
        grundy.Game(lambda n: range(n), max_positions=50, misere=True).outcome(grundy.sum([5, 5, 5, 5]))
    with pytest.raises(TypeError, match="misere='yes': give True or False"):
        grundy.Game(lambda n: range(n), misere="yes")

    def broken(n):
        if n == 2:
            raise ZeroDivisionError("the user's own error")
        return range(n)
    with pytest.raises(ZeroDivisionError):
        grundy.Game(broken, misere=True).outcome(grundy.sum([3, 1]))
    # After an error the game goes on answering.
    assert g.outcome(grundy.sum([2, 2])) == "P"


def test_pickles_and_repr_keep_the_convention():
    g = grundy.Game(nim, splits=True, misere=True)
    assert g.misere and not grundy.Game(nim).misere
    assert repr(g).startswith("<grundy.Game options=nim, splits=True, misere=True,")
    h = pickle.loads(pickle.dumps(g))
    assert h.misere and h.outcome(grundy.sum([1, 1, 1])) == "P"
    # Normal play is as before.
    assert grundy.Game(nim, splits=True).outcome(grundy.sum([1, 1, 1])) == "N"


def test_ctrl_c_stops_a_long_search():
    import os
    import subprocess
    import time

    # Misère Kayles from a row of 60 pins: about a million sums, a minute
    # and more of search on options read long before. The search holds the
    # GIL (the options function needs it), so the signal comes from another
    # process.
    g = grundy.Game(kayles, splits=True, misere=True)
    t0 = time.monotonic()
    killer = subprocess.Popen(["sh", "-c", f"sleep 0.5; kill -INT {os.getpid()}"])
    try:
        with pytest.raises(KeyboardInterrupt):
            g.outcome(60)
        assert time.monotonic() - t0 < 5
    finally:
        killer.wait()
    # Nothing half-searched was kept.
    assert [g.outcome(n) for n in range(16)] == ["P" if brute(kayles)((n,)) else "N" for n in range(16)]
