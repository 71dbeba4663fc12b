//! Playing Turning Corners: the board drawn as a grid with the value
//! `x * y` (nim product) of each white cell, moves typed as
//! `grundy corners` prints them (`(x,y) (x',y')`), explanations by the
//! change `(x ⊕ x') * (y ⊕ y')` a move makes to the value.
//!
//! Stall rule: flip the smallest rectangle, `(x, y)` and `(x - 1, y - 1)`,
//! at the white cell furthest down and then furthest right.

use std::fmt::Write;

use serde_json::Value;

use crate::family::drawing::{Part, Shape};
use crate::family::report::Report;
use crate::family::{Analyse, Draw, Drawing, Error, Notation, Parsed};
use crate::game::{Convention, Outcome};
use crate::games::corners::{self, Board, CornersMove};
use crate::nimber::{nim_mul, Nimber};
use crate::solve::SolveError;
use crate::strategy::{Choice, Moves, Play};

/// The largest side drawn with the value of every white cell.
const VALUES_SIDE: usize = 16;

/// Turning Corners for the computer player and the session.
pub struct CornersPlay;

/// Refuses misère play: Turning Corners is played in normal play only.
pub fn normal_only(convention: Convention) -> Result<(), Error> {
    if convention == Convention::Misere {
        return Err(Error::new(
            "misère play of corners is not supported; play it in normal play",
        ));
    }
    Ok(())
}

/// The game and the board read from a board file's text (rows of `#` and
/// `.`, or `0` and `1`).
pub fn start(text: &str, convention: Convention) -> Result<(CornersPlay, Board), Error> {
    normal_only(convention)?;
    let board = Board::parse(text).map_err(|e| Error::new(e.to_string()))?;
    Ok((CornersPlay, board))
}

/// Largest side for which [`report`] lists every winning move.
pub const ALL_MAX_SIDE: usize = 64;

/// What `grundy corners` prints for `board`, named `label` (its file):
/// the value, the outcome and one winning move, or every one when `all`
/// (boards up to [`ALL_MAX_SIDE`] on a side); each move with the cells it
/// flips; the explanation when `explain`.
///
/// ```
/// use grundy::families::corners::report;
/// use grundy::games::corners::Board;
/// let board = Board::parse("....\n..#.\n....").unwrap();
/// let r = report(&board, "b.txt", true, false).unwrap();
/// assert_eq!((r.value, r.winning_moves.len()), (Some(2), 5));
/// assert_eq!(r.position_text, "b.txt (3 x 4, 11 white cells)");
/// ```
pub fn report(board: &Board, label: &str, all: bool, explain: bool) -> Result<Report, Error> {
    if all && board.rows().max(board.cols()) > ALL_MAX_SIDE {
        let candidates: usize = (1..board.rows())
            .map(|x| x * (1..board.cols()).filter(|&y| board.is_white(x, y)).count())
            .sum();
        return Err(Error::new(format!(
            "--all lists every winning move only on boards up to {ALL_MAX_SIDE} x {ALL_MAX_SIDE}; \
             this {} x {} board has {candidates} candidate moves to check, each printed with a whole board; \
             leave out --all for one winning move",
            board.rows(),
            board.cols()
        )));
    }
    let analysis = corners::analyze(board, all);
    let show = |b: &Board| {
        let lines = b.to_lines();
        let text = if b.cols() <= 40 && b.rows() <= 40 {
            format!("\n    {}", lines.join("\n    "))
        } else {
            format!("({} x {} board)", b.rows(), b.cols())
        };
        (Value::from(lines), text)
    };
    let mut report = Report::from_analysis("corners", board, &analysis, show);
    report.position_text = format!(
        "{label} ({} x {}, {} white cells)",
        board.rows(),
        board.cols(),
        board.white_cells()
    );
    for (m, w) in report.winning_moves.iter_mut().zip(&analysis.winning_moves) {
        let cells =
            w.mv.cells()
                .iter()
                .map(|&(x, y)| Value::from(vec![x, y]))
                .collect();
        m.cells = Some(Value::Array(cells));
    }
    if explain {
        report.explanation = Some(corners::explain(board));
    }
    Ok(report)
}

