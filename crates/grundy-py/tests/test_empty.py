"""The empty position (no heaps, no coins, no chips) is a position like any
other: given as a list, as text or as JSON, reached by play, read back."""

import pickle

import pytest

import grundy

LISTS = [("nim", {}), ("kayles", {}), ("heap", {"rule": "0.07"}), ("staircase", {}),
         ("nimble", {}), ("nimble2", {}), ("moore", {"k": 2}),
         ("chips", {"graph": "a b;b c"})]


@pytest.mark.parametrize("family,variant", LISTS)
@pytest.mark.parametrize("empty", [[], (), "", "[]"])
def test_empty_positions_start(family, variant, empty):
    p = grundy.game(family, empty, **variant)
    assert p.is_over and p.outcome == "P" and p.value in (0, None)
    assert p.winning_moves() == [] and p.moves() == []
    assert p.at(p.json).outcome == "P" and p.at(empty).is_over
    assert pickle.loads(pickle.dumps(p)).is_over
    assert p.explain() and p._repr_html_() and p.svg().startswith("<svg")


def test_empty_positions_are_reached_and_read_back():
    p = grundy.game("kayles", [1]).play("take 1 from the heap of 1")
    assert p.text == "" and p.json == [] and p.is_over
    assert grundy.game("kayles", p.json).is_over
    assert grundy.game("nim", [2]).at([]).value == 0
    assert grundy.rule("0.6").game([]).value == 0
    assert grundy.game("kayles", [1]).play([]).is_over  # the whole position a move leaves


def test_empty_sums_and_sequences():
    g = grundy.Game(options=lambda n: [n - 1] if n else [])
    assert g.value(grundy.sum([])) == 0
    assert grundy.rule("0.6").sequence(0).values.tolist() == [0]


def test_games_without_an_empty_position_say_so():
    for family in ("wythoff", "euclid"):
        with pytest.raises(grundy.GrundyError):
            grundy.game(family, [])
