"""Sprague-Grundy theory for impartial games, from Python.

Every game family of the library, by name:

>>> p = game("kayles", [3, 5])
>>> p.value, p.outcome
(7, 'N')
>>> [m["move"] for m in p.winning_moves()]
['take 2 from the heap of 5, leaving 3', 'take 2 from the heap of 5 and split the rest into 1 and 2']

Heap rules and their Grundy sequences:

>>> s = rule("0.07").sequence(1000)
>>> s.period, s.preperiod, s.status
(34, 53, 'proven')
>>> s.values[:10].tolist()
[0, 0, 1, 1, 2, 0, 3, 1, 1, 0]

Nimbers, with ``+`` the nim-sum and ``*`` the nim product:

>>> print(Nimber(2) * Nimber(3), Nimber(2) + 3, Nimber(5) / Nimber(5))
*1 *1 *1

Your own games, from a function giving the options of a position (a move
that splits the game returns a :func:`sum` of positions):

>>> def options(n):   # Kayles: knock down one or two adjacent pins
...     return [sum([a, n - t - a]) for t in (1, 2) if t <= n for a in range(n - t + 1)]
>>> Game(options=options).value(5)
4

Bad input raises :class:`GrundyError`, a ``ValueError``, with the command
line's one-line message:

>>> rule("0.8x")
Traceback (most recent call last):
...
grundy.GrundyError: rule '0.8x': ...

Scripted rules (rules files, scripts) are not part of the library yet, so
not of this package either.
"""

from __future__ import annotations

import builtins as _builtins
import html as _html
import operator as _operator
import sys as _sys
from typing import TYPE_CHECKING, Any, Callable, Iterable, List, Optional, SupportsIndex, Union

if TYPE_CHECKING:
    import numpy.typing as _np_typing  # noqa: F401
    import numpy as _np

from . import _grundy
from ._grundy import GrundyError, Nimber, Sum, __version__
from ._values import Infinite, coin_values, pattern
from ._types import (
    CheckAnswer,
    Drawing,
    FamilyInfo,
    Finding,
    GenusTable,
    GlossaryTerm,
    MisereQuotient,
    MoveInfo,
    Report,
    SequenceStats,
    WinningMove,
)

__all__ = [
    "GrundyError",
    "Game",
    "Infinite",
    "Nimber",
    "Position",
    "Rule",
    "Sequence",
    "Session",
    "Sum",
    "check",
    "coin_values",
    "families",
    "game",
    "glossary",
    "load_sequence",
    "nim_mul",
    "nimber",
    "pattern",
    "rule",
    "sum",
    "__version__",
]

#: The default of an argument that may be left out but not given as None.
_UNSET: Any = object()

#: The names a family's variant may be given by, as a keyword of game().
_VARIANT_KEYWORDS = ("variant", "k", "width", "rule", "graph", "deal")


def families() -> List[FamilyInfo]:
    """Every game family: name, name for people (``title``), rules in
    words (``rules``), aliases, summary, variant and position syntax,
    examples.

    >>> "kayles" in [f["name"] for f in families()]
    False
    >>> [f["name"] for f in families()][:3]
    ['nim', 'heap', 'strip']
    """
    return _grundy.families()


def glossary() -> List[GlossaryTerm]:
    """The terms of the theory in plain words: nimber, ``*n``, N- and
    P-position, nim-sum, mex, normal and misère play, ...

    >>> mex = next(t for t in glossary() if t["term"] == "mex")
    >>> mex["definition"].split(":")[0]
    'The minimum excludant'
    """
    return _grundy.glossary()


def _words(position: Any) -> str:
    if position is None:
        raise TypeError("None: give text or a list of numbers")
    if isinstance(position, str):
        return position
    if isinstance(position, (int, Nimber)):
        return str(int(position))
    try:
        items = list(position)
    except TypeError:
        raise TypeError(f"position {position!r}: give text or a list of numbers") from None
    return " ".join(str(x) for x in items)


def _find(name: str) -> Optional[FamilyInfo]:
    n = name.strip().lower()
    for f in families():
        if f["name"] == n or n in f["aliases"]:
            return f
    return None