/// Reads a board as the board families write it: rows separated by `/`
/// or blanks, or a JSON list of rows.
///
/// ```
/// use grundy::families::corners::parse_board;
/// assert_eq!(parse_board("..#/...").unwrap().to_lines(), ["..#", "..."]);
/// assert_eq!(parse_board(r##"["..", "#."]"##).unwrap().rows(), 2);
/// ```
pub fn parse_board(text: &str) -> Result<Board, String> {
    let t = text.trim();
    let rows: Vec<String> = if t.starts_with('[') {
        serde_json::from_str(t).map_err(|e| format!("not a JSON list of board rows: {e}"))?
    } else {
        t.split(|c: char| c == '/' || c.is_whitespace())
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect()
    };
    Board::parse(&rows.join("\n")).map_err(|e| format!("board: {e}"))
}

fn white_corners(b: &Board) -> impl Iterator<Item = (usize, usize)> + '_ {
    (1..b.rows()).flat_map(move |x| {
        (1..b.cols())
            .filter(move |&y| b.is_white(x, y))
            .map(move |y| (x, y))
    })
}

/// Reads the four numbers of `(x,y) (x',y')`.
fn four_numbers(text: &str) -> Option<Vec<usize>> {
    let t = text.split(':').next().unwrap_or("");
    if !t.trim_start().starts_with('(') {
        return None;
    }
    let nums: Vec<&str> = t
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .collect();
    let parsed: Vec<usize> = nums.iter().filter_map(|s| s.parse().ok()).collect();
    (parsed.len() == nums.len()).then_some(parsed)
}

impl Play for CornersPlay {
    type Position = Board;
    type Move = CornersMove;

    fn convention(&self) -> Convention {
        Convention::Normal
    }

    fn move_count(&self, b: &Board) -> u128 {
        white_corners(b).map(|(x, y)| (x * y) as u128).sum()
    }

    fn moves(&self, b: &Board) -> Moves<CornersMove, Board> {
        let mut out = Vec::new();
        for (x, y) in white_corners(b) {
            for x2 in (0..x).rev() {
                for y2 in (0..y).rev() {
                    let mv = CornersMove { x, y, x2, y2 };
                    out.push((mv, b.after(&mv)));
                }
            }
        }
        out
    }

    fn winning_moves(&self, b: &Board) -> Result<Moves<CornersMove, Board>, SolveError> {
        Ok(corners::winning_moves(b)
            .into_iter()
            .map(|m| (m, b.after(&m)))
            .collect())
    }

    fn stall_moves(&self, b: &Board) -> Moves<CornersMove, Board> {
        white_corners(b)
            .last()
            .map(|(x, y)| {
                let mv = CornersMove {
                    x,
                    y,
                    x2: x - 1,
                    y2: y - 1,
                };
                vec![(mv, b.after(&mv))]
            })
            .unwrap_or_default()
    }
}

impl Notation for CornersPlay {
    fn name(&self) -> String {
        "corners".to_string()
    }

    fn position_json(&self, b: &Board) -> Value {
        Value::from(b.to_lines())
    }

    fn position_text(&self, b: &Board) -> String {
        b.to_lines().join("/")
    }

    fn parse_position(&self, text: &str) -> Result<Board, String> {
        parse_board(text)
    }

    fn parse_move(&self, b: &Board, text: &str) -> Parsed<CornersMove, Board> {
        let Some(n) = four_numbers(text) else {
            return Ok(None);
        };
        let [x, y, x2, y2] = n[..] else {
            return Err(format!(
                "'{text}' is not a Turning Corners move; write it as (x,y) (x',y'), e.g. (2,3) (0,1)"
            ));
        };
        if x >= b.rows() || y >= b.cols() {
            return Err(format!(
                "({x},{y}) is off the board: rows 0 to {}, columns 0 to {}",
                b.rows() - 1,
                b.cols() - 1
            ));
        }
        if !b.is_white(x, y) {
            return Err(format!(
                "cell ({x},{y}) is black: the corner (x, y) must be white"
            ));
        }
        if x2 >= x || y2 >= y {
            return Err(format!(
                "the opposite corner ({x2},{y2}) must lie above and to the left of ({x},{y}): x' < x and y' < y"
            ));
        }
        let mv = CornersMove { x, y, x2, y2 };
        Ok(Some((mv, b.after(&mv))))
    }

