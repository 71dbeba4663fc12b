//! Subtraction by a predicate: take a square, a prime, a power of two, a
//! Fibonacci number, a triangular number, a cube, or a divisor of the heap.
//! Written `sub:squares`, `sub:primes`, ... in the rule notation.
//!
//! All but the divisor rules are subtraction games with a fixed infinite
//! set, whose members up to the largest heap asked for are generated and
//! handed to the subtraction engines. The divisor rules have no fixed set
//! (what may be taken depends on the heap), so they have their own move
//! generator. No periodicity theorem covers an infinite subtraction set:
//! a period seen in their sequences is only observed (subtract a power of
//! two does repeat, `G(n) = n mod 3`; subtract a square does not).
//!
//! ```
//! use grundy::heap::predicate::Predicate;
//! let p = Predicate::from_name("squares").unwrap();
//! assert_eq!(p.members(20), vec![1, 4, 9, 16]);
//! assert_eq!(Predicate::Divisors.takes(12), vec![1, 2, 3, 4, 6, 12]);
//! ```

use std::fmt;

/// What a move may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Predicate {
    /// A positive square: 1, 4, 9, ...
    Squares,
    /// A positive cube: 1, 8, 27, ...
    Cubes,
    /// A prime: 2, 3, 5, ...
    Primes,
    /// A power of two: 1, 2, 4, ...
    Powers2,
    /// A Fibonacci number: 1, 2, 3, 5, 8, ...
    Fibonacci,
    /// A triangular number: 1, 3, 6, 10, ...
    Triangular,
    /// A divisor of the heap (the whole heap included).
    Divisors,
    /// A proper divisor of the heap (less than the heap).
    ProperDivisors,
}

impl Predicate {
    /// Every predicate, in the order listed.
    pub const ALL: [Predicate; 8] = [
        Predicate::Squares,
        Predicate::Cubes,
        Predicate::Primes,
        Predicate::Powers2,
        Predicate::Fibonacci,
        Predicate::Triangular,
        Predicate::Divisors,
        Predicate::ProperDivisors,
    ];

    /// The name in the rule notation (`sub:NAME`).
    pub fn name(self) -> &'static str {
        match self {
            Predicate::Squares => "squares",
            Predicate::Cubes => "cubes",
            Predicate::Primes => "primes",
            Predicate::Powers2 => "powers2",
            Predicate::Fibonacci => "fibonacci",
            Predicate::Triangular => "triangular",
            Predicate::Divisors => "divisors",
            Predicate::ProperDivisors => "proper-divisors",
        }
    }

    /// The predicate called `name` (any case; a few other spellings).
    pub fn from_name(name: &str) -> Option<Predicate> {
        let n = name.trim().to_ascii_lowercase();
        let alias = match n.as_str() {
            "square" => "squares",
            "cube" => "cubes",
            "prime" => "primes",
            "powers-of-2" | "powers-of-two" | "pow2" => "powers2",
            "fib" => "fibonacci",
            "triangle" | "triangles" => "triangular",
            "divisor" => "divisors",
            "proper-divisor" => "proper-divisors",
            other => other,
        };
        Predicate::ALL.into_iter().find(|p| p.name() == alias)
    }

    /// What a move takes, in words.
    pub fn about(self) -> &'static str {
        match self {
            Predicate::Squares => "a positive square (1, 4, 9, 16, ...)",
            Predicate::Cubes => "a positive cube (1, 8, 27, 64, ...)",
            Predicate::Primes => "a prime (2, 3, 5, 7, 11, ...)",
            Predicate::Powers2 => "a power of two (1, 2, 4, 8, ...)",
            Predicate::Fibonacci => "a Fibonacci number (1, 2, 3, 5, 8, ...)",
            Predicate::Triangular => "a triangular number (1, 3, 6, 10, ...)",
            Predicate::Divisors => "a divisor of the heap (the whole heap included)",
            Predicate::ProperDivisors => "a proper divisor of the heap (less than the heap)",
        }
    }

    /// Whether what may be taken is one fixed set, whatever the heap.
    pub fn is_fixed(self) -> bool {
        !matches!(self, Predicate::Divisors | Predicate::ProperDivisors)
    }

    /// The members of a fixed set up to `upto`, increasing (empty for the
    /// divisor rules).
    pub fn members(self, upto: u32) -> Vec<u32> {
        let upto = upto as u64;
        let by = |f: &dyn Fn(u64) -> u64| -> Vec<u32> {
            (1..)
                .map(f)
                .take_while(|&v| v <= upto)
                .map(|v| v as u32)
                .collect()
        };
        match self {
            Predicate::Squares => by(&|i| i * i),
            Predicate::Cubes => by(&|i| i * i * i),
            Predicate::Triangular => by(&|i| i * (i + 1) / 2),
            Predicate::Powers2 => by(&|i| 1 << (i - 1)),
            Predicate::Fibonacci => {
                let mut out = Vec::new();
                let (mut a, mut b) = (1u64, 2u64);
                while a <= upto {
                    out.push(a as u32);
                    (a, b) = (b, a + b);
                }
                out
            }
            Predicate::Primes => {
                let n = upto as usize;
                let mut composite = vec![false; n + 1];
                let mut out = Vec::new();
                for i in 2..=n {
                    if !composite[i] {
                        out.push(i as u32);
                        for j in (i * i..=n).step_by(i) {
                            composite[j] = true;
                        }
                    }
                }
                out
            }
            Predicate::Divisors | Predicate::ProperDivisors => Vec::new(),
        }
    }

    /// Every amount that may be taken from a heap of `n`, increasing.
    pub fn takes(self, n: u32) -> Vec<u32> {
        let mut out = Vec::new();
        Takes::default().fill(self, n, &mut out);
        out
    }
}