def game(
    name: str,
    position: Any = _UNSET,
    *,
    misere: bool = False,
    memory: Optional[int] = None,
    **variant: Any,
) -> "Position":
    """A position of the family ``name`` (see :func:`families`), or of the
    heap game with that rule (``"kayles"``, ``"0.77"``, ``"sub:1,3,4"``).

    ``position`` is the text the command line takes or a list (heap sizes,
    cells, ...); without it, the family's first example (``None`` is
    refused: an empty position is ``""`` or ``[]``). The variant is
    one keyword: ``k=2`` (moore), ``width=8`` (northcott), ``graph=...``
    (chips), ``deal=...`` (cards), ``rule=...`` (heap, strip), or
    ``variant=...``. ``memory`` caps, in bytes, the search table of a game
    solved by search (cram, node-kayles; default: half the memory available,
    at least 1 GiB); a position it cannot hold raises ``ValueError``.

    >>> game("moore", [1, 2, 3], k=2).outcome
    'N'
    >>> game("nim", [1, 2, 3]).value
    0
    >>> game("nim", "3 4 5", misere=True).value is None
    True
    >>> game("northcott", "1:5 8:3", width=8).value
    7
    """
    given = [(k, v) for k, v in variant.items() if v is not None]
    for k, _ in given:
        if k not in _VARIANT_KEYWORDS:
            raise TypeError(
                f"{name} takes no '{k}'; the variant is one of {', '.join(_VARIANT_KEYWORDS)}"
            )
    if len(given) > 1:
        raise TypeError(f"give one variant, not {len(given)}: {', '.join(k for k, _ in given)}")
    v = _words(given[0][1]) if given else ""
    if position is None:
        raise TypeError(f"position None: give text or a list, or leave it out for {name}'s example")
    if position is _UNSET:
        f = _find(name)
        if f is not None and f["examples"]:
            matching = [p for (ev, p) in f["examples"] if ev == v] or [f["examples"][0][1]]
            position = matching[0] if (v or f["examples"][0][0] == "") else ""
            if not v and f["examples"][0][0] and f["variant"]:
                v, position = f["examples"][0]
        elif f is None:  # a heap game named by its rule
            heap = _find("heap")
            assert heap is not None, "the registry lists heap games"
            position = heap["examples"][0][1]
    try:
        native = _grundy.Position(name, v, _words(position), misere, memory)
    except GrundyError as e:
        raise GrundyError(_python_words(str(e))) from None
    return Position(native)


def _python_words(message: str) -> str:
    """A library message that points to a command, pointed to this
    package's function instead."""
    return message.replace(
        "(grundy seq turning:CODE gives coin values)",
        "(grundy.coin_values(CODE, N) gives coin values, whatever the row's length; "
        "a row's value is the nim-sum of the values of its heads)",
    )