    fn move_to(&self, from: &Board, to: &Board) -> Result<(CornersMove, Board), String> {
        if from.rows() != to.rows() || from.cols() != to.cols() {
            return Err(format!(
                "the board is {} x {}, not {} x {}",
                from.rows(),
                from.cols(),
                to.rows(),
                to.cols()
            ));
        }
        let mut changed = Vec::new();
        for x in 0..from.rows() {
            for y in 0..from.cols() {
                if from.is_white(x, y) != to.is_white(x, y) {
                    changed.push((x, y));
                }
            }
        }
        let [(x2, y2), (_, y), (x, _), _] = changed[..] else {
            return Err(format!(
                "{} cells change: a move flips the four corners of a rectangle",
                changed.len()
            ));
        };
        let mv = CornersMove { x, y, x2, y2 };
        if mv.cells().iter().any(|c| !changed.contains(c)) || x2 >= x || y2 >= y {
            return Err(
                "the cells that change are not the four corners of a rectangle".to_string(),
            );
        }
        if !from.is_white(x, y) {
            return Err(format!(
                "the bottom-right corner ({x},{y}) is black: it must be white"
            ));
        }
        Ok((mv, to.clone()))
    }
}

impl Analyse for CornersPlay {
    fn value(&self, b: &Board) -> Option<Nimber> {
        Some(corners::value(b))
    }

    fn outcome(&self, b: &Board) -> Outcome {
        Outcome::from_value(corners::value(b))
    }

    fn explain_choice(&self, before: &Board, c: &Choice<CornersMove, Board>) -> String {
        let m = c.mv;
        let v = corners::value(before).0;
        let (dx, dy) = (m.x ^ m.x2, m.y ^ m.y2);
        let change = nim_mul(dx as u64, dy as u64);
        let mut out = format!("The computer played: {m}.\n");
        let _ = writeln!(
            out,
            "The board is the sum of the games P(x, y), one per white cell, and P(x, y) = x * y (nim product): \
             its value was the XOR of x * y over the white cells, {v}."
        );
        let _ = writeln!(
            out,
            "Flipping the corners ({},{}) and ({},{}) changes the value by (x ⊕ x') * (y ⊕ y') = ({} ⊕ {}) * ({} ⊕ {}) \
             = {dx} * {dy} = {change} (⊕ the nim-sum, * the nim product), so the value is now {v} XOR {change} = {}.",
            m.x,
            m.y,
            m.x2,
            m.y2,
            m.x,
            m.x2,
            m.y,
            m.y2,
            v ^ change
        );
        if v == 0 {
            let _ = writeln!(
                out,
                "The value was 0, a P-position: a product of two non-zero nimbers is never 0, so every move leaves a \
                 non-zero value, and you now have a winning move (hint shows it)."
            );
        } else {
            let _ = writeln!(
                out,
                "The value was {v}, so the computer needed (x ⊕ x') * (y ⊕ y') = {v}: for dx = {dx} that is \
                 dy = {v} / {dx} = {dy} (nim division), and y' = {} XOR {dy} = {} < {}. You face value 0, a P-position.",
                m.y, m.y2, m.y
            );
        }
        out
    }

    fn stall_rule(&self) -> &'static str {
        "flip the smallest rectangle, (x, y) and (x - 1, y - 1), at the white cell furthest down and then right"
    }
}

