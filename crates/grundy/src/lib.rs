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
//! - [`loopy`]: games that can loop: Smith's values (a nimber or ∞(K)),
//!   draws, winning moves that make progress;
//! - [`misere`]: misère play of heap games: genus, tame sums;
//! - [`games`]: one module per game family: its theory (values, winning moves);
//! - [`family`]: the interface every family shows the front-ends (notation,
//!   analysis, drawing, play sessions, the report, the registry with each
//!   family's name for people and rules in words);
//! - [`glossary`]: the terms of the theory (nimber, `*n`, N- and
//!   P-position, nim-sum, ...) defined in plain words;
//! - [`families`]: that interface, one module per family;
//! - [`rules_file`]: games described in TOML, compiled to the native engines;
//! - [`strategy`]: the computer's move choice (winning move, remoteness, stall rules).
//! - [`pattern`]: patterns in values (periods, recurrences, Beatty
//!   sequences, intervals, closed forms, tables) and claims decided;
//! - [`suggest`]: "did you mean": the names nearest a mistyped one;
//! - [`survey`]: surveys of whole code families (`0.??`), sharded, resumed, merged;
//! - `job` (with `files`): long runs (sequences, surveys, verifications)
//!   planned against memory and disk, with progress, checkpoints and a
//!   cancel flag, and their reports;
//! - [`tables`]: tables `T(x, y)`: nim products, nim-sums, two-heap games,
//!   with their P-positions and row periods, as text, CSV and reports;
//! - `plot` (cargo feature `plot`): tables and sequences drawn as PNG pictures.
//!
//! Cargo features, both on by default: `threads` (the rare/common engine's
//! second thread) and `files` (sequence files on disk). Without them the
//! library builds for `wasm32-unknown-unknown`. The feature `plot` (off by
//! default; the command line turns it on) draws pictures as PNG files.

#![deny(missing_docs)]

pub mod families;
pub mod family;
pub mod game;
pub mod games;
pub mod glossary;
pub mod heap;
#[cfg(feature = "files")]
pub mod job;
pub mod loopy;
pub mod misere;
pub mod nimber;
pub mod pattern;
#[cfg(feature = "plot")]
pub mod plot;
pub mod products;
pub mod rules_file;
#[cfg(feature = "scripts")]
pub mod script;
pub mod search;
pub mod solve;
pub mod strategy;
pub mod suggest;
pub mod survey;
pub mod tables;
pub mod turning;

mod escape;

/// The Rust examples of the README and of `docs/library.md`, compiled and
/// run as doctests so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
#[doc = include_str!("../../../docs/library.md")]
pub struct DocumentationExamples;