class Position:
    """A position of a game family: its value, outcome, winning moves, moves,
    drawing, and the position after a move. Positions do not change:
    :meth:`play` returns a new one.

    >>> p = game("nim", [3, 4, 5])
    >>> p.value, p.outcome, p.text
    (2, 'N', '3 4 5')
    >>> [m["move"] for m in p.winning_moves()]
    ['take 2 from heap 1 (3 -> 1)']
    >>> q = p.play("take 2 from heap 1")
    >>> q.text, q.outcome
    ('1 4 5', 'P')
    """

    __slots__ = ("_p", "_report")

    def __init__(self, native: _grundy.Position) -> None:
        self._p = native
        self._report: Optional[Report] = None

    def report(self) -> Report:
        """The command line's ``--json`` report: game, position, convention,
        value, outcome, winning_moves."""
        if self._report is None:
            self._report = self._p.report()
        return self._report

    @property
    def value(self) -> Optional[int]:
        """The Grundy value (None in misère play, where there is none, and
        where a loopy game's value is infinite: see :attr:`loopy_value`)."""
        v = self.report()["value"]
        return v if isinstance(v, int) else None

    @property
    def loopy_value(self) -> Union[int, "Infinite", None]:
        """The value of a position of a game that can go on forever: a
        whole number, an :class:`Infinite`, or None (misère play)."""
        v: Any = self.report()["value"]
        if isinstance(v, dict):
            return Infinite(v["infinity"])
        return v if isinstance(v, int) else None

    @property
    def outcome(self) -> str:
        """``'N'`` (the player to move wins) or ``'P'``."""
        return self.report()["outcome"]

    @property
    def text(self) -> str:
        """The position as the command line takes it."""
        return self._p.text

    @property
    def json(self) -> Any:
        """The position as the command line's JSON writes it."""
        return self._p.json

    @property
    def name(self) -> str:
        """The game's name."""
        return self._p.name

    @property
    def is_over(self) -> bool:
        """Whether no move is left."""
        return self._p.is_over

    def winning_moves(self) -> List[WinningMove]:
        """Every winning move: dicts with ``move`` (the game's words) and
        ``to`` (the position it leaves, as JSON)."""
        return self.report()["winning_moves"]

    def moves(self) -> List[MoveInfo]:
        """Every legal move with the position it leaves, its value and
        outcome (refused when there are too many to list)."""
        return self._p.moves()

    def explain(self) -> str:
        """The position drawn with the values of its parts, then the report
        as the command line prints it."""
        return self._p.draw() + "\n" + self._p.report_text()

    def drawing(self) -> Drawing:
        """The position as data: ``shape`` (with its ``kind``),
        ``components`` with their values, ``value``, ``outcome``."""
        return self._p.drawing()

    def play(self, move: str) -> "Position":
        """The position after ``move`` (the game's words, or the whole
        position it leaves)."""
        if move is None:
            raise TypeError("move None: give the move in the game's words, or the position it leaves")
        return Position(self._p.after(_words(move)))

    def at(self, position: Any) -> "Position":
        """Another position of the same game."""
        if position is None:
            raise TypeError("position None: give text or a list")
        return Position(self._p.at(_words(position)))

    def session(
        self, first: str = "human", seed: int = 0, json: bool = False, level: str = "perfect"
    ) -> "Session":
        """A game against the computer from here (see :class:`Session`).
        ``level``: ``"perfect"``, or ``"hard"``, ``"medium"`` or ``"easy"``,
        where the computer plays a random move on 1, 3 or 6 turns in 10."""
        return Session(self._p.session(first, seed, json, level))

    def __reduce__(self) -> Any:
        return (Position, (self._p,))

    def __repr__(self) -> str:
        return f"<{self.name} {self.text}>"

    def svg(self) -> str:
        """The position drawn as an SVG picture, with its value and the
        values of its parts."""
        from ._svg import render

        return render(self.drawing())

    def _repr_html_(self) -> str:
        """The notebook's one display of a position: the report, its
        winning moves and the picture (a notebook shows one rich form, so
        the picture lives inside the HTML rather than beside it)."""
        r = self.report()
        esc = _html.escape
        head = f"<b>{esc(r['game'])}</b> <code>{esc(self.text)}</code>"
        lv = self.loopy_value
        shown = "" if lv is None else f"*{lv}" if isinstance(lv, int) else str(lv)
        value = "" if lv is None else f" &nbsp;value <b>{esc(shown)}</b>"
        color = "#1a7f37" if r["outcome"] == "N" else "#cf222e"
        words = "the player to move wins" if r["outcome"] == "N" else "the previous player wins"
        out = [f"<div>{head}{value} &nbsp;<span style='color:{color}'><b>{r['outcome']}</b> ({words})</span>"]
        if r["winning_moves"]:
            out.append("<table><tr><th>winning move</th><th>leaves</th></tr>")
            for m in r["winning_moves"][:50]:
                to = m["to"] if isinstance(m["to"], str) else " ".join(str(x) for x in m["to"]) if isinstance(m["to"], list) else str(m["to"])
                out.append(f"<tr><td style='color:#1a7f37'>{esc(m['move'])}</td><td><code>{esc(to)}</code></td></tr>")
            if len(r["winning_moves"]) > 50:
                out.append(f"<tr><td colspan=2>... {len(r['winning_moves'])} in all</td></tr>")
            out.append("</table>")
        out.append(f"<div>{self.svg()}</div></div>")
        return "".join(out)


