//! Heap games: take-and-break rules, their Grundy sequences and periodicity.

pub mod rc;
pub mod rule;
