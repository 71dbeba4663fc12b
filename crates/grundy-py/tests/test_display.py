"""What a notebook shows: one HTML form per position with the picture in
it, pictures that hold all they draw, nimbers that repr as Python."""

import xml.etree.ElementTree as ET

import pytest

import grundy
from grundy import Nimber

SVG = "{http://www.w3.org/2000/svg}"


def positions():
    for f in grundy.families():
        for variant, position in f["examples"]:
            yield grundy.Position(grundy._grundy.Position(f["name"], variant, position, False))
    yield grundy.game("kayles", list(range(1, 30)))
    yield grundy.game("nim", [40, 0, 3])
    yield grundy.game("nim", [])
    yield grundy.game("nim", [1, 2, 3], misere=True)
    yield grundy.game("chips", "a <b>", graph="a <b>;<b> c")
    yield grundy.game("turtles", "X" * 250)


def test_one_html_display_with_the_picture():
    p = grundy.game("kayles", [3, 5])
    # A notebook shows the richest form only: a picture beside the HTML
    # would never be seen.
    assert not hasattr(p, "_repr_svg_")
    h = p._repr_html_()
    assert "<svg" in h and h.count("<svg") == 1 and "winning move" in h
    assert p.svg() in h


@pytest.mark.parametrize("p", list(positions()), ids=lambda p: f"{p.name} {p.text}"[:40])
def test_pictures_hold_what_they_draw(p):
    root = ET.fromstring(p.svg())  # well-formed XML, names escaped
    width, height = float(root.get("width")), float(root.get("height"))
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    for el in root:
        tag = el.tag[len(SVG):]
        if tag == "circle":
            x, y, r = (float(el.get(k)) for k in ("cx", "cy", "r"))
            assert r <= x <= width - r and r <= y <= height - r, (tag, x, y)
        elif tag == "rect":
            x, y, w, h = (float(el.get(k)) for k in ("x", "y", "width", "height"))
            assert 0 <= x and x + w <= width and 0 <= y and y + h <= height, (tag, x, y)
        elif tag == "text":
            x, y = float(el.get("x")), float(el.get("y"))
            # 6.5 pixels a character at most in 11-pixel sans-serif.
            assert 0 <= x and x + 6.5 * len(el.text or "") <= width, (el.text, width)
            assert 8 <= y <= height, (el.text, y, height)


def test_nimbers_repr_as_python():
    n = Nimber(5)
    assert repr(n) == "grundy.Nimber(5)" and eval(repr(n), {"grundy": grundy}) == n
    assert str(n) == "*5" and f"{n}" == "*5" and n._repr_latex_() == "$*5$"
    assert repr([Nimber(1), Nimber(2)]) == "[grundy.Nimber(1), grundy.Nimber(2)]"


@pytest.mark.parametrize("rule,board,marked", [
    ("last-to-toggle", "0111100", [2, 3, 4, 5]),
    ("last-to-toggle", "1101110", [1, 2, 4, 5, 6]),
    ("last-to-toggle", "0000", []),
    ("treblecross", "X..X.....", [1, 4]),
    ("crosses", "X.....", [1]),
])
def test_a_strip_draws_its_marked_cells_only(rule, board, marked):
    # A Last-to-Toggle array is written in 1s (lit) and 0s (unlit): only the
    # lit cells hold a token, as only the X's of a crosses strip do.
    root = ET.fromstring(grundy.game("strip", board, rule=rule).svg())
    cells = [el for el in root if el.tag == SVG + "rect"]
    tokens = [el for el in root if el.tag == SVG + "circle"]
    assert len(cells) == len(board)
    left = [float(c.get("x")) for c in cells]
    assert [1 + left.index(float(t.get("cx")) - 9) for t in tokens] == marked
