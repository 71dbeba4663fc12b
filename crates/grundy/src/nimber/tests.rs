use super::*;
use proptest::prelude::*;

/// The nim product straight from its mex definition, for small values.
fn product_table_by_mex(n: usize) -> Vec<Vec<u64>> {
    let mut t = vec![vec![0u64; n]; n];
    for a in 0..n {
        for b in 0..n {
            let mut opts = Vec::new();
            for a2 in 0..a {
                for b2 in 0..b {
                    opts.push(t[a2][b] ^ t[a][b2] ^ t[a2][b2]);
                }
            }
            t[a][b] = mex(opts);
        }
    }
    t
}

type Product = fn(u64, u64) -> u64;

/// Every implementation of the product, by name.
fn paths() -> Vec<(&'static str, Product)> {
    let mut v: Vec<(&'static str, Product)> = vec![
        ("reference", reference::nim_mul),
        ("portable", portable::nim_mul),
        ("clmul-plain", clmul::nim_mul_plain),
        ("clmul-blocks", clmul::nim_mul_blocks),
        ("dispatch", nim_mul),
    ];
    if clmul::Clmul::detect().is_some() {
        v.push(("clmul", |a, b| clmul::Clmul::detect().unwrap().mul(a, b)));
    }
    v
}

struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn every_path_matches_the_mex_definition_below_64() {
    let t = product_table_by_mex(64);
    for (name, mul) in paths() {
        for a in 0..64u64 {
            for b in 0..64u64 {
                assert_eq!(mul(a, b), t[a as usize][b as usize], "{name}: {a} * {b}");
            }
        }
    }
}

#[test]
fn every_path_matches_the_reference_on_structured_values() {
    let mut values: Vec<u64> = (0..64).map(|i| 1u64 << i).collect();
    values.extend((0..64).map(|i| (1u64 << i).wrapping_sub(1)));
    values.extend((0..64).map(|i| u64::MAX << i));
    values.extend([
        0,
        1,
        2,
        3,
        0xffff,
        0x1_0000,
        0xffff_ffff,
        0x1_0000_0000,
        u64::MAX,
    ]);
    for (name, mul) in paths() {
        for &a in &values {
            for &b in &values {
                assert_eq!(mul(a, b), reference::nim_mul(a, b), "{name}: {a} * {b}");
            }
        }
    }
}

#[test]
fn every_path_matches_the_reference_on_random_pairs() {
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    for i in 0..20_000 {
        // Mix full-width values with ones confined to a subfield.
        let width = [64, 64, 32, 16, 8][i % 5];
        let mask = u64::MAX >> (64 - width);
        let (a, b) = (rng.next() & mask, rng.next() & mask);
        let want = reference::nim_mul(a, b);
        for (name, mul) in paths() {
            assert_eq!(mul(a, b), want, "{name}: {a} * {b}");
        }
    }
}

#[test]
fn fast_paths_agree_on_a_million_random_pairs() {
    let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
    let n = 1_000_000;
    let a: Vec<u64> = (0..n).map(|_| rng.next()).collect();
    let b: Vec<u64> = (0..n).map(|_| rng.next()).collect();
    let mut portable_out = vec![0u64; n];
    portable::nim_mul_slices(&a, &b, &mut portable_out);
    let mut fast_out = vec![0u64; n];
    nim_mul_slices(&a, &b, &mut fast_out);
    assert_eq!(portable_out, fast_out);
    // Also the same algorithm as the CLMUL path with a bitwise carry-less
    // product, so the basis change is checked on machines without it.
    for i in (0..n).step_by(10) {
        assert_eq!(clmul::nim_mul_plain(a[i], b[i]), portable_out[i]);
    }
    if let Some(c) = clmul::Clmul::detect() {
        // Eight at a time where the CPU allows, and one at a time.
        let mut clmul_out = vec![0u64; n];
        c.mul_slices(&a, &b, &mut clmul_out);
        assert_eq!(portable_out, clmul_out);
        let mut narrow_out = vec![0u64; n];
        c.narrow().mul_slices(&a, &b, &mut narrow_out);
        assert_eq!(portable_out, narrow_out);
        // Lengths that leave a tail after the groups of eight.
        for len in [0, 1, 7, 9, 15, 17] {
            let mut out = vec![0u64; len];
            c.mul_slices(&a[..len], &b[..len], &mut out);
            assert_eq!(out, portable_out[..len]);
        }
        for i in (0..n).step_by(7) {
            assert_eq!(c.mul(a[i], b[i]), portable_out[i]);
        }
    }
}

