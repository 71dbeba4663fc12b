//! Heap games: take-and-break rules, their Grundy sequences and periodicity.

pub mod engine;
pub mod plain;
pub mod ranges;
pub mod rc;
pub mod rule;
pub mod store;
pub mod subtraction;
pub mod tail_period;