class Session:
    """A game against the computer for notebooks: :meth:`move`,
    :meth:`hint`, :meth:`why`, :meth:`undo`, :meth:`moves`, or any line
    with :meth:`send`. Each returns what the computer said.

    >>> s = game("nim", [1, 2]).session(seed=1)
    >>> print(s.hint().strip())
    hint: take 1 from heap 2 (2 -> 1)  ->  1 1
    >>> out = s.move("take 1 from heap 2")
    >>> s.finished
    False
    """

    __slots__ = ("_s", "intro", "log")

    def __init__(self, native: _grundy.Session) -> None:
        self._s = native
        self.intro = native.take()
        self.log: List[Any] = [self.intro]

    def send(self, line: str) -> Any:
        out = self._s.send(line)
        self.log.append(out)
        return out

    def move(self, move: str) -> Any:
        """Plays your move; the computer answers."""
        return self.send(_words(move))

    def hint(self) -> Any:
        """A winning move, if there is one."""
        return self.send("hint")

    def why(self) -> Any:
        """Why the computer made its last move."""
        return self.send("why")

    def undo(self) -> Any:
        """Takes back your last move and the computer's answer."""
        return self.send("undo")

    def moves(self) -> Any:
        """Every legal move with its value."""
        return self.send("moves")

    def quit(self) -> Any:
        return self.send("quit")

    @property
    def finished(self) -> bool:
        """Whether the game is over."""
        return self._s.finished

    def __repr__(self) -> str:
        return f"<grundy session, {'finished' if self.finished else 'your move'}>"


class Rule:
    """A heap rule: an octal or hexadecimal code (``0.77``, ``4!.0``), a
    subtraction game (``sub:1,3,4``), ``allbut:``, ``take:``, or a name.

    >>> str(rule("0.77")), str(rule("sub:1,3,4"))
    ('0.77', 'sub:1,3,4')
    """

    __slots__ = ("_r",)

    def __init__(self, text: str) -> None:
        if not isinstance(text, str):
            raise TypeError(f"rule {text!r}: give the rule as text, e.g. '0.77'")
        self._r = _grundy.Rule(text)

    def sequence(
        self,
        to: int,
        *,
        until_proven: bool = False,
        method: str = "auto",
        threads: Optional[int] = None,
        out: Optional[str] = None,
        resume: bool = False,
        progress: Union[bool, Callable[[int, int], Any], None] = None,
    ) -> "Sequence":
        """G(0..=to), stopping early once the period is proven. Runs with
        the GIL released; Ctrl-C raises ``KeyboardInterrupt``. With ``out``
        the values are also written to that sequence file, complete; a run
        stopped by Ctrl-C leaves there the values computed so far (the
        ``KeyboardInterrupt`` says up to which heap), and ``resume=True``
        continues from that file. ``progress`` is a function called with
        ``(done, to)`` about ten times a second (an exception it raises stops
        the run), or ``True`` for a tqdm bar (a line on standard error
        without tqdm).

        >>> s = rule("0.6").sequence(10)
        >>> s.values.tolist()
        [0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3]
        """
        report = _progress_bar(f"{self} to {to}") if progress is True else (progress or None)
        try:
            return Sequence(
                self._r.sequence(to, until_proven=until_proven, method=method, threads=threads,
                                 out=None if out is None else str(out), resume=resume, progress=report)
            )
        finally:
            close = getattr(report, "close", None)
            if close is not None:
                close()

    def misere_quotient(
        self,
        to: Optional[int] = None,
        *,
        until_proven: bool = False,
        max_order: Optional[int] = None,
        max_candidate: Optional[int] = None,
        max_search: Optional[int] = None,
        max_proof: Optional[int] = None,
        seconds: Optional[float] = None,
    ) -> MisereQuotient:
        """The misère quotient of heaps 0..=to, as ``grundy misere --json``
        gives it: the presentation (``generators``, ``relations``), |Q|
        (``order``), |P| (``p_size``), the elements and the P-portion as
        words, Φ of each heap (``phi``) and its ``periodicity``. With
        ``until_proven`` it stops at the first heap where the misère
        periodicity theorem proves Φ periodic (up to ``to``, or heaps of
        10000): the quotient is then that of every heap. The limits are
        ``grundy misere``'s options (``max_order``: the largest |Q| tried,
        4096 by default; ``max_candidate``, ``max_search``, ``max_proof``,
        ``seconds``); where one stops the computation, ``stopped`` says at
        which heap and why. Runs with the GIL released; Ctrl-C raises
        ``KeyboardInterrupt``.

        >>> q = rule("0.75").misere_quotient(12)
        >>> q["order"], q["p_size"], q["p_portion"]
        (8, 2, ['a', 'b^2'])
        >>> p = rule("kayles").misere_quotient(until_proven=True)["periodicity"]
        >>> p["status"], p["period"], p["preperiod"]
        ('proven', 12, 71)
        """
        return self._r.misere_quotient(
            to,
            until_proven=until_proven,
            max_order=max_order,
            max_candidate=max_candidate,
            max_search=max_search,
            max_proof=max_proof,
            seconds=seconds,
        )

    def genus(self, to: int, *, start: int = 0) -> GenusTable:
        """The genus of each heap ``start..=to``, as ``grundy seq --genus
        --json`` gives it: normal and misère values, the genus as CGSuite
        displays it and in full, whether each heap is tame, its phylum.

        >>> g = rule("kayles").genus(7, start=4)
        >>> g["genus"], g["tame"]
        (['1', '4^146', '3', '2^2'], [True, False, True, True])
        """
        return self._r.genus(to, start=start)

    def game(self, position: Any = None, misere: bool = False) -> Position:
        """A position of this heap game."""
        return game("heap", position if position is not None else "", rule=str(self), misere=misere)

    def __reduce__(self) -> Any:
        return (Rule, (str(self),))

    def __str__(self) -> str:
        return str(self._r)

    def __repr__(self) -> str:
        return repr(self._r)


