"""Heaps far past what is computed, answered from a rule's proven period
through the registry, as the command line answers them."""

import json
import subprocess

import grundy

E18 = 10**18


def cli_json(cli, *args):
    out = subprocess.run([cli, *args, "--json"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_kayles_at_ten_to_the_eighteen():
    p = grundy.game("kayles", [E18])
    # Kayles: G(n) = 1 for n = 4 (mod 12) from n = 71 on.
    assert p.value == 1
    assert p.outcome == "N"
    r = p.report()
    assert r["winning_moves_total"] == 83_333_333_333_333_338
    assert len(p.winning_moves()) == 10
    assert r["heap_values"] == [1] and r["rule"] == "0.77"
    assert "proven period" in p.explain()
    q = p.play(p.winning_moves()[0]["move"])
    assert (q.value, q.outcome) == (0, "P")
    t = p.play("take 2 from the heap of 1000000000000000000")
    assert t.json == [E18 - 2]
    assert t.value == grundy.game("kayles", [E18 - 2 - 12 * 10**16]).value


def test_huge_heaps_with_small_ones_and_a_session():
    p = grundy.game("dawson-chess", [E18, 7, 3])
    assert p.value is not None and p.outcome in ("N", "P")
    s = grundy.game("kayles", [E18, 5]).session(seed=3)
    assert "hint" in s.hint()
    s.move("take 1 from heap 2")
    assert s.why()
    s.quit()


def test_the_same_report_as_the_command_line(cli):
    for rule, heaps in [("kayles", [E18]), ("0.137", [E18, 7, 3]), ("sub:1,3,4", [E18, 5])]:
        p = grundy.game(rule, heaps)
        assert cli_json(cli, "heap", rule, *map(str, heaps)) == p.report()


def test_unproven_rules_still_refuse_huge_heaps():
    try:
        grundy.game("grundy", [E18]).value
    except grundy.GrundyError as e:
        assert "too large" in str(e) and "\n" not in str(e)
    else:
        raise AssertionError("Grundy's game at 10^18 has no proven period")
