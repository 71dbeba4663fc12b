//! A misère quotient (Plambeck 2005; Plambeck and Siegel 2008): a finite
//! commutative monoid Q, its P-portion P ⊂ Q and the pretending function
//! Φ from heap sizes into Q, such that a sum of heaps is a misère
//! P-position exactly when the product of the Φ of its heaps lies in P.
//!
//! [`Quotient`] holds Q as a multiplication table; [`Quotient::presentation`]
//! names generators after the heaps and gives the relations; the sum of any
//! number of heaps is decided by [`Quotient::is_p`] and its winning
//! moves found by [`Quotient::winning_moves`] from prefix and suffix
//! products. How a quotient is found and proven is in [`super::solver`].

use crate::heap::rule::HeapRule;

/// A finite commutative monoid with a P-portion and the images of the
/// heaps 0, 1, …, `top`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Quotient {
    /// The heaps covered: every sum of heaps of at most `top` tokens.
    pub top: u32,
    /// |Q|.
    pub order: usize,
    /// The identity (the class of the empty position).
    pub identity: u32,
    /// `mul[x * order + y]` = x·y.
    pub mul: Vec<u32>,
    /// Whether each element is in the P-portion.
    pub p: Vec<bool>,
    /// Φ(0), Φ(1), …, Φ(top).
    pub phi: Vec<u32>,
    /// `(n0, p)` when Φ is proven periodic, Φ(n + p) = Φ(n) for every
    /// n ≥ n0 (the misère periodicity theorem, with `top` past its
    /// window): then Q is the quotient of every heap, and heaps past `top`
    /// are covered too.
    pub period: Option<(u32, u32)>,
}

/// A presentation: generators (each the image of a heap), the elements as
/// normal-form words, and relations that rewrite every other word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Presentation {
    /// The generators' names (`a`, `b`, …) and the heap each is Φ of.
    pub generators: Vec<(String, u32)>,
    /// Each element's normal form: the least word (fewest letters, then
    /// alphabetical) that the element is the product of; `1` for the
    /// identity.
    pub words: Vec<String>,
    /// Relations `lhs = rhs`: the least words that are not normal forms,
    /// each equal to its normal form. Together they rewrite any word to its
    /// normal form, so they present Q.
    pub relations: Vec<(String, String)>,
}

/// A winning move found from the quotient: in heap `heap` (0-based) of
/// the sum, go to the option `parts` (the heaps left in its place).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuotientMove {
    /// 0-based index of the heap moved in.
    pub heap: usize,
    /// Tokens removed.
    pub take: u32,
    /// The heaps left in its place.
    pub parts: Vec<u32>,
}

impl Quotient {
    /// x·y.
    pub fn times(&self, x: u32, y: u32) -> u32 {
        self.mul[x as usize * self.order + y as usize]
    }

    /// |P|.
    pub fn p_size(&self) -> usize {
        self.p.iter().filter(|&&b| b).count()
    }

    /// Φ(h), or `None` for a heap past `top` that no proven period covers.
    pub fn image(&self, h: u32) -> Option<u32> {
        if let Some(&x) = self.phi.get(h as usize) {
            return Some(x);
        }
        let (n0, p) = self.period?;
        self.phi.get((n0 + (h - n0) % p) as usize).copied()
    }

    /// The product of Φ over `heaps`, or `None` if a heap is not covered.
    pub fn product(&self, heaps: &[u32]) -> Option<u32> {
        let mut x = self.identity;
        for &h in heaps {
            x = self.times(x, self.image(h)?);
        }
        Some(x)
    }

    /// Whether the sum of `heaps` is a misère P-position (`None` if a heap is
    /// past `top`).
    pub fn is_p(&self, heaps: &[u32]) -> Option<bool> {
        self.product(heaps).map(|x| self.p[x as usize])
    }

