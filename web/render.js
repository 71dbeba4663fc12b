// Positions drawn as SVG from the library's drawing data
// ({shape: {kind, ...}, components, value, outcome}). Every clickable part
// carries data-pick: the words the moves touching it contain (the page
// filters the legal moves by them, and plays the move when only one is left).
//
// Integers past 2^53 arrive as strings of digits (the page's numbers are
// exact): they are shown as they are, and compared as BigInt.

const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
// Every picture has a name for screen readers (aria-label): what it shows.
// Its parts are for the mouse; the list of legal moves is the way to play
// by keyboard or screen reader.
let label = "";
const svg = (w, h, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${esc(label)}">${body}</svg>`;
const text = (x, y, t, extra = "") =>
  `<text x="${x}" y="${y}" text-anchor="middle" font-size="12" ${extra}>${esc(t)}</text>`;
const fmt = (n) => Number(n).toLocaleString("en-US");

/** The largest of `xs` (numbers or strings of digits), exactly, without
 * spreading them into arguments (a long array overflows the stack). */
export function largest(xs, start = 0) {
  let best = start;
  let big = typeof start !== "number";
  for (const x of xs) {
    if (typeof x === "number" && !big) {
      if (x > best) best = x;
    } else if (x !== null && x !== undefined) {
      if (!big) { best = BigInt(best); big = true; }
      if (BigInt(x) > best) best = BigInt(x);
    }
  }
  return big && best <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(best) : big ? String(best) : best;
}

/** Orders numbers and strings of digits by their exact values. */
export const compare = (a, b) => {
  if (typeof a === "number" && typeof b === "number") return a - b;
  const x = BigInt(a), y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

// The most parts a drawing has (tokens, cells, vertices): past it the SVG
// would take seconds to lay out, so a note says what is not drawn.
export const DRAW_MAX = 5000;
const tooLarge = (what, most = `${fmt(DRAW_MAX)} cells`) =>
  `<p class="drawing-note" role="note">This position is too large to draw (${what}; the page draws at most ${most}). Its value and moves are exact.</p>`;

// The sizes of what a finger picks: on a phone (a screen at most 600 px
// wide) every token, cell, coin and vertex is at least 44 px across, a
// finger's target; with a mouse they are drawn smaller.
const FINE = { token: 13, cap: 16, cell: 34, coin: 11, square: 30, vertex: 15, row: 30, piece: 10 };
const TOUCH = { token: 23, cap: 10, cell: 50, coin: 22, square: 46, vertex: 22, row: 48, piece: 22 };
let size = FINE;
/** Whether the drawings are for a finger (a phone's narrow screen). */
export const touch = () => typeof matchMedia === "function" && matchMedia("(max-width: 600px)").matches;

const pick = (words, heap) => `data-pick="${esc(words)}"${heap !== undefined ? ` data-heap="${esc(heap)}"` : ""}`;

function heaps(sizes, label, word) {
  // Tokens drawn one by one, 24 px across (44 px on a phone); a taller
  // heap is a bar.
  const cap = size.cap;
  const r = size.token, cw = Math.max(44, 2 * r + 4), top = 10;
  if (sizes.length > DRAW_MAX / 10) return tooLarge(`${fmt(sizes.length)} ${label}s`, `${fmt(DRAW_MAX / 10)} ${label}s`);
  const tall = Math.min(cap, Number(largest(sizes, 1)));
  const h = top + tall * 2 * r + 40;
  let body = "";
  sizes.forEach((n, i) => {
    const x = 30 + i * cw;
    if (n <= cap) {
      for (let k = 0; k < n; k++) {
        const y = h - 30 - r - k * 2 * r;
        body += `<circle class="token" cx="${x}" cy="${y}" r="${r - 1}" ${pick(word(i, n), `${i}:${k}`)}><title>${label} ${i + 1}: leave ${k}</title></circle>`;
      }
    } else {
      const bh = tall * 2 * r;
      body += `<rect class="token" x="${x - r}" y="${h - 30 - bh}" width="${2 * r}" height="${bh}" ${pick(word(i, n))}/>`;
    }
    body += text(x, h - 14, n, 'font-weight="bold"') + text(x, h - 2, `${label[0]}${i + 1}`, 'fill="#666"');
  });
  return svg(Math.max(60, 20 + sizes.length * cw), h, body);
}

function cellsRow(n, fill, word, extra = () => "") {
  if (n > DRAW_MAX) return tooLarge(`${fmt(n)} cells`);
  const s = size.cell;
  let body = "";
  for (let i = 0; i < n; i++) {
    const x = 10 + i * s;
    body += `<rect class="cell" x="${x}" y="10" width="${s - 4}" height="${s - 4}" ${pick(word(i))}/>`;
    body += fill(i, x + (s - 4) / 2, 10 + (s - 4) / 2);
    body += text(x + (s - 4) / 2, 10 + s + 12, i + 1, 'fill="#666"');
  }
  body += extra();
  return svg(20 + n * s, s + 36, body);
}

/** The drawing of a position; `name` says what it shows (for screen
 * readers). */
export function draw(d, name = "the position", { finger = touch() } = {}) {
  label = name;
  size = finger ? TOUCH : FINE;
  const sh = d.shape;
  switch (sh.kind) {
    case "heaps":
      return heaps(sh.sizes, "heap", (i, n) => `heap ${i + 1}|heap of ${n}`);
    case "steps":
      return heaps(sh.coins, "step", (i) => `from step ${i + 1}`);
    case "cells": {
      const count = (i) => sh.coins.filter((c) => c === i + 1).length;
      return cellsRow(
        Number(sh.length),
        (i, cx, cy) =>
          count(i) ? `<circle class="coin" cx="${cx}" cy="${cy}" r="${size.coin}" ${pick(`coin on cell ${i + 1}`)}/>` + (count(i) > 1 ? text(cx, cy + 4, count(i), 'fill="#fff"') : "") : "",
        (i) => `cell ${i + 1}`,
      );
    }
    case "coins":
      return cellsRow(
        sh.up.length,
        (i, cx, cy) =>
          `<circle class="${sh.up[i] ? "coin up" : "coin down"}" cx="${cx}" cy="${cy}" r="${size.coin + 1}" ${pick(`turn cell ${i + 1}`)}/>` +
          text(cx, cy + 4, sh.up[i] ? "O" : "X", `fill="${sh.up[i] ? "#000" : "#fff"}" pointer-events="none"`),
        (i) => `turn cell ${i + 1}`,
      );
    case "strip":
      return cellsRow(
        sh.cells.length,
        (i, cx, cy) => (sh.cells[i] === "." ? "" : text(cx, cy + 6, sh.cells[i], 'font-size="18" font-weight="bold" pointer-events="none"')),
        (i) => `cell ${i + 1}`,
      );
    case "board": {
      const s = size.square, rows = sh.rows;
      const cells = rows.reduce((t, r) => t + r.length, 0);
      if (cells > DRAW_MAX) return tooLarge(`${fmt(cells)} cells`);
      let body = "";
      rows.forEach((row, r) => {
        [...row].forEach((c, k) => {
          // Turning Corners names cells (row, column) from 0 at the top left.
          body += `<rect class="cell ${c === "." ? "white" : "black"}" x="${10 + k * s}" y="${10 + r * s}" width="${s - 2}" height="${s - 2}" ${pick(`(${r},${k})`)}/>`;
        });
      });
      const w = largest(rows.map((r) => r.length));
      return svg(20 + w * s, 20 + rows.length * s, body);
    }
    case "cards": {
      const cards = sh.counts.reduce((t, n) => t + Number(n), 0);
      if (cards > DRAW_MAX) return tooLarge(`${fmt(cards)} cards`, `${fmt(DRAW_MAX)} cards`);
      let body = "";
      sh.values.forEach((v, i) => {
        const x = 10 + i * 56;
        const n = sh.counts[i];
        for (let k = 0; k < n; k++) {
          body += `<rect class="card" x="${x + k * 3}" y="${30 + k * 3}" width="44" height="60" rx="5" ${pick(`take ${v} (`)}/>`;
        }
        if (n === 0) body += `<rect class="card gone" x="${x}" y="30" width="44" height="60" rx="5"/>`;
        body += text(x + 22 + n * 3 - 3, 64 + n * 3 - 3, v, 'font-size="18" pointer-events="none"');
        body += text(x + 22, 120, `×${n}`, 'fill="#666"');
      });
      body += `<text x="10" y="18" font-size="13">total ${sh.total} of ${sh.limit}</text>`;
      return svg(20 + sh.values.length * 56, 130, body);
    }
    case "graph": {
      // Vertices in layers by their longest path from a source (the graph
      // has no cycles), arcs pointing down.
      const n = sh.vertices.length;
      if (n > DRAW_MAX / 10 || sh.edges.length > DRAW_MAX) return tooLarge(`${fmt(n)} vertices, ${fmt(sh.edges.length)} arcs`, `${fmt(DRAW_MAX / 10)} vertices and ${fmt(DRAW_MAX)} arcs`);
      const depth = new Array(n).fill(0);
      for (let round = 0; round < n; round++)
        for (const [a, b] of sh.edges) depth[b] = Math.max(depth[b], depth[a] + 1);
      const layers = [];
      depth.forEach((d, v) => (layers[d] = layers[d] || []).push(v));
      const pos = [];
      const width = largest(layers.map((l) => l.length)) * 80 + 40;
      layers.forEach((l, d) => l.forEach((v, k) => (pos[v] = [((k + 0.5) * width) / l.length, 30 + d * 70])));
      let body = `<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" orient="auto"><path d="M0,0L10,5L0,10z" fill="#888"/></marker></defs>`;
      for (const [a, b] of sh.edges) {
        const [x1, y1] = pos[a], [x2, y2] = pos[b];
        const len = Math.hypot(x2 - x1, y2 - y1) || 1;
        const ux = (x2 - x1) / len, uy = (y2 - y1) / len;
        const gap = size.vertex + 1;
        body += `<line x1="${x1 + ux * gap}" y1="${y1 + uy * gap}" x2="${x2 - ux * gap}" y2="${y2 - uy * gap}" stroke="#888" marker-end="url(#arrow)"/>`;
      }
      sh.vertices.forEach((name, v) => {
        const [x, y] = pos[v];
        const chips = sh.chips.filter((c) => c === v).length;
        body += `<circle class="vertex${chips ? " chip" : ""}" cx="${x}" cy="${y}" r="${size.vertex}" ${pick(`chip on ${name}`)}/>`;
        body += text(x, y + 4, chips > 1 ? `${name}×${chips}` : name, 'pointer-events="none"');
      });
      return svg(width, 40 + layers.length * 70, body);
    }
    case "rows": {
      const s = size.row, c0 = (s - 2) / 2, r = size.piece;
      const cells = Number(sh.width) * sh.tokens.length;
      if (cells > DRAW_MAX) return tooLarge(`${fmt(sh.tokens.length)} row${sh.tokens.length === 1 ? "" : "s"} of ${fmt(sh.width)} columns`);
      let body = "";
      sh.tokens.forEach(([b, w], row) => {
        for (let c = 1; c <= sh.width; c++) {
          body += `<rect class="cell" x="${10 + (c - 1) * s}" y="${10 + row * s}" width="${s - 2}" height="${s - 2}" ${pick(`row ${row + 1}`)}/>`;
        }
        body += `<circle class="piece black" cx="${10 + (b - 1) * s + c0}" cy="${10 + row * s + c0}" r="${r}" ${pick(`black token in row ${row + 1}`)}/>`;
        body += `<circle class="piece white" cx="${10 + (w - 1) * s + c0}" cy="${10 + row * s + c0}" r="${r}" ${pick(`white token in row ${row + 1}`)}/>`;
      });
      return svg(20 + sh.width * s, 20 + sh.tokens.length * s, body);
    }
    default:
      return `<pre>${esc(JSON.stringify(sh))}</pre>`;
  }
}

/** A line plot of values (the sequence plot, the history of values), of
 * any length: numbers, or strings of digits past 2^53. */
export function plot(values, { width = 640, height = 160, dots = false, mark = null, name = "a plot of values" } = {}) {
  const n = values.length;
  if (!n) return "";
  label = name;
  const top = largest(values, 1); // exact: the label
  const max = Number(top);
  const x = (i) => 30 + (n === 1 ? 0 : (i * (width - 40)) / (n - 1));
  const y = (v) => height - 20 - (Number(v) * (height - 30)) / max;
  let body = `<line x1="30" y1="${height - 20}" x2="${width - 10}" y2="${height - 20}" stroke="#999"/>`;
  // A long largest value is written along the top, from the axis.
  body += String(top).length > 4
    ? `<text x="32" y="${y(max) + 10}" font-size="12" fill="#666">${esc(top)}</text>`
    : text(15, y(max) + 4, top, 'fill="#666"');
  body += text(15, height - 16, 0, 'fill="#666"');
  if (mark) body += `<rect x="${x(mark[0])}" y="10" width="${Math.max(1, x(Math.min(n - 1, mark[1])) - x(mark[0]))}" height="${height - 30}" fill="#eef"/>`;
  // Long sequences are drawn as one point per pixel column: the column's
  // largest and smallest values.
  const cols = Math.min(n, width - 40);
  let path = "";
  for (let c = 0; c < cols; c++) {
    const i0 = Math.floor((c * n) / cols), i1 = Math.max(i0 + 1, Math.floor(((c + 1) * n) / cols));
    let lo = Infinity, hi = -Infinity;
    for (let i = i0; i < i1; i++) {
      const v = Number(values[i]);
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    const xc = cols === n ? x(i0) : 30 + c;
    path += `${c ? "L" : "M"}${xc.toFixed(1)},${y(hi).toFixed(1)}L${xc.toFixed(1)},${y(lo).toFixed(1)}`;
    if (dots) body += `<circle cx="${xc}" cy="${y(values[i0])}" r="3" fill="#346"/>`;
  }
  body += `<path d="${path}" fill="none" stroke="#346" stroke-width="1.2"/>`;
  return svg(width, height, body);
}