class _progress_bar:
    """A progress report for a long run: a tqdm bar when tqdm is installed,
    else a line on standard error rewritten in place."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.bar: Any = None
        try:
            from tqdm.auto import tqdm  # type: ignore[import-not-found, import-untyped, unused-ignore]

            self.bar = tqdm(desc=what, unit=" heaps", unit_scale=True)
        except ImportError:
            pass

    def __call__(self, done: int, to: int) -> None:
        if self.bar is not None:
            self.bar.total = to
            self.bar.n = done
            self.bar.refresh()
        else:
            print(f"\r{self.what}: {done:,} of {to:,} heaps ({100 * done // max(to, 1)}%)",
                  end="", file=_sys.stderr, flush=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
        else:
            print(file=_sys.stderr)


def check(claim: str, to: int = 10_000) -> CheckAnswer:
    """A claim about Grundy values decided, as ``grundy check`` decides it:
    ``"RULE has period P from N0"``, ``"G(n) = FORMULA for GAME"`` or
    ``"RULE equals RULE"``. The verdict is ``"proven"`` (with the theorem),
    ``"refuted"`` (with the first position where it fails) or
    ``"observed"`` (on every position up to ``to``).

    >>> a = check("0.07 has period 12 from 4")
    >>> a["verdict"], a["counterexample"]["n"]
    ('refuted', 4)
    >>> check("0.07 has period 34 from 53")["verdict"]
    'proven'
    """
    return _grundy.check(claim, to)


def rule(text: str) -> Rule:
    """The heap rule written ``text`` (see :class:`Rule`)."""
    return Rule(text)


class Sequence:
    """A Grundy sequence G(0..=to) with its periodicity: a rule's
    (:meth:`Rule.sequence`, :func:`load_sequence`), or your own values
    (:meth:`from_values`).

    ``values`` is a read-only numpy ``uint32`` array (whatever the values and
    the engine), a view of the values the sequence holds in Rust; without
    numpy, a read-only ``memoryview`` (:attr:`cells`, typed so, is one
    always). Copy it to change it: :meth:`save`
    always writes the values the engine computed. ``s[n]`` (an int or any
    integer, numpy's too) reads G(n) without building the array.
    ``status`` is ``'proven'``, ``'observed'`` or ``'none'``.
    """

    __slots__ = ("_s",)

    def __init__(self, native: _grundy.Sequence) -> None:
        self._s = native

    @classmethod
    def from_values(
        cls, values: "Union[Iterable[SupportsIndex], _np_typing.NDArray[_np.integer[Any]]]"
    ) -> "Sequence":
        """The sequence of your own values G(0), G(1), ... (from a
        :class:`Game`, a file, a paper): a list, a tuple, any iterable of
        whole numbers, or a one-dimensional numpy integer array, each from 0
        to 2^32 - 1 as a sequence holds them. It offers what a rule's
        sequence does, with what it knows: the values only.

        Its periodicity is the least period of the longest tail of the
        values that holds at least two whole periods over at least a
        quarter of them (plain, or growing by a ``saltus``). With no rule
        there is no theorem, so a period is only ever *observed*
        (``status`` is ``'observed'`` or ``'none'``, never ``'proven'``;
        ``proved_at`` is None) and nothing is known past the last value:
        ``s[n]`` past it raises ``IndexError``. :meth:`pattern` gives what
        :func:`pattern` (and ``grundy pattern -``) finds, all observed;
        ``stats["engine"]`` is ``'given'``. What needs a rule is refused
        with :class:`GrundyError` (a ``ValueError``): :attr:`rule`, and
        :meth:`save`, as a sequence file names its rule; :attr:`has_rule`
        is False. The values pickle and copy as they are.

        Not a list of whole numbers (None, text, a set, ``True``, ``2.0``,
        a float array, an array of two dimensions) raises ``TypeError``;
        a number below 0 or past 2^32 - 1, or no values at all, raises
        :class:`GrundyError`. Each message names ``values``.

        >>> kayles = rule("0.77").sequence(299).values.tolist()
        >>> s = Sequence.from_values(kayles)
        >>> s.period, s.preperiod, s.status, len(s)
        (12, 71, 'observed', 300)
        >>> s.pattern()[0]["formula"]
        'G(n + 12) = G(n) for n >= 71'
        >>> s.has_rule, s
        (False, <sequence of given values G(0..=299), period 12 from 71 (observed)>)
        """
        return cls(_grundy.given_sequence(values))

    @property
    def rule(self) -> str:
        """The rule's canonical form; refused (:class:`GrundyError`) for
        values given to :meth:`from_values`, which have none."""
        return self._s.rule

    @property
    def has_rule(self) -> bool:
        """Whether the values are a rule's (False for :meth:`from_values`)."""
        return self._s.has_rule

    @property
    def to(self) -> int:
        """The last heap."""
        return self._s.to

    @property
    def computed(self) -> int:
        """The last heap computed; the rest follows from the period."""
        return self._s.computed

    @property
    def values(self) -> "_np_typing.NDArray[_np.uint32]":
        """G(0..=to), read-only: a numpy ``uint32`` array (see the class).
        Typed as numpy's array, which it is wherever numpy is installed;
        :attr:`cells` is the ``memoryview`` with or without numpy."""
        return self._s.values  # type: ignore[no-any-return, unused-ignore]

    @property
    def cells(self) -> memoryview:
        """G(0..=to) as a read-only ``memoryview`` of 32-bit cells (format
        ``I``), numpy or not: a copy of the values."""
        return self._s.cells

    @property
    def period(self) -> Optional[int]:
        """The period, or None."""
        return self._s.period

    @property
    def preperiod(self) -> Optional[int]:
        """Where the period starts, or None."""
        return self._s.preperiod

    @property
    def saltus(self) -> Optional[int]:
        """G(n + period) - G(n) in the periodic part."""
        return self._s.saltus

    @property
    def status(self) -> str:
        """'proven', 'observed' or 'none' (never 'proven' for values given
        to :meth:`from_values`)."""
        return self._s.status

    @property
    def proved_at(self) -> Optional[int]:
        """The last heap the proof needed, or None."""
        return self._s.proved_at

    @property
    def checksum(self) -> str:
        """Fletcher's checksum, as the CLI prints it."""
        return self._s.checksum

    @property
    def stats(self) -> SequenceStats:
        """Largest value, value counts, P-positions, engine figures."""
        return self._s.stats

    def pattern(self) -> List[Finding]:
        """The patterns of the rule's values, simplest first (as ``grundy
        pattern RULE --json`` lists them): the least period, proven by the
        periodicity theorem where it applies, closed forms, intervals, the
        P-positions' recurrences or Beatty sequence. At most the first
        million values are looked at. Of values given to
        :meth:`from_values`, what :func:`pattern` finds in them, observed.

        >>> [(f["kind"], f["formula"], f["status"]) for f in rule("0.77").sequence(300).pattern()][0]
        ('period', 'G(n + 12) = G(n) for n >= 71', 'proven')
        """
        return self._s.pattern()

    def __len__(self) -> int:
        return len(self._s)

    def __getitem__(self, n: Any) -> Any:
        if isinstance(n, slice):
            return self.values[n]
        try:
            i = _operator.index(n)
        except TypeError:
            raise TypeError(f"heap {n!r}: give a whole number or a slice") from None
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(f"heap {n} is not in G(0..={self.to})")
        return self._s.value(i)

    def __reduce__(self) -> Any:
        return (Sequence, (self._s,))

    def save(self, path: Any) -> None:
        """Writes the values to a sequence file (as ``grundy seq --out``),
        whole or not at all. The file names the rule, so values given to
        :meth:`from_values` are refused (:class:`GrundyError`)."""
        self._s.save(str(path))

    def __repr__(self) -> str:
        per = "no period found" if self.period is None else f"period {self.period} from {self.preperiod} ({self.status})"
        if self.saltus:
            per = per.replace(" from", f" (saltus {self.saltus}) from", 1)
        of = self.rule if self.has_rule else "of given values"
        return f"<sequence {of} G(0..={self.to}), {per}>"

    def _repr_html_(self, shown: int = 200) -> str:
        n = min(len(self), shown)
        pre, per = self.preperiod, self.period
        cells = []
        for i in range(n):
            v = self[i]
            style = []
            if per is not None and pre is not None and i >= pre:
                block = (i - pre) // per
                style.append("background:#ddf4ff" if block % 2 == 0 else "background:#fff8c5")
                if i == pre:
                    style.append("border-left:3px solid #0969da")
            if v == 0:
                style.append("font-weight:bold;color:#cf222e")
            cells.append(f"<td style='{';'.join(style)}'>{v}</td>")
        rows = []
        for r in range(0, n, 20):
            rows.append(f"<tr><th>{r}</th>{''.join(cells[r:r + 20])}</tr>")
        head = _html.escape(repr(self))
        more = "" if n == len(self) else f"<div>first {n} of {len(self)} values</div>"
        note = ""
        if per is not None:
            note = ("<div>coloured from the preperiod on, one colour per period; "
                    "bold red: P-positions</div>")
        return (f"<div><code>{head}</code><table style='font-family:monospace'>{''.join(rows)}</table>"
                f"{more}{note}</div>")


def load_sequence(path: Any) -> Sequence:
    """Reads a sequence file (``Sequence.save``, ``sequence(out=...)``,
    ``grundy seq --out``)."""
    if path is None:
        raise TypeError("path None: give the sequence file's path")
    return Sequence(_grundy.read_sequence(str(path)))


def nimber(expr: Union[str, int]) -> Nimber:
    """A nimber from a number or an expression (``+``, ``*``, ``/``, ``^``,
    ``sqrt``, ``inv``).

    >>> nimber("sqrt(3) + 2 * 3")
    grundy.Nimber(3)
    >>> print(nimber(7) ** 2, nimber(7) * nimber(7))
    *4 *4
    """
    if isinstance(expr, str):
        return _grundy.nimber_eval(expr)
    return Nimber(expr)


def nim_mul(a: Any, b: Any) -> Any:
    """Nim products: of two nimbers or whole numbers, or element by element
    of two arrays (numpy ``uint64``, broadcast), computed in Rust.

    >>> nim_mul(2, 3)
    grundy.Nimber(1)
    >>> import numpy as np
    >>> nim_mul(np.array([2, 4, 8], dtype=np.uint64), 3).tolist()
    [1, 12, 4]
    """
    if isinstance(a, (int, Nimber)) and isinstance(b, (int, Nimber)):
        return Nimber(a) * Nimber(b)
    try:
        import numpy as np
    except ImportError:  # pragma: no cover - numpy is optional
        return [Nimber(x) * Nimber(y) for x, y in zip(a, b)]
    try:
        x, y = np.broadcast_arrays(np.asarray(a), np.asarray(b))
    except ValueError as e:
        raise GrundyError(str(e)) from None
    if x.dtype.kind not in "ui" or y.dtype.kind not in "ui":
        raise TypeError("nim_mul takes arrays of whole numbers")
    if (x.dtype.kind == "i" and (x < 0).any()) or (y.dtype.kind == "i" and (y < 0).any()):
        raise GrundyError("a nimber is a whole number from 0 to 2^64 - 1")
    shape = x.shape
    x = np.ascontiguousarray(x, dtype=np.uint64).ravel()
    y = np.ascontiguousarray(y, dtype=np.uint64).ravel()
    return _grundy.nim_mul_arrays(x, y).reshape(shape)


def sum(parts: Iterable[Any]) -> Sum:  # noqa: A001 - the game sum, as in scripts
    """A move that splits a game into parts: ``sum([a, b])`` is the position
    made of ``a`` and ``b`` side by side (its value is the nim-sum).

    >>> sum([1, 2])
    grundy.sum((1, 2))
    """
    return Sum(parts)


class Game:
    """A game whose options come from a Python function ``options(p)``
    returning the positions one move leads to (hashable: numbers, strings,
    tuples, frozensets), or a :func:`sum` for a move that splits. With
    ``splits=True`` every option is instead a tuple of the parts it leaves
    (``(p,)`` for a move that does not split, ``()`` for one that leaves
    nothing), which is quicker to build than a :func:`sum`. The function may
    also return a numpy array of whole numbers: one position an entry, or,
    with two dimensions, one option a row (the sum of its positions).

    Values are memoised in Rust, a key and a value per position (options are
    held only while their position is being worked out); a game that can go
    on forever is refused. The function needs the GIL, so this path does not
    release it; Ctrl-C stops it between calls.

    >>> g = Game(options=lambda n: [n - k for k in (1, 3, 4) if k <= n])
    >>> [g.value(n) for n in range(8)]
    [0, 1, 0, 1, 2, 3, 2, 0]
    >>> g.outcome(7), g.winning_moves(6)
    ('P', [2])
    >>> kayles = Game(lambda n: [(a, n - t - a) for t in (1, 2) for a in range(n - t + 1)], splits=True)
    >>> [kayles.value(n) for n in range(8)], kayles.winning_moves(5)
    ([0, 1, 2, 3, 1, 4, 3, 2], [(2, 2)])

    With ``misere=True`` the game is played misère, the player who makes
    the last move losing: :meth:`outcome` and :meth:`winning_moves` answer
    for a position or a :func:`sum` of positions, and :meth:`value` is
    refused, as a misère game has no Grundy value. A misère sum is not
    decided by nimbers, so it is searched over sums of positions (each sum
    met counts against ``max_positions``).

    >>> nim = Game(lambda n: range(n), misere=True)
    >>> nim.outcome(sum([1, 1])), nim.outcome(sum([1, 1, 1])), nim.winning_moves(sum([2, 2]))
    ('N', 'P', [])
    >>> kayles = Game(lambda n: [(a, n - t - a) for t in (1, 2) for a in range(n - t + 1)], splits=True, misere=True)
    >>> [kayles.outcome(n) for n in range(8)], kayles.winning_moves(5)
    (['N', 'P', 'N', 'N', 'P', 'N', 'N', 'N'], [(0, 4), (2, 2), (4, 0)])
    """

    __slots__ = ("_g", "options")

    def __init__(
        self,
        options: Callable[[Any], Iterable[Any]],
        max_positions: int = 10_000_000,
        splits: bool = False,
        misere: bool = False,
    ) -> None:
        if not callable(options):
            raise TypeError("options: give a function from a position to its options")
        for name, flag in (("splits", splits), ("misere", misere)):
            if not isinstance(flag, bool):
                raise TypeError(f"{name}={flag!r}: give True or False")
        self.options = options
        self._g = _grundy.CallableGame(options, max_positions, splits, misere)

    @property
    def misere(self) -> bool:
        """Whether the game is played misère (the last mover loses)."""
        return self._g.misere

    def value(self, position: Any) -> int:
        """The Grundy value (normal play; refused for a misère game)."""
        return self._g.value(position)

    def outcome(self, position: Any) -> str:
        """``'N'`` (the player to move wins) or ``'P'``, in the game's
        convention."""
        return self._g.outcome(position)

    def winning_moves(self, position: Any) -> List[Any]:
        """The options that leave a P-position (value 0 in normal play):
        as ``options`` gives them, or for a :func:`sum`, the sums a move in
        one part leaves."""
        return self._g.winning_moves(position)

    @property
    def calls(self) -> int:
        """How many times ``options`` was called."""
        return self._g.calls

    @property
    def known(self) -> int:
        """How many positions are memoised."""
        return self._g.known

    def clear(self) -> None:
        """Forgets the memoised values."""
        self._g.clear()

    def __repr__(self) -> str:
        name = getattr(self.options, "__qualname__", None) or repr(self.options)
        split = ", splits=True" if self._g.splits else ""
        misere = ", misere=True" if self._g.misere else ""
        return f"<grundy.Game options={name}{split}{misere}, {self.known} positions known>"

    def __reduce__(self) -> Any:
        # The function is pickled by reference, as pickle does functions
        # (a lambda is refused); the memo is worked out again.
        return (Game, (self.options, self._g.max_positions, self._g.splits, self._g.misere))