#[test]
fn the_16_bit_subfield_and_its_inverses() {
    let mut rng = XorShift(77);
    for _ in 0..50_000 {
        let (a, b) = (rng.next() as u16, rng.next() as u16);
        assert_eq!(
            portable::nim_mul16(a, b) as u64,
            reference::nim_mul_bits(a as u64, b as u64, 16)
        );
    }
    assert_eq!(portable::inverse16(0), 0);
    for a in 1..=u16::MAX {
        assert_eq!(portable::nim_mul16(a, portable::inverse16(a)), 1, "{a}");
    }
}

#[test]
fn the_isomorphism_root() {
    // x^64 + x^4 + x^3 + x + 1, constant term first.
    let mut p = vec![0u64; 65];
    for i in [0, 1, 3, 4, 64] {
        p[i] = 1;
    }
    // ROOT is a root, computed with the reference product only.
    let pow = |x: u64, k: u32| (0..k).fold(1u64, |r, _| reference::nim_mul(r, x));
    let value = pow(clmul::ROOT, 64) ^ pow(clmul::ROOT, 4) ^ pow(clmul::ROOT, 3) ^ clmul::ROOT ^ 1;
    assert_eq!(value, 0);
    // Degree 64 over GF(2): not fixed by x -> x^(2^32), so not in GF(2^32),
    // the largest proper subfield. Hence p, of degree 64 with this root, is
    // its minimal polynomial and irreducible.
    let mut conj = clmul::ROOT;
    for _ in 0..32 {
        conj = reference::nim_mul(conj, conj);
    }
    assert_ne!(conj, clmul::ROOT);
    // The root finder recovers it.
    assert_eq!(poly::find_root(&p), Some(Nimber(clmul::ROOT)));
    assert_eq!(clmul::to_polynomial(clmul::ROOT), 2);
    assert_eq!(clmul::to_polynomial(1), 1);
}

#[test]
fn carry_less_product_by_the_definition() {
    assert_eq!(clmul::clmul_plain(0b11, 0b11), (0b101, 0));
    assert_eq!(clmul::clmul_plain(1 << 63, 1 << 63), (0, 1 << 62));
    assert_eq!(clmul::clmul_plain(u64::MAX, 1), (u64::MAX, 0));
}

#[test]
fn known_products() {
    // Fermat 2-powers square to 3/2 of themselves.
    assert_eq!(nim_mul(2, 2), 3);
    assert_eq!(nim_mul(4, 4), 6);
    assert_eq!(nim_mul(16, 16), 24);
    assert_eq!(nim_mul(1 << 32, 1 << 32), 3 << 31);
    // Library Checker sample, first nine answers.
    let got: Vec<u64> = (0..9).map(|b| nim_mul(5, b)).collect();
    assert_eq!(got, vec![0, 5, 10, 15, 2, 7, 8, 13, 3]);
}