    /// Every winning move of the sum of `heaps` (empty for a P-position):
    /// with the products of the heaps before and after each heap, a move in
    /// heap i to the option o wins when prefix·Φ(o)·suffix is in P. The
    /// cost is one multiplication per option of every heap.
    pub fn winning_moves(&self, rule: &HeapRule, heaps: &[u32]) -> Option<Vec<QuotientMove>> {
        let n = heaps.len();
        let mut prefix = Vec::with_capacity(n + 1);
        prefix.push(self.identity);
        for &h in heaps {
            let x = *prefix.last().expect("non-empty");
            prefix.push(self.times(x, self.image(h)?));
        }
        let mut suffix = vec![self.identity; n + 1];
        for i in (0..n).rev() {
            suffix[i] = self.times(self.image(heaps[i])?, suffix[i + 1]);
        }
        if self.p[prefix[n] as usize] {
            return Some(Vec::new());
        }
        let mut out = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            // Equal heaps side by side have the same moves up to which copy
            // is moved in; each copy is listed, as the search lists them.
            let rest = self.times(prefix[i], suffix[i + 1]);
            rule.for_each_move(h, |take, parts| {
                let mut x = rest;
                for &q in parts {
                    // Parts are smaller than the heap, which is covered.
                    x = self.times(x, self.image(q).unwrap_or(self.identity));
                }
                if self.p[x as usize] {
                    out.push(QuotientMove {
                        heap: i,
                        take,
                        parts: parts.to_vec(),
                    });
                }
            });
        }
        Some(out)
    }

    /// Generators, normal forms and relations.
    pub fn presentation(&self) -> Presentation {
        // Generators: heaps whose image is not yet a product of earlier
        // generators, in order of heap size.
        let mut generators: Vec<(String, u32)> = Vec::new();
        let mut reached = vec![false; self.order];
        reached[self.identity as usize] = true;
        let mut gens: Vec<u32> = Vec::new();
        for (h, &x) in self.phi.iter().enumerate() {
            if reached[x as usize] {
                continue;
            }
            gens.push(x);
            generators.push((letter_name(generators.len()), h as u32));
            // Close the reached set under the new generator.
            let mut changed = true;
            while changed {
                changed = false;
                for y in 0..self.order {
                    if reached[y] {
                        for &g in &gens {
                            let z = self.times(y as u32, g) as usize;
                            if !reached[z] {
                                reached[z] = true;
                                changed = true;
                            }
                        }
                    }
                }
            }
        }
        // Normal forms by breadth-first search over exponent vectors in
        // graded alphabetical order: the first word to reach an element is
        // its least.
        let k = gens.len();
        let mut nf: Vec<Option<Vec<u32>>> = vec![None; self.order];
        nf[self.identity as usize] = Some(vec![0; k]);
        let mut frontier: Vec<(u32, Vec<u32>)> = vec![(self.identity, vec![0; k])];
        let mut relations = Vec::new();
        while !frontier.is_empty() {
            let mut candidates: Vec<(Vec<u32>, u32)> = Vec::new();
            for (x, word) in &frontier {
                // Extend only with letters at or after the last one used,
                // so each word is met once.
                let last = word.iter().rposition(|&e| e > 0).unwrap_or(0);
                for (j, &g) in gens.iter().enumerate().skip(last) {
                    let mut w = word.clone();
                    w[j] += 1;
                    candidates.push((w, self.times(*x, g)));
                }
            }
            candidates.sort_by(|a, b| word_order(&a.0, &b.0));
            let mut next = Vec::new();
            for (w, x) in candidates {
                match &nf[x as usize] {
                    None => {
                        nf[x as usize] = Some(w.clone());
                        next.push((x, w));
                    }
                    Some(normal) => {
                        // A least non-normal word: every word it covers by
                        // one letter is normal.
                        let minimal = (0..k).filter(|&j| w[j] > 0).all(|j| {
                            let mut d = w.clone();
                            d[j] -= 1;
                            nf.iter().flatten().any(|n| *n == d)
                        });
                        if minimal {
                            relations.push((word_text(&w), word_text(normal)));
                        }
                    }
                }
            }
            frontier = next;
        }
        Presentation {
            generators,
            words: nf
                .iter()
                .map(|w| w.as_ref().map_or_else(|| "?".to_string(), |w| word_text(w)))
                .collect(),
            relations,
        }
    }
}

/// Fewest letters first, then alphabetical (more of an earlier letter
/// first).
fn word_order(a: &[u32], b: &[u32]) -> std::cmp::Ordering {
    let (sa, sb): (u32, u32) = (a.iter().sum(), b.iter().sum());
    sa.cmp(&sb).then_with(|| b.cmp(a))
}

/// `a`, `b`, …, `z`, then `a1`, `b1`, ….
fn letter_name(i: usize) -> String {
    let c = (b'a' + (i % 26) as u8) as char;
    if i < 26 {
        c.to_string()
    } else {
        format!("{c}{}", i / 26)
    }
}

/// An exponent vector as a word: `a^2 b`, or `1` when empty.
fn word_text(w: &[u32]) -> String {
    let parts: Vec<String> = w
        .iter()
        .enumerate()
        .filter(|(_, &e)| e > 0)
        .map(|(j, &e)| {
            if e == 1 {
                letter_name(j)
            } else {
                format!("{}^{e}", letter_name(j))
            }
        })
        .collect();
    if parts.is_empty() {
        "1".to_string()
    } else {
        parts.join(" ")
    }
}
