//! G(0..=10^6) of octal games computed by the rare/common engine, in order
//! and on two threads, against the checksums Beling's `ogsolve` prints for
//! the same games (its Fletcher checksum over the values as 16-bit words):
//! `ogsolve -m rc -n 1000000 -s GAME`.

use grundy::heap::code::TakeBreak;
use grundy::heap::rc::RcEngine;
use grundy::heap::store::fletcher;

const N: usize = 1_000_000;

fn checksum(code: &str, threads: usize) -> u32 {
    let rule: TakeBreak = code.parse().unwrap();
    let mut e = RcEngine::<u16>::new(&rule).unwrap();
    e.extend_to_threads(N, threads).unwrap();
    let values: Vec<u32> = e.cells().iter().map(|&c| c as u32).collect();
    fletcher(&values)
}

#[test]
fn kayles_like_0_6() {
    assert_eq!(checksum("0.6", 2), 0x2830_9550);
}

#[test]
fn game_0_14_in_order() {
    assert_eq!(checksum("0.14", 1), 0x6941_4CD3);
}

#[test]
fn game_0_165() {
    assert_eq!(checksum("0.165", 2), 0x9C62_70C5);
}

#[test]
fn game_0_376() {
    assert_eq!(checksum("0.376", 2), 0xD858_772F);
}
