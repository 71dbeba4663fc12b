"""Hostile input raises ValueError (GrundyError) with the command line's
message, and never brings the interpreter down."""

import subprocess

import pytest

import grundy


def cli_error(cli, *args):
    out = subprocess.run([cli, *args], capture_output=True, text=True)
    assert out.returncode != 0
    line = out.stderr.strip().splitlines()[0]
    assert line.startswith("grundy: error: ")
    return line[len("grundy: error: "):]


def test_rule_errors_are_the_command_lines(cli):
    for bad in ("0.8x", "sub:", "4!!.0", "", "allbut:0"):
        with pytest.raises(grundy.GrundyError) as e:
            grundy.rule(bad)
        if bad:
            assert str(e.value) == cli_error(cli, "seq", bad, "--to", "5")


def test_game_errors_are_the_command_lines(cli):
    with pytest.raises(grundy.GrundyError) as e:
        grundy.game("nim", "3 x")
    assert str(e.value) == cli_error(cli, "nim", "3", "x")
    with pytest.raises(ValueError, match="no family"):
        grundy.game("chess")
    with pytest.raises(ValueError):
        grundy.game("moore", [1, 2], k=0)
    with pytest.raises(TypeError):
        grundy.game("nim", [1], k=2, width=3)
    with pytest.raises(ValueError):
        grundy.game("nim", [3]).play("7 -> 1")
    # Chips that coexist take a graph with a cycle (Smith's values); chips
    # that annihilate do not.
    with pytest.raises(ValueError, match="without cycles"):
        grundy.game("chips-annihilate", "a", graph="a b;b a")


@pytest.mark.parametrize("to,error", [(-1, ValueError), (2**70, ValueError), ("ten", TypeError),
                                      (1.5, TypeError), (None, TypeError)])
def test_bad_sequence_lengths(to, error):
    with pytest.raises(error):
        grundy.rule("0.6").sequence(to)


def test_huge_sequences_are_refused_up_front():
    with pytest.raises(ValueError, match="memory|too large"):
        grundy.rule("0.6").sequence(2**40)


def test_bad_files(tmp_path):
    p = tmp_path / "junk.gsq"
    p.write_bytes(b"\x00" * 100)
    with pytest.raises(ValueError):
        grundy.load_sequence(p)
    with pytest.raises(ValueError):
        grundy.load_sequence(tmp_path / "missing.gsq")
    with pytest.raises(ValueError):
        grundy.rule("0.6").sequence(10, out=tmp_path / "no" / "dir.gsq")
    with pytest.raises(ValueError):
        grundy.rule("0.6").sequence(10, out=tmp_path)


def test_many_random_strings_never_crash():
    import random

    rng = random.Random(3)
    alphabet = "0123456789.!-:,;[] xXO#/abk\n\x00é"
    for _ in range(300):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
        family = rng.choice([f["name"] for f in grundy.families()])
        try:
            p = grundy.Position(grundy._grundy.Position(family, text if rng.random() < 0.3 else "", text, False))
            p.value
            p.moves()
        except ValueError:
            pass
        try:
            grundy.rule(text).sequence(50)
        except ValueError:
            pass
        try:
            grundy.nimber(text)
        except (ValueError, ZeroDivisionError):
            pass


def test_doctests():
    import doctest

    import grundy as g

    failures, tried = doctest.testmod(g, optionflags=doctest.ELLIPSIS)
    assert tried > 20 and failures == 0
    failures, tried = doctest.testmod(g._values, optionflags=doctest.ELLIPSIS)
    assert tried >= 5 and failures == 0
