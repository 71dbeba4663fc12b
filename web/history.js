// The value history of a game: after each move, who would win with best play
// and in how many moves (the remoteness), drawn as GamesmanUni's
// visual value history is, turned on its side for a wide screen.
//
// Move numbers run left to right. A position the first side would win is
// drawn above the middle line, one the second side would win below it, at
// a height of the moves left with best play (0: the game is over). So the
// line crosses the middle exactly where a move threw a win away, and such a
// move is ringed. Where a position is too large to search, its remoteness
// is unknown: it is drawn hollow, one step from the line, on the side its
// outcome gives. A draw (outcome D, in a game that can loop) is neither
// side's: it sits on the middle line, in a colour of its own, as draws do
// in GamesmanUni's chart.

const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Which side (0: the side that moves first, 1: the other) wins the
 * position after `ply` moves with best play, given its outcome; `null`
 * for a draw.
 */
export const winnerAt = (ply, outcome) => (outcome === "D" ? null : outcome === "N" ? ply % 2 : 1 - (ply % 2));

/**
 * The moves that threw a win away: the ply numbers `k` (1-based, the k-th
 * move) after which the mover no longer wins (the other side does, or it
 * is a draw), where the mover was winning.
 */
export function mistakes(history) {
  const out = [];
  for (let k = 1; k < history.length; k++) {
    const before = winnerAt(k - 1, history[k - 1].outcome);
    const after = winnerAt(k, history[k].outcome);
    if (before === (k - 1) % 2 && after !== before) out.push(k);
  }
  return out;
}

/** The moves that threw a draw away: after them the other side wins. */
export function drawsLost(history) {
  const out = [];
  for (let k = 1; k < history.length; k++) {
    const before = winnerAt(k - 1, history[k - 1].outcome);
    if (before === null && winnerAt(k, history[k].outcome) === k % 2) out.push(k);
  }
  return out;
}

/** "you win" or "the computer wins" for a side's name. */
const wins = (name) => `${name.toLowerCase()} ${name === "You" ? "win" : "wins"}`;

/**
 * The chart as SVG. `history`: the analysis' `history` ({value, outcome,
 * remoteness} of the start and after each move); `sides`: the names of the
 * side moving first and of the other ("You", "The computer").
 */
export function valueHistory(history, sides, { width = 480 } = {}) {
  const n = history.length;
  if (!n) return "";
  const known = history.map((h) => h.remoteness).filter((r) => r !== null && r !== undefined);
  const top = Math.max(1, ...known);
  const half = Math.min(90, Math.max(40, top * 8));
  const height = 2 * half + 40;
  const mid = 20 + half;
  const left = 70, right = 12;
  const x = (k) => left + (n === 1 ? 0 : (k * (width - left - right)) / (n - 1));
  const y = (k) => {
    const h = history[k];
    const r = h.remoteness ?? 1;
    const side = winnerAt(k, h.outcome);
    if (side === null) return mid;
    return mid + (side === 0 ? -1 : 1) * (r * half) / top;
  };
  const wrong = new Set([...mistakes(history), ...drawsLost(history)]);
  const draws = history.some((h) => h.outcome === "D");
  let body = `<rect x="${left}" y="20" width="${width - left - right}" height="${half}" fill="#eef7ee"/>`;
  body += `<rect x="${left}" y="${mid}" width="${width - left - right}" height="${half}" fill="#f7eeee"/>`;
  body += `<line x1="${left}" y1="${mid}" x2="${width - right}" y2="${mid}" stroke="#666"/>`;
  // The sides inside their halves; the moves left on the axis.
  body += `<text x="${left + 4}" y="32" font-size="11" fill="#1d5a1d">${esc(sides[0])} ${sides[0] === "You" ? "win" : "wins"} ↑</text>`;
  body += `<text x="${left + 4}" y="${height - 26}" font-size="11" fill="#7a1d1d">${esc(sides[1])} ${sides[1] === "You" ? "win" : "wins"} ↓</text>`;
  body += `<text x="${left - 4}" y="24" text-anchor="end" font-size="11">${top} left</text>`;
  body += `<text x="${left - 4}" y="${mid + 4}" text-anchor="end" font-size="11">${draws ? "draw" : "game over"}</text>`;
  body += `<text x="${left - 4}" y="${height - 20}" text-anchor="end" font-size="11">${top} left</text>`;
  body += `<text x="${(left + width - right) / 2}" y="${height - 2}" text-anchor="middle" font-size="11">move number</text>`;
  let path = "";
  for (let k = 0; k < n; k++) path += `${k ? "L" : "M"}${x(k).toFixed(1)},${y(k).toFixed(1)}`;
  body += `<path d="${path}" fill="none" stroke="#457" stroke-width="1.5"/>`;
  for (let k = 0; k < n; k++) {
    const h = history[k];
    const unknown = h.remoteness === null || h.remoteness === undefined;
    const side = winnerAt(k, h.outcome);
    const fill = side === null ? "#c90" : unknown ? "#fff" : side === 0 ? "#2a7a2a" : "#9a2a2a";
    const who = k === 0 ? "the start" : `move ${k}, by ${sides[(k - 1) % 2].toLowerCase()}`;
    const what = side === null ? `${who}: a draw with best play` : `${who}: ${wins(sides[side])}${unknown ? "" : h.remoteness ? ` in ${h.remoteness}` : " (game over)"}`;
    body += `<circle cx="${x(k).toFixed(1)}" cy="${y(k).toFixed(1)}" r="4" fill="${fill}" stroke="#333" data-ply="${k}" data-side="${side === null ? "draw" : side}"${unknown ? "" : ` data-remoteness="${h.remoteness}"`}><title>${esc(what)}</title></circle>`;
    if (wrong.has(k)) body += `<circle cx="${x(k).toFixed(1)}" cy="${y(k).toFixed(1)}" r="8" fill="none" stroke="#d80" stroke-width="2" class="mistake" data-ply="${k}"/>`;
  }
  const thrown = mistakes(history), lost = drawsLost(history);
  const label = `Value history: who wins with best play after each of ${n - 1} move${n === 2 ? "" : "s"}` +
    (draws ? ", or whether it is a draw" : "") +
    (thrown.length ? `; a win was thrown away at move ${thrown.join(", ")}` : "") +
    (lost.length ? `; a draw was thrown away at move ${lost.join(", ")}` : "");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${esc(label)}">${body}</svg>`;
}
