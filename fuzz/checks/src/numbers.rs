//! Positions the command line reads as lists of numbers: the card game's
//! rules and position, and Northcott rows. The library has no text parser
//! for them (the command line splits the text and reads each number), so
//! the numbers come straight from the bytes, leaning to small values and
//! to values next to 0 and `u64::MAX`, and go through the library's checks
//! and analyses as the command line's would.

use std::collections::BTreeSet;

use grundy::game::{Convention, Outcome};
use grundy::games::cards::{self, CardsPosition, Rules, Table, MAX_TABLE, MAX_VALUES};
use grundy::games::northcott::{self, Color, Row};
use grundy::nimber::Nimber;

use crate::one_line;

/// Positions solved by a table of at most this many entries are checked
/// position by position.
const SOLVED_TABLE: u128 = 1024;
/// Northcott boards with at most this many moves have them listed.
const LISTED_MOVES: u128 = 4096;

/// Numbers from the fuzzer's bytes; zeros once they run out.
struct Numbers<'a>(&'a [u8]);

impl Numbers<'_> {
    fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    /// A number: mostly small, sometimes near `u64::MAX`, sometimes any.
    fn number(&mut self) -> u64 {
        let tag = self.byte();
        match tag % 8 {
            0..=4 => u64::from(self.byte() % 64),
            5 => u64::from(self.byte()) << 8 | u64::from(self.byte()),
            6 => u64::MAX - u64::from(self.byte() % 16),
            _ => {
                let mut b = [0u8; 8];
                for x in &mut b {
                    *x = self.byte();
                }
                u64::from_le_bytes(b)
            }
        }
    }
}

/// The card game: values, copies, limit, and the cards left and the total
/// (given, or worked out from the cards left).
///
/// Asserts: a refusal is one line and names what the rules or the position
/// break; accepted rules hold the values given, sorted and distinct; the
/// total of the cards taken and the table size are what the numbers say
/// (no overflow); a small table gives every reachable position the mex of
/// its options' values, a misère outcome that follows the rule of play,
/// and winning moves to P-positions.
pub fn cards_position(data: &[u8]) {
    let mut r = Numbers(data);
    let count = usize::from(r.byte() % (MAX_VALUES as u8 + 6));
    let values: Vec<u64> = (0..count).map(|_| r.number()).collect();
    let copies = r.number();
    let limit = r.number();
    let rules = match Rules::new(values.clone(), copies, limit) {
        Err(e) => {
            one_line("card rules", &e.to_string());
            let distinct: BTreeSet<u64> = values.iter().copied().collect();
            assert!(
                values.is_empty()
                    || values.contains(&0)
                    || distinct.len() < values.len()
                    || values.len() > MAX_VALUES,
                "{values:?} refused: {e}"
            );
            return;
        }
        Ok(rules) => rules,
    };
    let mut sorted = values.clone();
    sorted.sort_unstable();
    assert_eq!(rules.values, sorted);
    assert!(rules.values.windows(2).all(|w| w[0] < w[1]) && rules.values[0] >= 1);
    assert_eq!((rules.copies, rules.limit), (copies, limit));

    let flags = r.byte();
    let left: Vec<u64> = if flags & 1 == 0 {
        rules.deal().left
    } else {
        let n = if flags & 2 == 0 {
            rules.values.len()
        } else {
            usize::from(r.byte() % 70)
        };
        (0..n).map(|_| r.number().min(copies)).collect()
    };
    let fits = left.len() == rules.values.len() && left.iter().all(|&l| l <= copies);
    let taken: Option<u128> = fits.then(|| {
        rules
            .values
            .iter()
            .zip(&left)
            .map(|(&v, &l)| u128::from(v) * u128::from(copies - l))
            .fold(0u128, u128::saturating_add)
    });
    let worked_out = rules.taken_total(&left);
    match (&worked_out, taken) {
        (Ok(t), Some(expected)) => assert_eq!(u128::from(*t), expected),
        (Err(e), expected) => {
            one_line("cards left", &e.to_string());
            assert!(
                expected.is_none_or(|x| x > u128::from(u64::MAX)),
                "{left:?} refused: {e}"
            );
        }
        (Ok(t), None) => panic!("{left:?} does not fit the rules, yet total {t}"),
    }
    let total = if flags & 4 == 0 {
        match worked_out {
            Ok(t) => t,
            Err(_) => return,
        }
    } else {
        r.number()
    };
    let p = CardsPosition { left, total };
    if let Err(e) = rules.check(&p) {
        one_line("cards position", &e.to_string());
        assert!(!fits || total > limit, "{p:?} refused: {e}");
        return;
    }
    assert!(fits && total <= limit);
    let size = cards::table_size(&rules, &p).expect("a checked position");
    let budget = limit - total;
    let expected = rules.values.iter().zip(&p.left).fold(1u128, |s, (&v, &l)| {
        s.saturating_mul(u128::from(l.min(budget / v)) + 1)
    });
    assert_eq!(size, expected);
    if size > MAX_TABLE {
        match Table::solve(&rules, &p) {
            Err(e) => one_line("card table", &e.to_string()),
            Ok(_) => panic!("a table of {size} entries solved"),
        }
        return;
    }
    if size > SOLVED_TABLE {
        return;
    }
    let table = Table::solve(&rules, &p).expect("a small table");
    assert_eq!(table.len() as u128, size);
    // Every position reachable from the start, by a walk over the moves.
    let mut todo = vec![p.clone()];
    let mut seen = BTreeSet::from([p.clone()]);
    while let Some(q) = todo.pop() {
        let value = table.value(&q).expect("a reachable position");
        let options = rules.moves(&q);
        let values: BTreeSet<u64> = options
            .iter()
            .map(|(_, o)| table.value(o).expect("an option in the table").0)
            .collect();
        let mex = (0..).find(|g| !values.contains(g)).expect("a mex");
        assert_eq!(value, Nimber(mex), "{q:?}");
        let misere_n = options.is_empty()
            || options
                .iter()
                .any(|(_, o)| table.outcome(o, Convention::Misere) == Some(Outcome::P));
        let misere = if misere_n { Outcome::N } else { Outcome::P };
        assert_eq!(table.outcome(&q, Convention::Misere), Some(misere), "{q:?}");
        for convention in [Convention::Normal, Convention::Misere] {
            let a = table.analyze(&q, convention).expect("a reachable position");
            for w in &a.winning_moves {
                assert_eq!(table.outcome(&w.to, convention), Some(Outcome::P));
                assert_eq!(w.to.total, q.total + w.mv.value);
            }
        }
        for (mv, o) in options {
            assert!(o.total <= limit && mv.to == o.total, "{mv}");
            if seen.insert(o.clone()) {
                todo.push(o);
            }
        }
    }
    assert!(seen.len() as u128 <= size);
    for convention in [Convention::Normal, Convention::Misere] {
        let text = table.explain(&p, convention, None).expect("an explanation");
        assert!(!text.is_empty());
    }
}