impl fmt::Display for Predicate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The amounts that may be taken from one heap after another, for an
/// engine that goes up the heaps: the members of a fixed set are kept and
/// extended, the divisors found for each heap.
#[derive(Clone, Debug, Default)]
pub struct Takes {
    members: Vec<u32>,
    upto: u32,
}

impl Takes {
    /// Writes into `out` every amount that may be taken from a heap of `n`,
    /// increasing.
    pub fn fill(&mut self, p: Predicate, n: u32, out: &mut Vec<u32>) {
        out.clear();
        if p.is_fixed() {
            if n > self.upto {
                // Doubling keeps the regeneration cost linear overall.
                let upto = n.max(self.upto.saturating_mul(2)).max(64);
                self.members = p.members(upto);
                self.upto = upto;
            }
            out.extend(self.members.iter().take_while(|&&k| k <= n));
            return;
        }
        let mut high = Vec::new();
        let mut d = 1u32;
        while (d as u64) * (d as u64) <= n as u64 {
            if n.is_multiple_of(d) {
                out.push(d);
                if d != n / d {
                    high.push(n / d);
                }
            }
            d += 1;
        }
        out.extend(high.into_iter().rev());
        if p == Predicate::ProperDivisors {
            out.retain(|&k| k < n);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn members_by_definition() {
        for p in Predicate::ALL {
            assert_eq!(Predicate::from_name(p.name()), Some(p));
            for n in 0..300u32 {
                let want: Vec<u32> = (1..=n)
                    .filter(|&k| match p {
                        Predicate::Squares => (1..=k).any(|i| i * i == k),
                        Predicate::Cubes => (1..=k).any(|i| i * i * i == k),
                        Predicate::Primes => k >= 2 && (2..k).all(|d| k % d != 0),
                        Predicate::Powers2 => k.is_power_of_two(),
                        Predicate::Fibonacci => {
                            let (mut a, mut b) = (1, 2);
                            while a < k {
                                (a, b) = (b, a + b);
                            }
                            a == k
                        }
                        Predicate::Triangular => (1..=k).any(|i| i * (i + 1) / 2 == k),
                        Predicate::Divisors => n % k == 0,
                        Predicate::ProperDivisors => n % k == 0 && k < n,
                    })
                    .collect();
                assert_eq!(p.takes(n), want, "{p} {n}");
            }
        }
        assert_eq!(
            Predicate::from_name("Powers-of-2"),
            Some(Predicate::Powers2)
        );
        assert_eq!(Predicate::from_name("odd"), None);
    }
}
