//! Heap games: take-and-break rules, their Grundy sequences and periodicity.
//!
//! - [`code`]: octal and hexadecimal codes ([`code::TakeBreak`]);
//! - [`cousin`]: first cousins and the standard form of octal codes;
//! - [`rule`]: every rule the user can write ([`rule::HeapRule`]) and its
//!   notation;
//! - [`naive`]: the reference engine, the mex over every option;
//! - [`predicate`]: subtraction by a predicate (squares, primes, divisors, ...);
//! - [`subtraction`] and [`ranges`]: engines for subtraction games and for
//!   per-size take ranges;
//! - [`sums`]: a rule as a [`Game`](crate::game::Game) on sums of heaps, for
//!   the generic solvers, and a bound on the positions of a misère search;
//! - [`sequence`]: the one entry point for G(0..=n), whatever the engine,
//!   stopped once the period is proven and extended by it;
//! - [`rc`]: the rare/common engine for long take-and-break sequences;
//! - [`store`]: a compact file for long sequences, with its checksum;
//! - [`verify`]: stored values re-derived independently, in parallel
//!   blocks (near-linear for splitting codes by the rare/common argument);
//! - [`periodicity`]: preperiod, period, saltus and the periodicity theorems;
//! - [`periodic`]: G(n) for any heap once the period is proven;
//! - [`explain`]: why a heap has its value (its options and their mex) and
//!   the pattern of a rule's values.

pub mod certificate;
pub mod code;
pub mod cousin;
pub mod explain;
#[cfg(all(unix, feature = "files"))]
pub mod frontier;
pub mod naive;
pub mod periodic;
pub mod periodicity;
pub mod predicate;
pub mod ranges;
pub mod rc;
pub mod rule;
pub mod sequence;
pub mod store;
pub mod subtraction;
pub mod sums;
pub mod verify;
