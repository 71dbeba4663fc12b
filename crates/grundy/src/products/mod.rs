//! Products of coin-turning games on a board: the tartan product, whose
//! values are nim products of the two games' coin values (with winning
//! moves found by nim division and counted from histograms), and the
//! acrostic product, computed cell by cell. Turning Corners, Rugs and
//! Acrostic Twins are named products.

pub mod acrostic;
pub mod named;
pub mod report;
pub mod side;
pub mod tartan;

#[cfg(test)]
mod tests;
