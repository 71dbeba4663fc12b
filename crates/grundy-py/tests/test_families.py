"""Every family of the registry: values against the plain mex over the
legal moves (the library's own moves) on random positions, and against
the command line where it analyses the family."""

import json
import random
import shlex
import subprocess

import pytest

import grundy

FAMILIES = [f["name"] for f in grundy.families()]


def walk(p, rng, steps):
    """Random positions reached from p."""
    seen = [p]
    for _ in range(steps):
        if p.is_over:
            break
        moves = p.moves()
        rng.shuffle(moves)
        for m in moves:
            try:
                p = p.play(m["move"])
                break
            except grundy.GrundyError:
                # Northcott lists the white token's moves, which its move
                # notation does not read back (a library limitation).
                assert "northcott" in p.name, (p.name, m["move"])
        else:
            break
        seen.append(p)
    return seen


def starts(family):
    f = next(f for f in grundy.families() if f["name"] == family)
    for variant, position in f["examples"]:
        yield grundy.Position(grundy._grundy.Position(family, variant, position, False))


def test_every_family_is_listed():
    assert len(FAMILIES) >= 14
    assert {"nim", "heap", "moore", "chips", "cards", "corners", "product"} <= set(FAMILIES)


def smith(p):
    """Whether p is reported with Smith's value: a game that can loop
    (Wind-Up, chips on a graph with a cycle), whose value is a number or
    {"infinity": K}, whose outcome is N, P or D (a draw), and whose winning
    moves listed are those that make progress, some of the moves to
    P-positions."""
    return "draw_keeping_moves" in p.report()


@pytest.mark.parametrize("family", FAMILIES)
def test_values_are_the_mex_of_the_moves(family):
    rng = random.Random(family)
    for start in starts(family):
        for p in walk(start, rng, 6):
            moves = p.moves()
            if smith(p):
                check_smith(p, moves)
            elif p.value is not None:
                values = {m["value"] for m in moves}
                mex = next(v for v in range(len(values) + 1) if v not in values)
                assert p.value == mex, (family, p.text)
            # Every winning move is a move to a P-position, and there is one
            # exactly when the player to move wins (Northcott leaves out
            # the retreats, which also reach P-positions).
            winning = [m["to"] for m in p.winning_moves()]
            to_p = [m["to"] for m in moves if m["outcome"] == "P"]
            assert all(w in to_p for w in winning), (family, p.text)
            assert (p.outcome == "N") == bool(winning) == bool(to_p), (family, p.text)
            if family != "northcott" and not smith(p):
                assert len(winning) == len(to_p), (family, p.text)
            if p.text.strip() and not p.is_over:
                assert p.at(p.text).text == p.text
            # A drawing has the two outcomes only: a draw is N there (the
            # player to move does not lose).
            assert p.drawing()["outcome"] == p.outcome.replace("D", "N")
            assert "<b>" in p._repr_html_()
            assert p.explain()


def check_smith(p, moves):
    """Smith's rules at p: a finite value is the mex of the finite values of
    the moves, and every move to an infinite position can be answered by a
    move back to that value; ∞(K) lists the finite values of the moves."""
    r = p.report()
    finite = {m["value"] for m in moves if m["value"] is not None}
    if isinstance(r["value"], int):
        assert r["value"] == next(v for v in range(len(finite) + 1) if v not in finite)
        assert r["outcome"] == ("P" if r["value"] == 0 else "N")
        for m in moves:
            if m["value"] is None:
                back = p.at(json.dumps(m["to"])).moves()
                assert any(b["value"] == r["value"] for b in back), (p.text, m["move"])
    else:
        k = r["value"]["infinity"]
        if len(p.json) == 1:  # one component: K is the finite values it moves to
            assert k == sorted(finite), (p.text, k)
        assert r["outcome"] == ("N" if 0 in k else "D"), (p.text, r)
    keeping = [m["to"] for m in r["draw_keeping_moves"]]
    drawn = [m["to"] for m in moves if p.at(json.dumps(m["to"])).outcome == "D"]
    assert all(k in drawn for k in keeping), p.text
    assert bool(keeping) == (r["outcome"] == "D"), p.text


def test_loopy_families_report_draws_and_infinite_values():
    p = grundy.game("wind-up", [2], variant="10:3,4")
    assert p.outcome == "D" and p.value is None and p.loopy_value == grundy.Infinite([])
    assert p.report()["value"] == {"infinity": []}
    q = grundy.game("windup", [1], variant="7:2,3")
    assert q.outcome == "N" and q.loopy_value == grundy.Infinite([0])
    assert q.play(q.winning_moves()[0]["move"]).outcome == "P"
    c = grundy.game("chips", "a", variant="a b;b a;b c;c d")
    assert c.outcome == "D" and c.report()["chip_values"] == [{"infinity": []}]
    assert "∞(∅)" in c.explain()


