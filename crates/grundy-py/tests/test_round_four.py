"""Refusals up front in Python's own words, patterns of a user's own list,
long coin-turning rows, loopy values as a class, and the small things."""

import time

import pytest

import grundy


def test_a_run_past_memory_is_refused_at_once_with_the_estimate():
    t0 = time.monotonic()
    with pytest.raises(grundy.GrundyError, match=r"^to=1000000000000 needs about \d+ bytes \(.* GiB\) of memory, "
                       r"more than the \d+ bytes \(.* GiB\) available .*until_proven=True"):
        grundy.rule("0.6").sequence(10**12)
    assert time.monotonic() - t0 < 30  # a run to what memory holds takes minutes
    # A period proven on the way still gives every value.

    s = grundy.rule("0.77").sequence(10**12)
    assert s[10**12] == s[71 + (10**12 - 71) % 12]


@pytest.mark.parametrize("call,words", [
    (lambda: grundy.rule("0.6").sequence(10**30), "to=1000000000000000000000000000000: give a whole number from 0"),
    (lambda: grundy.rule("0.6").sequence(-1), "to=-1: give a whole number from 0"),
    (lambda: grundy.rule("0.6").sequence(5, threads=0), "threads=0: give between 1 and 1024"),
    (lambda: grundy.rule("0.77").genus(5, start=-2), "start=-2: give a whole number from 0"),
])
def test_messages_name_pythons_arguments(call, words):
    with pytest.raises(grundy.GrundyError) as e:
        call()
    assert str(e.value).startswith(words) and "--" not in str(e.value)


@pytest.mark.parametrize("call", [
    lambda: grundy.load_sequence(None),
    lambda: grundy.game("nim", [1, 2]).play(None),
    lambda: grundy.game("nim", [1, 2]).at(None),
    lambda: grundy.game("kayles", None),
    lambda: grundy.pattern(None),
    lambda: grundy.pattern("0 1 2"),
])
def test_none_is_a_type_error(call):
    with pytest.raises(TypeError):
        call()


def test_the_example_position_only_when_left_out():
    assert grundy.game("kayles").text == "3 5" and grundy.game("nim", []).text == ""


def test_the_pattern_of_a_users_own_list():
    kayles = grundy.Game(lambda n: [(a, n - t - a) for t in (1, 2) for a in range(n - t + 1)], splits=True)
    found = grundy.pattern([kayles.value(n) for n in range(300)])
    assert (found[0]["kind"], found[0]["formula"], found[0]["status"]) == (
        "period", "G(n + 12) = G(n) for n >= 71", "observed")
    # The command line's findings on the same numbers, from numpy's too.
    np = pytest.importorskip("numpy")
    assert grundy.pattern(np.array([n % 5 for n in range(50)]), start=3)[0]["formula"] == "G(n + 5) = G(n) for n >= 3"
    with pytest.raises(grundy.GrundyError):
        grundy.pattern([1, -1])


def test_the_pattern_is_the_command_lines(cli):
    import json
    import subprocess
    values = grundy.rule("0.07").sequence(200).values.tolist()
    out = subprocess.run([cli, "pattern", "-", "--json"], input=" ".join(map(str, values)),
                         capture_output=True, text=True, check=True)
    assert grundy.pattern(values) == json.loads(out.stdout)["findings"]


def test_mogul_at_40_coins():
    values = grundy.coin_values("mogul", 40)
    assert values[:13] == [0, 1, 2, 4, 8, 16, 32, 64, 127, 128, 256, 512, 911]
    assert values[40] == 127012
    with pytest.raises(grundy.GrundyError, match=r"too long to play \(grundy.coin_values\(CODE, N\)"):
        grundy.game("turning", "T" * 39 + "H", variant="mogul")
    # A row that plays: its value is the nim-sum of its heads' values.
    row = grundy.game("turning", "HTTHH", variant="mogul")
    assert row.value == values[1] ^ values[4] ^ values[5]


def test_loopy_values_are_a_class():
    q = grundy.game("windup", [1], variant="7:2,3")
    assert q.value is None and q.loopy_value == grundy.Infinite([0])
    assert str(q.loopy_value) == "∞(0)" and q.loopy_value.finite == (0,)
    assert str(grundy.game("wind-up", [2], variant="10:3,4").loopy_value) == "∞(∅)"
    assert grundy.game("nim", [1, 2]).loopy_value == 3
    assert "∞(0)" in q._repr_html_()


def test_small_things():
    assert grundy.__version__.count(".") == 2
    assert grundy.Nimber(3)._repr_html_() == "<code>*3</code>"

    def moves(n):
        return [n - 1] if n else []
    g = grundy.Game(moves, splits=False)
    g.value(3)
    assert repr(g) == "<grundy.Game options=test_small_things.<locals>.moves, 4 positions known>"
    s = grundy.rule("0.6").sequence(5)
    assert s.cells.tolist() == s.values.tolist() and s.cells.format == "I"