/// Northcott's game: a width and rows `B:W` (the columns of the black and
/// the white token).
///
/// Asserts: a refusal is one line and names a token off the board or two
/// tokens on one cell; the value is the nim-sum of the gaps; every winning
/// move of either player keeps its token on its side of the row, on the
/// board, and leaves value 0; on boards with few moves, every move listed
/// leaves a board that passes the check, and the winning moves are among
/// them.
pub fn northcott_rows(data: &[u8]) {
    let mut r = Numbers(data);
    let width = r.number();
    let count = usize::from(r.byte() % 8);
    let rows: Vec<Row> = (0..count)
        .map(|_| Row {
            black: r.number(),
            white: r.number(),
        })
        .collect();
    if let Err(e) = northcott::check(&rows, width) {
        one_line("northcott board", &e.to_string());
        let fine = |c: u64| (1..=width).contains(&c);
        assert!(
            rows.is_empty()
                || rows
                    .iter()
                    .any(|r| !fine(r.black) || !fine(r.white) || r.black == r.white),
            "{rows:?} on {width} refused: {e}"
        );
        return;
    }
    let gaps = rows
        .iter()
        .fold(0, |s, r| s ^ (r.black.abs_diff(r.white) - 1));
    assert_eq!(northcott::value(&rows), Nimber(gaps));
    for color in [Color::Black, Color::White] {
        let a = northcott::analyze(&rows, width, color).expect("a checked board");
        assert_eq!(a.value, Some(Nimber(gaps)));
        assert_eq!(a.outcome, Outcome::from_value(Nimber(gaps)));
        for w in &a.winning_moves {
            let (mv, before) = (w.mv, rows[w.mv.row]);
            let other = before.token(color.other());
            assert_eq!(mv.from, before.token(color));
            assert!(mv.to != mv.from && mv.to != other, "{mv}");
            assert_eq!(mv.to < other, mv.from < other, "{mv}: jumps over");
            northcott::check(&w.to, width).unwrap_or_else(|e| panic!("{mv}: {e}"));
            assert_eq!(northcott::value(&w.to), Nimber(0), "{mv}");
        }
        let _ = northcott::explain(&rows, width, color).expect("a checked board");
        // Moves of the token on each row's side: as the command line
        // counts them before it lists them.
        let count: u128 = rows
            .iter()
            .map(|r| {
                let (p, q) = (r.token(color), r.token(color.other()));
                if p < q {
                    u128::from(q) - 2
                } else {
                    u128::from(width) - u128::from(q) - 1
                }
            })
            .sum();
        if count > LISTED_MOVES {
            continue;
        }
        let moves = northcott::moves(&rows, width, color);
        assert_eq!(moves.len() as u128, count, "{rows:?} on {width}");
        for &mv in &moves {
            let after = northcott::apply(&rows, mv);
            northcott::check(&after, width).unwrap_or_else(|e| panic!("{mv}: {e}"));
        }
        for w in &a.winning_moves {
            assert!(moves.contains(&w.mv), "{}", w.mv);
        }
    }
}