def cli_json(cli, *args):
    out = subprocess.run([cli, *args, "--json"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def heaps(rng, n=3, top=12):
    return [rng.randint(0, top) for _ in range(rng.randint(1, n))]


CLI_CASES = {
    "nim": lambda r: (grundy.game("nim", h := heaps(r, 4, 30)), ["nim", *map(str, h)]),
    "kayles": lambda r: (grundy.game("kayles", h := heaps(r)), ["heap", "kayles", *map(str, h)]),
    "0.137": lambda r: (grundy.game("heap", h := heaps(r), rule="0.137"), ["heap", "0.137", *map(str, h)]),
    "sub": lambda r: (grundy.game("sub:1,3,4", h := heaps(r)), ["heap", "sub:1,3,4", *map(str, h)]),
    "staircase": lambda r: (grundy.game("staircase", h := heaps(r, 5, 5)), ["staircase", *map(str, h)]),
    "moore": lambda r: (grundy.game("moore", h := heaps(r, 4, 6), k=2), ["moore", "-k", "2", *map(str, h)]),
    "turtles": lambda r: (grundy.game("turtles", t := "".join(r.choice("OX") for _ in range(8))), ["turtles", t]),
    "twins": lambda r: (grundy.game("twins", t := "".join(r.choice("OX") for _ in range(8))), ["twins", t]),
    "nimble": lambda r: (grundy.game("nimble", c := sorted(r.sample(range(1, 15), 3))), ["nimble", *map(str, c)]),
}


@pytest.mark.parametrize("case", sorted(CLI_CASES))
def test_values_agree_with_the_command_line(cli, case):
    rng = random.Random(case)
    for _ in range(8):
        p, args = CLI_CASES[case](rng)
        r = cli_json(cli, *args)
        if case != "moore":  # the family has no nimber; the CLI's moore prints one
            assert r["value"] == p.value, (case, args)
        assert r["outcome"] == p.outcome, (case, args)
        assert sorted(m["move"] for m in r["winning_moves"]) == sorted(
            m["move"] for m in p.winning_moves()
        )


def test_misere_has_no_value_but_an_outcome(cli):
    p = grundy.game("nim", [1, 1, 1], misere=True)
    assert p.value is None and p.outcome == "P"
    r = cli_json(cli, "nim", "--misere", "1", "1", "1")
    assert r["outcome"] == p.outcome


def test_positions_do_not_change_when_played():
    p = grundy.game("nim", [3, 4, 5])
    q = p.play("take 4 from heap 3")
    assert (p.text, q.text) == ("3 4 5", "3 4 1")
    assert q.value == 3 ^ 4 ^ 1
    assert p.play("3 4 1").text == q.text


def test_session_hint_why_undo():
    s = grundy.game("nim", [3, 4, 5]).session(seed=7)
    assert "hint" in s.hint()
    s.move("take 4 from heap 3")
    assert s.why()
    assert s.undo()
    s.quit()
    assert s.finished
    j = grundy.game("nim", [1, 2]).session(json=True, first="computer")
    assert isinstance(j.intro, list)


def test_session_levels_and_remoteness(cli):
    """The computer's level as on the command line (the same moves for the
    same seed), its slips told by why, and each move's remoteness."""
    slipped = []
    for seed in range(30):
        s = grundy.game("nim", [3, 4, 5]).session(seed=seed, first="computer", level="easy")
        why = s.why()
        if "At the easy level" in why:
            slipped.append(seed)
        out = subprocess.run(
            [cli, "play", "nim", "3", "4", "5", "--first", "computer", "--level", "easy",
             "--seed", str(seed)],
            input="why\n", capture_output=True, text=True, check=True,
        ).stdout
        assert why.strip() in out
    assert len(slipped) >= 5
    with pytest.raises(ValueError, match="level 'sly'"):
        grundy.game("nim", [3]).session(level="sly")
    # A pickled session keeps its level: the slip is explained again.
    import pickle
    s = grundy.game("nim", [3, 4, 5]).session(seed=slipped[0], first="computer", level="easy")
    s.why()
    again = pickle.loads(pickle.dumps(s))
    assert "At the easy level" in again.why()
    moves = grundy.game("nim", [3, 4, 5]).moves()
    assert [m["remoteness"] % 2 == 0 for m in moves] == [m["outcome"] == "P" for m in moves]
    assert [m["remoteness"] for m in moves if m["outcome"] == "P"] == [10]


def cli_args(family, variant, p, tmp_path):
    """The command line that analyses position p, and its standard input."""
    if family == "heap":
        return ["heap", variant, *shlex.split(p.text)], None
    if family == "rules":
        rules = tmp_path / "game.toml"
        rules.write_text(variant)
        return ["game", str(rules), *shlex.split(p.text)], None
    if family == "wind-up":
        modulus, amounts = variant.split(":")
        return ["windup", "-n", modulus, "-s", amounts, *shlex.split(p.text)], None
    if family in ("chips", "chips-annihilate"):
        graph = tmp_path / "graph.txt"
        graph.write_text(variant.replace(";", "\n") + "\n")
        extra = ["--annihilate"] if family == "chips-annihilate" else []
        return ["chips", str(graph), *extra, *shlex.split(p.text)], None
    if family in ("r-wythoff", "bounded-wythoff", "mem", "takeaway", "fibonacci-nim", "euclid"):
        return ["twoheap", p.name, *shlex.split(p.text)], None
    if family == "turning":
        return ["turning", variant, p.text], None
    if family == "script":
        script = tmp_path / "game.rhai"
        script.write_text(variant)
        return ["game", str(script), *p.text.split(" + ")], None
    if family == "rules":
        rules = tmp_path / "game.toml"
        rules.write_text(variant)
        return ["game", str(rules), *shlex.split(p.text)], None
    if family == "corners":
        return ["corners", "-"], "\n".join(p.text.split("/")) + "\n"
    if family == "product":
        board = "\n".join(p.text.split("/")) + "\n"
        form, _, games = variant.partition(":")
        if form not in ("tartan", "acrostic"):
            form, games = "tartan", variant
        if " x " not in games:
            return ["product", games, "-", "--all"], board  # a named product
        g, h = games.split(" x ")
        extra = ["--acrostic"] if form == "acrostic" else []
        return ["product", g, h, *extra, "-", "--all"], board
    if family == "cards":
        values, copies, limit = (variant or "1..6/4/50").split("/")
        return ["cards", "--values", values, "--copies", copies, "--limit", limit,
                *shlex.split(p.text)], None
    return [*shlex.split(p.name), *shlex.split(p.text)], None


# The strips (Treblecross, Dawson's chess, ...) are analysed by the command
# line as heap sizes, not boards: they are compared through their moves above.
CLI_FAMILIES = [f for f in FAMILIES if f != "strip"]


@pytest.mark.parametrize("family", CLI_FAMILIES)
def test_random_positions_agree_with_the_command_line(cli, family, tmp_path):
    rng = random.Random("cli " + family)
    f = next(f for f in grundy.families() if f["name"] == family)
    for variant, position in f["examples"]:
        start = grundy.Position(grundy._grundy.Position(family, variant, position, False))
        for p in walk(start, rng, 4):
            if not p.text.strip() or p.text.startswith("(") or p.text == "sum([])":
                continue  # nothing left: the command line wants a position
            args, stdin = cli_args(family, variant, p, tmp_path)
            out = subprocess.run([cli, *args, "--json"], input=stdin, capture_output=True,
                                 text=True, timeout=60)
            assert out.returncode == 0, (args, out.stderr)
            r = json.loads(out.stdout)
            if smith(p):  # the same report, field by field
                assert r == p.report(), (family, args)
                continue
            assert r["outcome"] == p.outcome, (family, args)
            if family != "moore":  # the family has no nimber; the CLI's moore prints one
                assert r["value"] == p.value, (family, args)
            ours = [m["move"] for m in p.winning_moves()]
            if family != "northcott":  # its command words the moves its own way
                assert all(m["move"] in ours for m in r["winning_moves"]), (family, args)
            # The corners command lists fewer of them; the Northcott family
            # leaves out the retreats, which its command lists.
            if family not in ("corners", "northcott"):
                assert len(r["winning_moves"]) == len(ours), (family, args)


def test_a_family_added_to_the_library_alone_is_here():
    # Node-Kayles came with no change to the package: through the registry.
    assert any(f["name"] == "node-kayles" for f in grundy.families())
    p = grundy.game("node-kayles", "", variant="grid:3x5")
    assert p.value == 3  # OEIS A316632(5)
    move = p.winning_moves()[0]
    q = p.play(move["move"])
    assert q.value == 0 and q.outcome == "P"
    assert [grundy.game("node-kayles", "", variant=f"path:{n}").value for n in range(1, 12)] == \
        grundy.rule("0.137").sequence(11).values.tolist()[1:]


def test_a_search_is_held_to_the_memory_given():
    import pickle

    with pytest.raises(ValueError, match="64 KiB of the search table"):
        grundy.game("cram", "5x7", memory=1 << 16).value
    small = grundy.game("cram", "3x4", memory=1 << 16)
    assert small.value == 1
    # The budget goes with the position: to the positions after it, and
    # through pickling.
    assert pickle.loads(pickle.dumps(small)).value == 1
    assert small.play(small.winning_moves()[0]["move"]).value == 0
    with pytest.raises(ValueError, match="too large to solve"):
        grundy.game("node-kayles", "", graph="grid:3x22", memory=200 << 10).value
    with pytest.raises(ValueError, match="memory"):
        grundy.game("cram", "3x4", memory=0)
