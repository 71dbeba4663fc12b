//! Playing Nim and misère Nim: heaps drawn as rows of tokens, moves written
//! as `grundy nim` prints them (`take 2 from heap 1`), explanations by the
//! binary columns of Bouton's rule.

use std::fmt::Write;

use serde_json::Value;

use crate::family::drawing::{Part, Shape};
use crate::family::text::{normalize, parse_u64, parse_u64_list, tokens};
use crate::family::{Analyse, Draw, Drawing, Error, Notation, Parsed};
use crate::game::{Convention, Outcome};
use crate::games::heap_words::{self, Which};
use crate::games::nim::{self, NimMove};
use crate::nimber::Nimber;
use crate::strategy::{Choice, NimPlay};

/// Nim behind the family interface, by the name the docs use: the
/// computer's [`NimPlay`] is the family type.
pub use crate::strategy::NimPlay as Nim;

/// The most tokens drawn in one heap's row.
const ROW: u64 = 40;

/// The game and its start position from the heap sizes as written.
pub fn start<S: AsRef<str>>(
    heaps: &[S],
    convention: Convention,
) -> Result<(NimPlay, Vec<u64>), Error> {
    let heaps = parse_u64_list(heaps, "heap", "heaps")?;
    Ok((NimPlay(convention), heaps))
}

fn show(p: &[u64]) -> String {
    p.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
}

/// Parses `take K from heap H`, the words `grundy nim` prints.
fn parse_take(text: &str) -> Option<Result<(u64, u64), String>> {
    let t = normalize(text);
    let t = t.split(" (").next().unwrap_or("");
    let words: Vec<&str> = t.split(' ').collect();
    if words.first() != Some(&"take") {
        return None;
    }
    if words.len() != 5 || words[2] != "from" || words[3] != "heap" {
        return Some(Err(format!(
            "'{text}' is not a Nim move; write it as: take 2 from heap 1"
        )));
    }
    let k = match parse_u64(words[1], "the number of tokens taken") {
        Ok(k) => k,
        Err(e) => return Some(Err(e.0)),
    };
    let h = match parse_u64(words[4], "the heap number") {
        Ok(h) => h,
        Err(e) => return Some(Err(e.0)),
    };
    Some(Ok((k, h)))
}

/// `7 -> 5` (the first heap of 7 becomes 5) or `heap 2 -> 0`.
fn arrow(p: &[u64], text: &str) -> Parsed<NimMove, Vec<u64>> {
    let Some(typed) = heap_words::parse(text) else {
        return Ok(None);
    };
    let typed = typed?;
    let to = match typed.parts.as_deref() {
        Some([]) => 0,
        Some([to]) => *to,
        _ => return Err("a Nim move leaves one heap: write '7 -> 5'".to_string()),
    };
    let heap = match typed.heap {
        Which::Index(i) if i < p.len() => i,
        Which::Index(i) => {
            return Err(format!(
                "there is no heap {}: the heaps are numbered 1 to {}",
                i + 1,
                p.len()
            ))
        }
        Which::Size(a) => p
            .iter()
            .position(|&h| h == a)
            .ok_or_else(|| format!("there is no heap of {a}"))?,
    };
    if to >= p[heap] {
        return Err(format!(
            "heap {} has {} tokens: a move takes at least one",
            heap + 1,
            p[heap]
        ));
    }
    let mv = NimMove {
        heap,
        from: p[heap],
        to,
    };
    Ok(Some((mv, after(p, heap, to))))
}

fn after(p: &[u64], heap: usize, to: u64) -> Vec<u64> {
    let mut q = p.to_vec();
    q[heap] = to;
    q
}

impl Notation for NimPlay {
    fn name(&self) -> String {
        "nim".to_string()
    }

    fn position_json(&self, p: &Vec<u64>) -> Value {
        Value::from(p.clone())
    }

    fn position_text(&self, p: &Vec<u64>) -> String {
        show(p)
    }

    fn parse_position(&self, text: &str) -> Result<Vec<u64>, String> {
        crate::family::text::parse_numbers(text, "heap", "heap sizes")
    }

    fn parse_move(&self, p: &Vec<u64>, text: &str) -> Parsed<NimMove, Vec<u64>> {
        let bare = crate::family::text::without_parentheses(text);
        if bare.contains("->") || bare.contains('→') {
            return arrow(p, &bare);
        }
        let Some(parsed) = parse_take(text) else {
            return Ok(None);
        };
        let (k, h) = parsed?;
        if h == 0 || h > p.len() as u64 {
            return Err(format!(
                "there is no heap {h}: the heaps are numbered 1 to {}",
                p.len()
            ));
        }
        let heap = (h - 1) as usize;
        if k == 0 {
            return Err("a move takes at least one token".to_string());
        }
        if k > p[heap] {
            return Err(format!("heap {h} has only {} tokens", p[heap]));
        }
        let to = p[heap] - k;
        let mv = NimMove {
            heap,
            from: p[heap],
            to,
        };
        Ok(Some((mv, after(p, heap, to))))
    }