#[test]
fn division_square_roots_and_zero() {
    assert_eq!(Nimber::ZERO.inverse(), None);
    assert_eq!(Nimber::ONE.inverse(), Some(Nimber::ONE));
    assert_eq!(Nimber(2).inverse(), Some(Nimber(3)));
    assert_eq!(Nimber(7).checked_div(Nimber::ZERO), None);
    assert_eq!(Nimber(0).sqrt(), Nimber(0));
    assert_eq!(Nimber(1).sqrt(), Nimber(1));
    assert_eq!(Nimber(3).sqrt(), Nimber(2));
    assert_eq!(Nimber(5).pow(0), Nimber::ONE);
    assert_eq!(Nimber(0).pow(0), Nimber::ONE);
    let r = std::panic::catch_unwind(|| Nimber(3) / Nimber(0));
    assert!(r.is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn associative(a: u64, b: u64, c: u64) {
        let (a, b, c) = (Nimber(a), Nimber(b), Nimber(c));
        prop_assert_eq!((a * b) * c, a * (b * c));
    }

    #[test]
    fn commutative_distributive_identity(a: u64, b: u64, c: u64) {
        let (a, b, c) = (Nimber(a), Nimber(b), Nimber(c));
        prop_assert_eq!(a * b, b * a);
        prop_assert_eq!(a * (b + c), a * b + a * c);
        prop_assert_eq!(a * Nimber::ONE, a);
        prop_assert_eq!(a * Nimber::ZERO, Nimber::ZERO);
    }

    #[test]
    fn inverses_and_division(a in 1u64.., b: u64) {
        let (a, b) = (Nimber(a), Nimber(b));
        let inv = a.inverse().unwrap();
        prop_assert_eq!(a * inv, Nimber::ONE);
        // Fermat: a^(2^64 - 1) = 1, so a^(2^64 - 2) is the inverse.
        prop_assert_eq!(a.pow(u64::MAX - 1), inv);
        prop_assert_eq!(a.pow(u64::MAX), Nimber::ONE);
        prop_assert_eq!((b / a) * a, b);
        prop_assert_eq!(b.checked_div(a), Some(b * inv));
    }

    #[test]
    fn powers_add_exponents(a: u64, m in 0u64..1 << 40, n in 0u64..1 << 40) {
        let a = Nimber(a);
        prop_assert_eq!(a.pow(m + n), a.pow(m) * a.pow(n));
    }

    #[test]
    fn frobenius_and_square_roots(a: u64, b: u64) {
        let (a, b) = (Nimber(a), Nimber(b));
        prop_assert_eq!(a.square(), a * a);
        prop_assert_eq!((a + b).square(), a.square() + b.square());
        prop_assert_eq!(a.sqrt().square(), a);
        prop_assert_eq!(a.square().sqrt(), a);
        prop_assert_eq!(a.sqrt(), a.pow(1 << 63));
    }

    #[test]
    fn subfields_are_closed(a in 0u64..1 << 32, b in 0u64..1 << 32, c in 0u64..1 << 16, d in 0u64..1 << 16) {
        prop_assert!(nim_mul(a, b) < 1 << 32);
        prop_assert!(nim_mul(c, d) < 1 << 16);
        if a != 0 {
            prop_assert!(Nimber(a).inverse().unwrap().0 < 1 << 32);
        }
    }

    #[test]
    fn basis_change_round_trips_and_respects_nim_sum(a: u64, b: u64) {
        prop_assert_eq!(clmul::from_polynomial(clmul::to_polynomial(a)), a);
        prop_assert_eq!(clmul::to_polynomial(clmul::from_polynomial(a)), a);
        prop_assert_eq!(
            clmul::to_polynomial(a ^ b),
            clmul::to_polynomial(a) ^ clmul::to_polynomial(b)
        );
        // x^i maps to ROOT^i.
        let i = (a % 64) as u32;
        prop_assert_eq!(clmul::from_polynomial(1 << i), Nimber(clmul::ROOT).pow(i as u64).0);
    }

    #[test]
    fn mex_is_least_missing(values in proptest::collection::vec(0u64..40, 0..60)) {
        let m = mex(values.iter().copied());
        prop_assert!(!values.contains(&m));
        for v in 0..m {
            prop_assert!(values.contains(&v));
        }
    }
}

#[test]
fn mex_reuse_and_large_values() {
    let mut m = Mex::new();
    m.extend([0, 1, 2, u64::MAX, 1 << 40]);
    assert_eq!(m.finish(), 3);
    m.extend([5, 6]);
    assert_eq!(m.finish(), 0);
    m.extend([1, 0]);
    assert_eq!(m.finish(), 2);
}

#[test]
fn expressions() {
    assert_eq!(eval("3*5 + 7"), Ok(Nimber(8)));
    assert_eq!(eval("*2 * *2"), Ok(Nimber(3)));
    assert_eq!(eval("0xff + 0XF0"), Ok(Nimber(0x0f)));
    assert!(eval("").is_err());
    assert!(eval("3 + ").is_err());
    assert!(eval("(3").is_err());
    assert!(eval("18446744073709551616").is_err());
    assert!(eval("0x").is_err());
    assert!(eval("3 - 1").is_err());
    assert!(eval(&"(".repeat(100000)).is_err());
    let e = eval("1 + 2x").unwrap_err();
    assert_eq!(e.position, 5);
    // Field operations.
    assert_eq!(eval("6 / 3 * 3"), Ok(Nimber(6)));
    assert_eq!(eval("2^3"), Ok(Nimber(1)));
    assert_eq!(eval("2^0"), Ok(Nimber(1)));
    assert_eq!(eval("0^0"), Ok(Nimber(1)));
    assert_eq!(eval("*7^-2 * 7^2"), Ok(Nimber(1)));
    assert_eq!(eval("sqrt(2 + 1) * sqrt(3)"), Ok(Nimber(3)));
    assert_eq!(eval("inv(0x10) * 16"), Ok(Nimber(1)));
    assert_eq!(eval("5 / (2 + 2)").unwrap_err().position, 5);
    assert!(eval("0^-1")
        .unwrap_err()
        .message
        .contains("no negative powers"));
    assert!(eval("inv(0)").unwrap_err().message.contains("no inverse"));
    assert!(eval("2^3^2").unwrap_err().message.contains("twice"));
    assert!(eval("2^x").is_err());
    assert!(eval("2^18446744073709551616").is_err());
    assert!(eval("cbrt(8)")
        .unwrap_err()
        .message
        .contains("unknown function"));
    assert!(eval("sqrt 4").is_err());
    assert!(eval(&"sqrt(".repeat(1000)).is_err());
}
