"""SVG pictures of positions, from the library's drawing data
(``Position.drawing()``): one small renderer per shape kind."""

from __future__ import annotations

import textwrap
from html import escape
from typing import Any, Dict, List

from ._types import Drawing

_C = 18  # cell size in pixels
_TOKEN = "#0969da"
_EMPTY = "#eaeef2"
_MARK = "#24292f"


#: The widest a character of the caption may be, in pixels (11 px sans-serif).
_CHAR = 6.5


def _svg(width: float, height: float, body: List[str], caption: str) -> str:
    """The picture: ``body`` in ``width`` x ``height`` pixels, and the caption
    below it, wrapped to the picture's width (at least 320 pixels) so that
    none of it is cut off."""
    w = max(int(width) + 8, 320)
    lines = textwrap.wrap(caption, max(20, int((w - 8) / _CHAR))) or [""]
    h = int(height) + 8 + 14 * len(lines)
    text = "".join(
        f"<text x='4' y='{int(height) + 14 * (i + 1)}'>{escape(line)}</text>"
        for i, line in enumerate(lines)
    )
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{w}' height='{h}' "
        f"viewBox='0 0 {w} {h}' font-family='sans-serif' font-size='11'>"
        + "".join(body)
        + text
        + "</svg>"
    )


def _columns(counts: List[int], cap: int = 30) -> List[str]:
    tallest = min(max(counts, default=0), cap)
    body = []
    for i, n in enumerate(counts):
        x = 4 + i * (_C + 6)
        for j in range(min(n, cap)):
            y = 4 + (tallest - 1 - j) * _C
            body.append(f"<circle cx='{x + _C / 2}' cy='{y + _C / 2}' r='{_C / 2 - 2}' fill='{_TOKEN}'/>")
        label = str(n) if n <= cap else f"{n}…"
        body.append(f"<text x='{x + 2}' y='{4 + tallest * _C + 12}'>{label}</text>")
    return body


def render(d: Drawing) -> str:
    """An SVG picture of a drawing."""
    shape: Dict[str, Any] = d["shape"]
    kind = shape["kind"]
    value = "" if d.get("value") is None else f"value *{d['value']}, "
    caption = f"{value}{d['outcome']}-position"
    body: List[str] = []
    w: float = 0
    h: float = 0
    if kind in ("heaps", "steps"):
        counts = shape["sizes"] if kind == "heaps" else shape["coins"]
        body = _columns(counts)
        w = max(1, len(counts)) * (_C + 6)
        h = min(max(counts, default=0), 30) * _C + 18
    elif kind in ("cells", "coins", "strip"):
        if kind == "cells":
            n = shape["length"]
            held = set(shape["coins"])
            cells = [(i + 1) in held for i in range(n)]
        elif kind == "coins":
            cells = shape["up"]
        else:
            # A cell is marked unless it is empty ("." on a crosses or
            # Treblecross strip) or unlit ("0" in Last-to-Toggle).
            cells = [c not in ".0" for c in shape["cells"]]
        n = min(len(cells), 200)
        for i in range(n):
            x = 4 + i * _C
            body.append(f"<rect x='{x}' y='4' width='{_C}' height='{_C}' fill='{_EMPTY}' stroke='#8c959f'/>")
            if cells[i]:
                body.append(f"<circle cx='{x + _C / 2}' cy='{4 + _C / 2}' r='{_C / 2 - 3}' fill='{_TOKEN if kind != 'strip' else _MARK}'/>")
        w, h = n * _C, _C + 6
    elif kind == "board":
        rows = shape["rows"][:60]
        for r, row in enumerate(rows):
            for c, ch in enumerate(row[:60]):
                fill = _MARK if ch in "#X1" else _EMPTY
                body.append(f"<rect x='{4 + c * _C}' y='{4 + r * _C}' width='{_C}' height='{_C}' fill='{fill}' stroke='#8c959f'/>")
        w = max((min(len(r), 60) for r in rows), default=0) * _C
        h = len(rows) * _C + 6
    elif kind == "rows":
        width = min(shape["width"], 60)
        for r, (b, wt) in enumerate(shape["tokens"][:60]):
            for c in range(width):
                body.append(f"<rect x='{4 + c * _C}' y='{4 + r * _C}' width='{_C}' height='{_C}' fill='{_EMPTY}' stroke='#8c959f'/>")
            for col, fill in ((b, _MARK), (wt, "#ffffff")):
                if 1 <= col <= width:
                    body.append(f"<circle cx='{4 + (col - 0.5) * _C}' cy='{4 + (r + 0.5) * _C}' r='{_C / 2 - 3}' fill='{fill}' stroke='{_MARK}'/>")
        w, h = width * _C, len(shape["tokens"][:60]) * _C + 6
    elif kind == "cards":
        body = _columns(shape["counts"])
        for i, v in enumerate(shape["values"]):
            body.append(f"<text x='{4 + i * (_C + 6) + 2}' y='{4 + min(max(shape['counts'], default=0), 30) * _C + 24}' fill='#57606a'>[{v}]</text>")
        w = max(1, len(shape["counts"])) * (_C + 6)
        h = min(max(shape["counts"], default=0), 30) * _C + 30
        caption = f"total {shape['total']} of {shape['limit']}; " + caption
    elif kind == "graph":
        import math

        names = shape["vertices"][:100]
        n = max(1, len(names))
        radius = 20 + 12 * n
        pos = [(radius + 24 + radius * math.cos(2 * math.pi * i / n),
                radius + 24 + radius * math.sin(2 * math.pi * i / n)) for i in range(n)]
        for a, b in shape["edges"]:
            if a < n and b < n:
                (x1, y1), (x2, y2) = pos[a], pos[b]
                body.append(f"<line x1='{x1}' y1='{y1}' x2='{x2}' y2='{y2}' stroke='#8c959f'/>")
        chips = [0] * n
        for c in shape["chips"]:
            if c < n:
                chips[c] += 1
        for i, (cx, cy) in enumerate(pos):
            fill = _TOKEN if chips[i] else _EMPTY
            body.append(f"<circle cx='{cx}' cy='{cy}' r='9' fill='{fill}' stroke='{_MARK}'/>")
            label = escape(names[i]) + (f" ×{chips[i]}" if chips[i] > 1 else "")
            body.append(f"<text x='{cx + 11}' y='{cy - 8}'>{label}</text>")
        w = h = int(2 * radius + 60)
    else:  # a shape this version does not know: the parts only
        body.append(f"<text x='4' y='16'>{escape(kind)}</text>")
        w, h = 200, 20
    parts = ", ".join(
        f"{p['label']}: *{p['value']}" if p.get("value") is not None else p["label"]
        for p in d.get("components", [])[:12]
    )
    if parts:
        caption = f"{caption}; {parts}"
    return _svg(w, h, body, caption)


__all__: List[Any] = ["render"]