impl Draw for CornersPlay {
    fn draw(&self, b: &Board) -> String {
        let mut out = String::new();
        let digits = b.rows().max(b.cols()).saturating_sub(1).to_string().len();
        let small = b.rows().max(b.cols()) <= VALUES_SIDE;
        let cell = if small {
            let top = (0..b.rows())
                .flat_map(|x| (0..b.cols()).map(move |y| nim_mul(x as u64, y as u64)))
                .max()
                .unwrap_or(0);
            top.to_string().len().max(digits)
        } else {
            1
        };
        if b.rows() * b.cols() <= 64 * 64 {
            let _ = write!(out, "  {:>digits$} |", "");
            for y in 0..b.cols() {
                if small {
                    let _ = write!(out, " {y:>cell$}");
                } else if y % 10 == 0 {
                    let _ = write!(out, "{}", y / 10 % 10);
                } else {
                    out.push(' ');
                }
            }
            out.push('\n');
            for x in 0..b.rows() {
                let _ = write!(out, "  {x:>digits$} |");
                for y in 0..b.cols() {
                    let c = if !b.is_white(x, y) {
                        "#".to_string()
                    } else if small {
                        nim_mul(x as u64, y as u64).to_string()
                    } else {
                        ".".to_string()
                    };
                    if small {
                        let _ = write!(out, " {c:>cell$}");
                    } else {
                        out.push_str(&c);
                    }
                }
                out.push('\n');
            }
            if small {
                let _ = writeln!(
                    out,
                    "  (# black; a white cell (x, y) shows its value x * y, nim product)"
                );
            }
        } else {
            let _ = writeln!(
                out,
                "  a {} x {} board with {} white cells",
                b.rows(),
                b.cols(),
                b.white_cells()
            );
        }
        let v = corners::value(b);
        let o = Outcome::from_value(v);
        let _ = writeln!(
            out,
            "  value: XOR of x * y over the white cells = {}: {}",
            v.0,
            o.verdict()
        );
        out
    }

    fn drawing(&self, b: &Board) -> Drawing {
        Drawing {
            shape: Shape::Board { rows: b.to_lines() },
            components: white_corners(b)
                .map(|(x, y)| Part {
                    label: format!("({x},{y})"),
                    value: Some(nim_mul(x as u64, y as u64)),
                })
                .collect(),
            value: Some(corners::value(b).0),
            outcome: self.outcome(b),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        Board::parse(&text.replace('/', "\n")).unwrap()
    }

    #[test]
    fn typed_moves_and_positions() {
        let g = CornersPlay;
        let b = board("..../.#../..../....");
        let (m, after) = g.parse_move(&b, "(2,3) (0,1)").unwrap().unwrap();
        assert_eq!((m.x, m.y, m.x2, m.y2), (2, 3, 0, 1));
        assert_eq!(g.move_to(&b, &after).unwrap().0, m);
        assert!(g
            .parse_move(&b, "(1,1) (0,0)")
            .unwrap_err()
            .contains("black"));
        assert!(g
            .parse_move(&b, "(2,2) (3,0)")
            .unwrap_err()
            .contains("x' < x"));
        assert!(g
            .parse_move(&b, "(9,9) (0,0)")
            .unwrap_err()
            .contains("off the board"));
        assert!(g
            .parse_move(&b, "(1,2)")
            .unwrap_err()
            .contains("(x,y) (x',y')"));
        assert!(g.parse_move(&b, "..../....").unwrap().is_none());
        let typed = g.parse_position(&g.position_text(&after)).unwrap();
        assert_eq!(typed, after);
        let mut two = b.clone();
        two.flip(3, 3);
        assert!(g.move_to(&b, &two).unwrap_err().contains("1 cells change"));
    }

    #[test]
    fn move_count_and_values() {
        let g = CornersPlay;
        let b = board("..../.#../..../....");
        assert_eq!(g.move_count(&b), g.moves(&b).len() as u128);
        for (m, after) in g.winning_moves(&b).unwrap() {
            assert_eq!(corners::value(&after).0, 0, "{m}");
        }
        let d = g.draw(&b);
        assert!(
            d.contains("value: XOR of x * y over the white cells"),
            "{d}"
        );
    }
}
