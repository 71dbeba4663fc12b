"""Sequence.from_values: a user's own values as a sequence, with what a
rule's sequence offers; periods only observed, checked against a plain
search over random lists; what needs a rule and input that is not values
refused in one line naming ``values``."""

import copy
import json
import pickle
import random
import subprocess

import numpy as np
import pytest

import grundy
from grundy import GrundyError, Sequence


def kayles(count):
    return grundy.rule("0.77").sequence(count - 1).values.tolist()


def test_kayles_first_300_values_as_a_plain_list(cli):
    values = kayles(300)
    assert all(type(v) is int for v in values)
    s = Sequence.from_values(values)
    ours = grundy.rule("0.77").sequence(299)
    # Kayles: G(n + 12) = G(n) from n = 71 on; G(70) = 6 is the last
    # exception (G(82) = 2).
    assert (ours.period, ours.preperiod, ours.status) == (12, 71, "proven")
    assert (values[70], values[82]) == (6, 2)
    assert all(values[n + 12] == values[n] for n in range(71, 288))
    assert (s.period, s.preperiod, s.saltus, s.status) == (12, 71, 0, "observed")
    assert s.proved_at is None and s.has_rule is False and ours.has_rule is True
    assert len(s) == 300 and s.to == 299 and s.computed == 299
    assert s.values.tolist() == values and s.cells.tolist() == values
    assert s[0] == 0 and s[-1] == values[-1] and s[71] == values[71]
    assert s[10:20].tolist() == values[10:20]
    assert s.checksum == ours.checksum
    mine, theirs = s.stats, ours.stats
    assert (mine["engine"], mine["rc"]) == ("given", None)
    for key in ("max_value", "max_value_at", "value_counts", "p_count"):
        assert mine[key] == theirs[key], key
    assert repr(s) == "<sequence of given values G(0..=299), period 12 from 71 (observed)>"
    assert "period 12 from 71" in s._repr_html_()
    # The patterns are grundy.pattern's and the command line's from
    # standard input, all observed, where the rule's own period is proven.
    found = s.pattern()
    assert found == grundy.pattern(values)
    out = subprocess.run([cli, "pattern", "-", "--json"], input=" ".join(map(str, values)),
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["findings"] == found
    assert found[0]["formula"] == ours.pattern()[0]["formula"] == "G(n + 12) = G(n) for n >= 71"
    assert found and all(f["status"] == "observed" for f in found), found
    assert ours.pattern()[0]["status"] == "proven"


@pytest.mark.parametrize("code,to", [("0.07", 600), ("0.137", 600), ("sub:1,3,4", 100),
                                     ("sub:2,5,7", 200), ("0.8", 300), ("0.51", 400), ("take:2..5", 200)])
def test_a_rules_values_give_the_rules_period(code, to):
    theirs = grundy.rule(code).sequence(to)
    assert theirs.period is not None, code
    s = Sequence.from_values(theirs.values)
    assert (s.period, s.preperiod, s.saltus) == (theirs.period, theirs.preperiod, theirs.saltus), code
    assert s.status == "observed" and s.proved_at is None
    assert s.checksum == theirs.checksum
    assert s.values.tolist() == theirs.values.tolist()


def test_nothing_is_claimed_past_the_values_or_proven(tmp_path):
    s = Sequence.from_values(kayles(400))
    assert s.status != "proven" and s.proved_at is None
    assert all(f["status"] == "observed" for f in s.pattern())
    with pytest.raises(IndexError):
        s[400]
    with pytest.raises(GrundyError, match="past the last"):
        s._s.value(400)
    # What needs a rule is refused in one line, and no file is written.
    with pytest.raises(GrundyError, match="^rule: values given to Sequence.from_values have no rule$"):
        s.rule
    path = tmp_path / "mine.gsq"
    with pytest.raises(GrundyError, match="^save: a sequence file names its rule, and values given to Sequence.from_values have none$"):
        s.save(path)
    assert not path.exists()


def test_values_are_a_read_only_view_and_pickle_as_given():
    values = [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2]
    s = Sequence.from_values(values)
    v = s.values
    assert v.dtype == np.uint32 and not v.flags.writeable and v.base is s._s
    with pytest.raises(ValueError):
        v[0] = 5
    for t in (pickle.loads(pickle.dumps(s)), copy.deepcopy(s)):
        assert t.values.tolist() == values and not t.has_rule
        assert (t.period, t.preperiod, t.status, t.checksum) == (3, 0, "observed", s.checksum)
        assert repr(t) == repr(s)
    # A pickle that does not hold together is refused.
    with pytest.raises(GrundyError):
        grundy._grundy._sequence_restore(None, 5, b"\x00" * 8, None, "{}")


def test_any_iterable_and_numpy_integer_arrays_give_the_same_sequence():
    values = [3, 1, 4, 1, 5, 9, 2, 6] + [5, 3] * 20
    want = Sequence.from_values(values)
    assert (want.period, want.preperiod) == (2, 8)
    sources = [tuple(values), iter(values), (v for v in values), [np.int64(v) for v in values],
               [grundy.Nimber(v) for v in values], np.array(values, dtype=object)]
    for dtype in (np.uint8, np.int8, np.uint16, np.int16, np.uint32, np.int32, np.uint64, np.int64, ">i4"):
        sources.append(np.array(values, dtype=dtype))
    doubled = np.array([x for v in values for x in (v, 99)])
    sources.append(doubled[::2])  # not contiguous
    for given in sources:
        s = Sequence.from_values(given)
        assert s.values.tolist() == values, type(given)
        assert (s.period, s.preperiod, s.checksum) == (want.period, want.preperiod, want.checksum)
    assert Sequence.from_values(range(5)).values.tolist() == [0, 1, 2, 3, 4]
    top = Sequence.from_values([2**32 - 1, 0])
    assert top[0] == 2**32 - 1 and top.stats["max_value"] == 2**32 - 1


@pytest.mark.parametrize("values,error", [
    (None, TypeError),
    ("0 1 2", TypeError),
    (b"\x00\x01", TypeError),
    (bytearray(b"\x01"), TypeError),
    ({1, 2}, TypeError),
    ({0: 1}, TypeError),
    (7, TypeError),
    ([0, 1.0], TypeError),
    ([0, 1.5], TypeError),
    ([0, None], TypeError),
    ([True, 0], TypeError),
    ([0, False], TypeError),
    ([0, np.True_], TypeError),
    ([0, "1"], TypeError),
    ([0, [1]], TypeError),
    (np.array([0.0, 1.0]), TypeError),
    (np.array([True, False]), TypeError),
    (np.array([[0, 1], [1, 0]]), TypeError),
    (np.array(3), TypeError),
    (np.array(["0", "1"]), TypeError),
    (np.array([0, True], dtype=object), TypeError),
    ([0, -1], GrundyError),
    ([2**32], GrundyError),
    ([2**64], GrundyError),
    ([0, 10**100], GrundyError),
    (np.array([0, -1]), GrundyError),
    (np.array([2**32], dtype=np.uint64), GrundyError),
    (np.array([-(2**63)], dtype=np.int64), GrundyError),
    ([], GrundyError),
    (iter([]), GrundyError),
    (np.array([], dtype=np.int64), GrundyError),
])
def test_what_is_not_values_is_refused_naming_values(values, error):
    with pytest.raises(error) as e:
        Sequence.from_values(values)
    message = str(e.value)
    assert message.startswith("values"), message
    assert "\n" not in message and len(message) < 200, message
    if error is GrundyError:
        assert isinstance(e.value, ValueError)


def test_messages_say_which_value_and_why():
    with pytest.raises(GrundyError, match=r"^values: item 2 is -3; give whole numbers from 0 to 2\^32 - 1"):
        Sequence.from_values([0, 1, -3])
    with pytest.raises(TypeError, match=r"^values: item 1 is True, not a number"):
        Sequence.from_values([0, True])
    with pytest.raises(TypeError, match=r"^values: item 1 \(2\.0\) is not a whole number"):
        Sequence.from_values([0, 2.0])
    with pytest.raises(GrundyError, match=r"^values: none given"):
        Sequence.from_values([])
    with pytest.raises(GrundyError, match=r"^values: item 0 is 1000000000000"):
        Sequence.from_values(np.array([10**12, 0]))
    with pytest.raises(TypeError, match=r"^values: an array of float64, not of whole numbers"):
        Sequence.from_values(np.zeros(3))


def test_a_lying_length_and_a_failing_iterable():
    class Lying:
        def __len__(self):
            return 2**62

        def __iter__(self):
            return iter([0, 1, 0, 1])

    assert Sequence.from_values(Lying()).values.tolist() == [0, 1, 0, 1]

    def broken():
        yield 0
        raise RuntimeError("disk gone")

    with pytest.raises(RuntimeError, match="disk gone"):
        Sequence.from_values(broken())


def test_short_lists():
    one = Sequence.from_values([5])
    assert (len(one), one.to, one.period, one.preperiod, one.status) == (1, 0, None, None, "none")
    assert one.pattern() == [] and one.stats["value_counts"] == [[5, 1]] and one.stats["p_count"] == 0
    assert repr(one) == "<sequence of given values G(0..=0), no period found>"
    two = Sequence.from_values([0, 0])
    assert (two.period, two.preperiod, two.status) == (1, 0, "observed")


def test_a_growing_pattern_is_an_arithmetic_period():
    lasker = grundy.rule("lasker").sequence(200)
    s = Sequence.from_values(lasker.values)
    assert (s.period, s.preperiod, s.saltus, s.status) == (4, 1, 4, "observed")
    assert (lasker.period, lasker.preperiod, lasker.saltus) == (4, 1, 4)
    assert repr(s) == "<sequence of given values G(0..=200), period 4 (saltus 4) from 1 (observed)>"


# A plain search, straight from the definition the docstring gives: the
# longest tail holding at least two whole periods, its least period,
# counted when it covers a quarter of the values; a saltus looked for on
# the first differences when the values are not plainly periodic from 0.

def brute_tail(s):
    n = len(s)
    for start in range(n):
        for p in range(1, (n - start) // 2 + 1):
            if all(s[i] == s[i + p] for i in range(start, n - p)):
                return start, p
    return None


def convincing(n, start, p):
    return n - start >= 2 * p and 4 * (n - start) >= n


def brute_periodicity(s):
    n = len(s)
    plain = brute_tail(s)
    if plain is not None and not convincing(n, *plain):
        plain = None
    if n >= 2 and (plain is None or plain[0] > 0):
        found = brute_tail([s[i + 1] - s[i] for i in range(n - 1)])
        if found is not None:
            n0, p = found
            saltus = s[n0 + p] - s[n0]
            if saltus != 0 and (plain is None or n0 < plain[0]) and convincing(n - 1, n0, p):
                return n0, p, saltus
    if plain is not None:
        return plain[0], plain[1], 0
    return None


def holds(s, n0, p, saltus):
    return all(s[i + p] == s[i] + saltus for i in range(n0, len(s) - p))


def random_list(rng):
    """A list with a pattern more often than not: a random preperiod, a
    block repeated (growing by a saltus now and then), noise at the end."""
    alphabet = rng.choice([1, 2, 3, 5, 40])
    pre = [rng.randrange(alphabet) for _ in range(rng.randrange(0, 20))]
    block = [rng.randrange(alphabet) for _ in range(rng.randrange(1, 8))]
    saltus = rng.choice([0, 0, 0, 1, 3])
    body = [v + saltus * (i // len(block)) for i in range(rng.randrange(0, 50)) for v in [block[i % len(block)]]]
    tail = [rng.randrange(alphabet) for _ in range(rng.choice([0, 0, 0, 1, 3]))]
    values = pre + body + tail
    return values or [rng.randrange(alphabet)]


def test_random_lists_against_a_plain_search():
    rng = random.Random(53)
    kinds = {"plain": 0, "arithmetic": 0, "none": 0}
    for _ in range(2500):
        values = random_list(rng)
        s = Sequence.from_values(values)
        want = brute_periodicity(values)
        got = None if s.period is None else (s.preperiod, s.period, s.saltus)
        assert got == want, values
        assert s.status == ("none" if want is None else "observed") and s.proved_at is None
        if got is None:
            kinds["none"] += 1
            continue
        n0, p, saltus = got
        kinds["plain" if saltus == 0 else "arithmetic"] += 1
        # It holds on the list, and no shorter period from the same
        # preperiod, nor the same period from an earlier one, does.
        assert holds(values, n0, p, saltus), values
        assert not any(holds(values, n0, q, saltus) for q in range(1, p) if 2 * q <= len(values) - n0), values
        if n0 > 0 and saltus == 0:
            assert not holds(values, n0 - 1, p, 0), values
        assert s.checksum == Sequence.from_values(np.array(values, dtype=np.uint32)).checksum
        assert len(s) == len(values) and s.values.tolist() == values
    # The lists draw every case many times.
    assert min(kinds.values()) >= 100, kinds
