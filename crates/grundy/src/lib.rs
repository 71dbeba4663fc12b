//! # grundy
//!
//! Sprague–Grundy theory as a library: nimbers and their field arithmetic,
//! generic solvers for impartial games, and closed-form answers for the
//! classical families.
//!
//! ```
//! use grundy::game::Convention;
//! use grundy::games::nim;
//! let a = nim::analyze(&[3, 4, 5], Convention::Normal);
//! assert_eq!(a.value.unwrap().0, 2);
//! ```
//!
//! Modules, one idea each:
//! - [`nimber`]: the [`Nimber`](nimber::Nimber) type, nim-sum, nim product, mex;
//! - [`game`]: the [`Game`](game::Game) trait, conventions, outcomes, analyses;
//! - [`solve`]: generic solvers (Grundy values, outcomes of sums, winning moves);
//! - [`heap`]: heap rules (octal and hexadecimal codes), sequences, periodicity;
//! - [`games`]: one module per game family: its theory (values, winning moves);
//! - [`family`]: the interface every family shows the front-ends (notation,
//!   analysis, drawing, play sessions, the report, the registry);
//! - [`families`]: that interface, one module per family;
//! - [`strategy`]: the computer's move choice (winning move, remoteness, stall rules).
//!
//! Cargo features, both on by default: `threads` (the rare/common engine's
//! second thread) and `files` (sequence files on disk). Without them the
//! library builds for `wasm32-unknown-unknown`.

#![deny(missing_docs)]

pub mod families;
pub mod family;
pub mod game;
pub mod games;
pub mod heap;
pub mod nimber;
pub mod products;
pub mod rules_file;
#[cfg(feature = "scripts")]
pub mod script;
pub mod solve;
pub mod strategy;
pub mod turning;

mod escape;
