"""Objects shared between threads, and sent to other processes by pickle."""

import multiprocessing
import pickle
from concurrent.futures import ThreadPoolExecutor

import numpy as np

import grundy

CODES = ["0.07", "0.6", "0.137", "0.77", "4.0", "sub:1,3,4", "0.16", "0.35"]
TO = 3000


def expected():
    return {c: grundy.rule(c).sequence(TO).values.tolist() for c in CODES}


def subtract_134(n):
    return [n - k for k in (1, 3, 4) if k <= n]


def kayles(n):
    return [grundy.sum([a, n - t - a]) for t in (1, 2) if t <= n for a in range(n - t + 1)]


def test_sequences_made_on_other_threads_are_usable_here(tmp_path):
    want = expected()
    with ThreadPoolExecutor(8) as pool:
        got = dict(zip(CODES, pool.map(lambda c: grundy.rule(c).sequence(TO, threads=1), CODES)))
    for c in CODES:
        s = got[c]
        assert s.values.tolist() == want[c], c
        assert len(s) == TO + 1 and s[TO] == want[c][TO]
        s.save(tmp_path / "s.gsq")
        assert grundy.load_sequence(tmp_path / "s.gsq").values.tolist() == want[c]


def test_one_object_shared_by_eight_threads():
    rule = grundy.rule("0.6")
    seq = rule.sequence(TO)
    p = grundy.game("kayles", [3, 5, 7])
    g = grundy.Game(options=subtract_134)
    s = grundy.game("nim", [3, 4, 5]).session(seed=1)

    def work(i):
        return (
            rule.sequence(100 + i).values.tolist(),
            int(seq.values[i * 10]),
            p.value,
            len(p.moves()),
            [g.value(n) for n in range(i * 50, i * 50 + 50)],
            s.finished,
        )

    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(work, range(8)))
    sub = grundy.rule("sub:1,3,4").sequence(400).values.tolist()
    for i, (vals, v, pv, nmoves, gv, fin) in enumerate(results):
        assert vals == seq.values[: 101 + i].tolist()
        assert v == seq.values[i * 10]
        assert pv == grundy.game("kayles", [3, 5, 7]).value and nmoves == len(p.moves())
        assert gv == sub[i * 50 : i * 50 + 50]
        assert fin is False


def test_a_game_calling_back_into_itself_is_refused():
    g = grundy.Game(options=lambda n: [g.value(n - 1)] if n else [])
    try:
        g.value(3)
    except grundy.GrundyError as e:
        assert "called back" in str(e)
    else:
        raise AssertionError("no error")
    assert g.value(0) == 0  # the game is still usable


def _sequence(rule):
    return rule.sequence(TO, threads=1)


def test_sequences_from_a_pool_of_processes():
    want = expected()
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(4) as pool:
        got = pool.map(_sequence, [grundy.rule(c) for c in CODES])
    for c, s in zip(CODES, got):
        assert isinstance(s, grundy.Sequence) and s.rule == str(grundy.rule(c))
        assert s.values.tolist() == want[c]
        fresh = grundy.rule(c).sequence(TO)
        assert (s.period, s.preperiod, s.status, s.checksum, s.proved_at, s.computed, s.stats) == (
            fresh.period, fresh.preperiod, fresh.status, fresh.checksum, fresh.proved_at,
            fresh.computed, fresh.stats)


def test_every_public_class_pickles():
    r = grundy.rule("0.137")
    assert str(pickle.loads(pickle.dumps(r))) == "0.137"
    big = grundy.rule("kayles").sequence(10**6)
    data = pickle.dumps(big)
    assert len(data) < 10_000  # the computed prefix only; the period gives the rest
    t = pickle.loads(data)
    assert np.array_equal(t.values, big.values) and t.checksum == big.checksum
    assert (t.period, t.preperiod, t.status, t.proved_at) == (12, 71, "proven", big.proved_at)
    p = grundy.game("moore", [1, 2, 3], k=2).play("1 2 2")
    q = pickle.loads(pickle.dumps(p))
    assert (q.text, q.name, q.outcome, q.moves()) == (p.text, p.name, p.outcome, p.moves())
    g = grundy.Game(options=kayles, max_positions=500)
    g.value(10)
    h = pickle.loads(pickle.dumps(g))
    assert h.value(10) == g.value(10) and h.options is kayles and h.known <= 11
    s = grundy.sum([1, (2, 3)])
    assert pickle.loads(pickle.dumps(s)).parts == (1, (2, 3))
    n = grundy.Nimber(12345)
    assert pickle.loads(pickle.dumps(n)) == n
    session = grundy.game("nim", [3, 4, 5]).session(seed=3)
    session.move("take 2 from heap 1")
    copy = pickle.loads(pickle.dumps(session))
    assert copy.log == session.log and copy.finished == session.finished
    assert copy.hint() == session.hint() and copy.moves() == session.moves()
