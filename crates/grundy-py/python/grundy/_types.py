"""The shapes of the dicts the package returns, for type checkers (they
are plain dicts at run time)."""

from typing import Any, Dict, List, Optional, Tuple, TypedDict, Union


class FamilyInfo(TypedDict):
    """A family of :func:`grundy.families`."""

    name: str
    title: str
    rules: str
    aliases: List[str]
    summary: str
    variant: str
    position: str
    examples: List[Tuple[str, str]]


class GlossaryTerm(TypedDict):
    """A term of :func:`grundy.glossary`: the term, its other names, and
    what it means in plain words."""

    term: str
    aliases: List[str]
    definition: str


class WinningMove(TypedDict):
    """A winning move of a report: the game's words, the position left."""

    move: str
    to: Any


class Report(TypedDict):
    """The command line's ``--json`` report of a position."""

    game: str
    position: Any
    convention: str
    #: A whole number; ``{"infinity": [...]}`` for a loopy game's infinite
    #: value (:attr:`grundy.Position.loopy_value` reads it as a class);
    #: ``None`` in misère play.
    value: Union[int, Dict[str, List[int]], None]
    outcome: str
    winning_moves: List[WinningMove]


class MoveInfo(TypedDict):
    """A legal move with the position it leaves, its value and outcome, and
    its remoteness (how many more moves the game lasts with best play;
    ``None`` where the search would be too long or play can repeat)."""

    move: str
    to: Any
    to_text: str
    value: Optional[int]
    outcome: str
    remoteness: Optional[int]


class Component(TypedDict, total=False):
    """A part of a drawing with its value."""

    label: str
    value: Optional[int]


class Drawing(TypedDict):
    """A position drawn as data: ``shape`` has a ``kind`` and its fields."""

    shape: Dict[str, Any]
    components: List[Component]
    value: Optional[int]
    outcome: str


class SequenceStats(TypedDict):
    """The figures of a sequence."""

    max_value: int
    max_value_at: int
    value_counts: List[List[int]]
    p_count: int
    engine: str
    rc: Optional[Dict[str, Any]]


class Finding(TypedDict, total=False):
    """A pattern found in values (``grundy pattern --json``'s findings):
    ``status`` is ``"proven"`` (with ``theorem``) or ``"observed"`` (with
    ``to``); ``kind`` ``"known_game"`` names the known game the values
    equal."""

    kind: str
    formula: str
    found_to: int
    checked_to: int
    status: str
    theorem: str
    to: int


class _Counterexample(TypedDict):
    n: int
    left: Optional[int]
    right: Optional[int]
    what: str


class Counterexample(_Counterexample, total=False):
    """Where a claim fails: the position, both sides there, in words;
    ``xy``, the cell ``[x, y]``, only for a claim about a table (``n`` is
    then ``max(x, y)``)."""

    xy: List[int]


class CheckAnswer(TypedDict):
    """A claim decided (``grundy check --json``)."""

    claim: str
    verdict: str
    theorem: Optional[str]
    checked_to: int
    counterexample: Optional[Counterexample]
    text: str


class Generator(TypedDict):
    """A generator of a misère quotient: its name and the heap it is the
    image of."""

    name: str
    heap: int


class PhiPeriodicity(TypedDict):
    """Whether Φ repeats: ``status`` is ``"proven"`` (by the misère
    periodicity theorem), ``"observed"`` or ``"none"``."""

    status: str
    preperiod: Optional[int]
    period: Optional[int]


class MisereQuotient(TypedDict):
    """A misère quotient (``grundy misere --json``); words are normal
    forms in the generators, ``1`` the identity."""

    rule: str
    top: int
    order: int
    p_size: int
    generators: List[Generator]
    relations: List[List[str]]
    elements: List[str]
    p_portion: List[str]
    phi: List[str]
    periodicity: PhiPeriodicity
    orders: List[int]
    stopped: Optional[str]
    seconds: float


# ``from`` is a keyword: the field is declared in the functional form.
_GenusFrom = TypedDict("_GenusFrom", {"from": int})


class GenusTable(_GenusFrom):
    """The genus of each heap ``from..=to`` (``grundy seq --genus
    --json``), one entry per heap in each list."""

    rule: str
    to: int
    values: List[int]
    misere_values: List[int]
    genus: List[str]
    genus_full: List[str]
    tame: List[bool]
    phylum: List[str]


__all__ = [
    "CheckAnswer",
    "Component",
    "Counterexample",
    "Drawing",
    "FamilyInfo",
    "Finding",
    "Generator",
    "GenusTable",
    "GlossaryTerm",
    "MisereQuotient",
    "MoveInfo",
    "PhiPeriodicity",
    "Report",
    "SequenceStats",
    "WinningMove",
]