    fn move_to(&self, from: &Vec<u64>, to: &Vec<u64>) -> Result<(NimMove, Vec<u64>), String> {
        if from.len() != to.len() {
            return Err(format!(
                "the position has {} heaps, not {} (an empty heap stays, as 0)",
                from.len(),
                to.len()
            ));
        }
        let changed: Vec<usize> = (0..from.len()).filter(|&i| from[i] != to[i]).collect();
        match changed.as_slice() {
            [] => Err("nothing changed: a move takes at least one token".to_string()),
            [i] if to[*i] > from[*i] => Err(format!(
                "heap {} would grow from {} to {}: a move only takes tokens",
                i + 1,
                from[*i],
                to[*i]
            )),
            [i] => Ok((
                NimMove {
                    heap: *i,
                    from: from[*i],
                    to: to[*i],
                },
                to.clone(),
            )),
            many => Err(format!(
                "heaps {} all changed: a move takes from one heap only",
                many.iter()
                    .map(|i| (i + 1).to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        }
    }
}

impl Analyse for NimPlay {
    fn value(&self, p: &Vec<u64>) -> Option<Nimber> {
        (self.0 == Convention::Normal).then(|| nim::value(p))
    }

    fn outcome(&self, p: &Vec<u64>) -> Outcome {
        nim::winning_moves(p, self.0).0
    }

    fn explain_choice(&self, before: &Vec<u64>, c: &Choice<NimMove, Vec<u64>>) -> String {
        explain_move(before, c, self.0)
    }

    fn stall_rule(&self) -> &'static str {
        "take one token from the largest heap"
    }

    fn explain_position(&self, p: &Vec<u64>) -> Option<String> {
        Some(nim::explain(p, self.0))
    }
}

impl Draw for NimPlay {
    fn draw(&self, p: &Vec<u64>) -> String {
        let mut out = String::new();
        let label = format!("heap {}", p.len()).len();
        let width = p.iter().map(|&h| h.min(ROW) as usize).max().unwrap_or(0) + 3;
        let digits = p.iter().map(|h| h.to_string().len()).max().unwrap_or(1);
        for (i, &h) in p.iter().enumerate() {
            let name = format!("heap {}", i + 1);
            let _ = writeln!(
                out,
                "  {name:<label$}  {:<width$} {h:>digits$}   Grundy value {h}",
                tokens(h, ROW, 'o')
            );
        }
        let s = nim::value(p);
        let xor = if p.len() > 1 {
            format!("{} = {}", show(p).replace(' ', " XOR "), s.0)
        } else {
            s.0.to_string()
        };
        let (outcome, _) = nim::winning_moves(p, self.0);
        match self.0 {
            Convention::Normal => {
                let _ = writeln!(
                    out,
                    "  nim-sum {xor}: {} ({})",
                    outcome_words(outcome),
                    outcome.describe()
                );
            }
            Convention::Misere => {
                let _ = writeln!(
                    out,
                    "  nim-sum {xor}; misère play: {} ({})",
                    outcome_words(outcome),
                    outcome.describe()
                );
            }
        }
        out
    }

    fn drawing(&self, p: &Vec<u64>) -> Drawing {
        let normal = self.0 == Convention::Normal;
        Drawing {
            shape: Shape::Heaps { sizes: p.clone() },
            components: p
                .iter()
                .enumerate()
                .map(|(i, &h)| Part {
                    label: format!("heap {}", i + 1),
                    value: Some(h),
                })
                .collect(),
            value: normal.then(|| nim::value(p).0),
            outcome: self.outcome(p),
        }
    }
}

fn outcome_words(o: Outcome) -> &'static str {
    match o {
        Outcome::N => "an N-position",
        Outcome::P => "a P-position",
    }
}

/// Why the computer moved from `before` as it did, by Bouton's rule.
pub fn explain_move(
    before: &[u64],
    c: &Choice<NimMove, Vec<u64>>,
    convention: Convention,
) -> String {
    let mut out = String::new();
    let mv = c.mv;
    let s = nim::value(before).0;
    let big = before.iter().filter(|&&h| h > 1).count();
    let ones = before.iter().filter(|&&h| h == 1).count();
    let _ = writeln!(
        out,
        "The computer took {} from heap {} ({} -> {}). Before the move, the heaps in binary and the XOR of each column:",
        mv.from - mv.to,
        mv.heap + 1,
        mv.from,
        mv.to
    );
    out.push_str(&nim::binary_columns(before));
    let ones_after = c.to.iter().filter(|&&h| h == 1).count();
    if convention == Convention::Misere && big == 0 {
        let _ = writeln!(
            out,
            "Misère play with no heap larger than 1: the game is just counting. There were {ones} heaps of size 1; \
             each move removes one, and whoever takes the last one loses."
        );
        if c.wins {
            let _ = writeln!(
                out,
                "An even number: taking one leaves an odd number ({ones_after}), so you will take the last one."
            );
        } else {
            let _ = writeln!(
                out,
                "An odd number: whatever the computer did, it would be left to take the last one unless you slip."
            );
        }
        return out;
    }
    if convention == Convention::Misere && big == 1 && c.wins {
        let _ = writeln!(
            out,
            "Misère play with only one heap larger than 1 (heap {}, size {}): here misère differs from normal play. \
             The computer reduced it to {} so that an odd number ({ones_after}) of heaps of size 1 remain and nothing \
             larger: you move first in that counting game and will take the last token.",
            mv.heap + 1,
            mv.from,
            mv.to
        );
        return out;
    }
    if s == 0 {
        let _ = writeln!(
            out,
            "Every column had an even number of 1s: the XOR was 0, a P-position. No move wins from there: \
             any move changes one heap, so some column becomes odd and you can make every column even again."
        );
        let now = nim::value(&c.to).0;
        let _ = writeln!(
            out,
            "After the computer's move the XOR is {now}, so you now have a winning move (hint shows it)."
        );
        return out;
    }
    let top = 63 - s.leading_zeros();
    let _ = writeln!(
        out,
        "The XOR was {s}, not 0: an N-position. Its highest set bit is bit {top} (value {}); heap {} ({} = {:b}) \
         has that bit set, so {} XOR {s} = {} is smaller than {}.",
        1u64 << top,
        mv.heap + 1,
        mv.from,
        mv.from,
        mv.from,
        mv.to,
        mv.from
    );
    let _ = writeln!(
        out,
        "Reducing heap {} to {} makes every column even again:",
        mv.heap + 1,
        mv.to
    );
    out.push_str(&nim::binary_columns(&c.to));
    let _ = writeln!(
        out,
        "The XOR is 0, a P-position for you: whatever you take, some column becomes odd, and the computer can \
         make every column even again, until you have no move."
    );
    if convention == Convention::Misere {
        let _ = writeln!(
            out,
            "(Misère play: a heap larger than 1 remains, so the normal-play rule still holds.)"
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_are_moves() {
        let p = vec![3, 4, 5];
        let to = |t: &str| arrow(&p, t).map(|m| m.map(|(_, q)| q));
        assert_eq!(to("5 -> 1"), Ok(Some(vec![3, 4, 1])));
        assert_eq!(to("heap 1 -> 0"), Ok(Some(vec![0, 4, 5])));
        assert_eq!(to("4 → nothing"), Ok(Some(vec![3, 0, 5])));
        assert!(to("7 -> 1").unwrap_err().contains("no heap of 7"));
        assert!(to("3 -> 3").unwrap_err().contains("at least one"));
        assert!(to("5 -> 1 2").unwrap_err().contains("one heap"));
        assert!(to("heap 9 -> 1").unwrap_err().contains("numbered 1 to 3"));
    }

    #[test]
    fn typed_moves() {
        let g = NimPlay(Convention::Normal);
        let p = vec![3, 4, 5];
        let (m, q) = g.parse_move(&p, "take 2 from heap 1").unwrap().unwrap();
        assert_eq!((m.heap, q), (0, vec![1, 4, 5]));
        assert!(g
            .parse_move(&p, "Take 2 from heap 1 (3 -> 1)")
            .unwrap()
            .is_some());
        assert!(g
            .parse_move(&p, "take 9 from heap 1")
            .unwrap_err()
            .contains("only 3"));
        assert!(g
            .parse_move(&p, "take 1 from heap 4")
            .unwrap_err()
            .contains("no heap 4"));
        assert!(g
            .parse_move(&p, "take 0 from heap 1")
            .unwrap_err()
            .contains("at least one"));
        assert!(g
            .parse_move(&p, "take heap")
            .unwrap_err()
            .contains("write it as"));
        assert!(g.parse_move(&p, "1 4 5").unwrap().is_none());
        assert_eq!(g.move_to(&p, &vec![3, 4, 1]).unwrap().0.to, 1);
        assert!(g.move_to(&p, &vec![3, 4, 6]).unwrap_err().contains("grow"));
        assert!(g
            .move_to(&p, &vec![2, 3, 5])
            .unwrap_err()
            .contains("one heap only"));
        assert!(g.move_to(&p, &vec![3, 4]).unwrap_err().contains("3 heaps"));
        assert_eq!(g.parse_position("[1, 4, 5]").unwrap(), vec![1, 4, 5]);
        assert!(g.parse_position("1 -4").unwrap_err().contains("negative"));
    }

    #[test]
    fn drawing_shows_values() {
        let d = NimPlay(Convention::Normal).draw(&vec![3, 4, 5]);
        assert!(d.contains("heap 1  ooo"), "{d}");
        assert!(d.contains("Grundy value 4"), "{d}");
        assert!(d.contains("nim-sum 3 XOR 4 XOR 5 = 2"), "{d}");
    }
}
