"""Nimbers: field laws, expressions, vectorised products."""

import random

import numpy as np
import pytest

import grundy
from grundy import Nimber


def test_small_products():
    assert Nimber(2) * Nimber(2) == Nimber(3)
    assert Nimber(4) * Nimber(4) == Nimber(6)
    assert Nimber(16) * Nimber(16) == Nimber(24)
    assert Nimber(5) + Nimber(3) == Nimber(6)
    assert str(Nimber(5)) == "*5" and Nimber(5)._repr_latex_() == "$*5$"


def test_field_laws():
    rng = random.Random(1)
    for _ in range(300):
        a, b, c = (Nimber(rng.getrandbits(64)) for _ in range(3))
        assert a * (b + c) == a * b + a * c
        assert (a * b) * c == a * (b * c)
        if b:
            assert (a / b) * b == a
            assert b * b.inverse() == Nimber(1)
            assert b ** -1 == b.inverse()
        assert a.sqrt() * a.sqrt() == a
        assert a ** 3 == a * a * a
        assert a ** (2**64 - 1) == (Nimber(1) if a else Nimber(0))


def test_expressions_and_errors():
    assert grundy.nimber("3*5 + 7") == Nimber(8)
    assert grundy.nimber("*3") == Nimber(3)
    with pytest.raises(grundy.GrundyError):
        grundy.nimber("3 *")
    with pytest.raises(ZeroDivisionError):
        Nimber(3) / 0
    with pytest.raises(ZeroDivisionError):
        Nimber(0).inverse()
    for bad in (-1, 2**64):
        with pytest.raises(ValueError):
            Nimber(3) * bad
    for bad in (1.5, "x", None, [1]):
        with pytest.raises(TypeError):
            Nimber(3) * bad
        with pytest.raises(TypeError):
            Nimber(3) + bad


def test_vectorised_products():
    rng = np.random.default_rng(5)
    a = rng.integers(0, 2**63, size=1000, dtype=np.uint64) * np.uint64(2)
    b = rng.integers(0, 2**63, size=1000, dtype=np.uint64)
    out = grundy.nim_mul(a, b)
    assert out.dtype == np.uint64 and out.shape == (1000,)
    for i in range(0, 1000, 97):
        assert int(out[i]) == int(Nimber(int(a[i])) * Nimber(int(b[i])))
    m = grundy.nim_mul(np.arange(16, dtype=np.uint64).reshape(4, 4), 2)
    assert m.shape == (4, 4) and int(m[1, 1]) == 10
    with pytest.raises(ValueError):
        grundy.nim_mul(np.array([-1, 2]), np.array([1, 2]))
    with pytest.raises(ValueError):
        grundy.nim_mul(np.array([1, 2, 3]), np.array([1, 2]))
