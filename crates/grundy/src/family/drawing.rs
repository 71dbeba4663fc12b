//! What to draw, as data: the terminal, a web page and a picture render a
//! position from a [`Drawing`], each in its own way.
//!
//! ```
//! use grundy::family::{Draw, drawing::Shape};
//! use grundy::strategy::NimPlay as Nim;
//! use grundy::game::Convention;
//! let d = Nim(Convention::Normal).drawing(&vec![3, 4, 5]);
//! assert_eq!(d.shape, Shape::Heaps { sizes: vec![3, 4, 5] });
//! assert_eq!(d.value, Some(2));
//! ```

use serde::{Deserialize, Serialize};

use crate::game::Outcome;

/// The picture of a position, its parts with their values, and who wins.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Drawing {
    /// What to draw.
    pub shape: Shape,
    /// The independent components (heaps, runs of cells, coins, tokens),
    /// each with its Grundy value, in the order the shape shows them.
    pub components: Vec<Part>,
    /// The Grundy value of the whole position (the nim-sum of the
    /// components); `null` in misère play or where there is none.
    pub value: Option<u64>,
    /// Who wins with best play.
    pub outcome: Outcome,
}

impl Drawing {
    /// The nim-sum of the components' values, where every one has a value
    /// and the sum agrees with the outcome (0 for a P-position): the value
    /// of the sum they make in normal play, which stands for a position
    /// with no value of its own that its components decide (Treblecross,
    /// by its heap form). A Treblecross board with two X's two cells
    /// apart has no heap form: no components, yet an N-position, so
    /// `None`.
    ///
    /// ```
    /// use grundy::family::{Draw, drawing::Shape};
    /// use grundy::strategy::NimPlay as Nim;
    /// use grundy::game::Convention;
    /// assert_eq!(Nim(Convention::Normal).drawing(&vec![3, 4, 5]).parts_value(), Some(2));
    /// ```
    pub fn parts_value(&self) -> Option<u64> {
        let sum = self
            .components
            .iter()
            .try_fold(0, |sum, part| Some(sum ^ part.value?))?;
        ((sum == 0) == (self.outcome == Outcome::P)).then_some(sum)
    }
}

/// One component and its value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Part {
    /// What the component is, in the game's words ("heap 2", "cells 4-7").
    pub label: String,
    /// Its Grundy value, where it has one.
    pub value: Option<u64>,
}

/// The shapes positions are drawn with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Shape {
    /// Heaps of tokens.
    Heaps {
        /// Tokens in each heap.
        sizes: Vec<u64>,
    },
    /// Coins on a staircase: step 1 is the lowest.
    Steps {
        /// Coins on each step.
        coins: Vec<u64>,
    },
    /// Coins on a strip of cells, cell 1 on the left.
    Cells {
        /// The number of cells.
        length: u64,
        /// The cells (1-based) holding a coin; a cell may be listed twice.
        coins: Vec<u64>,
    },
    /// A row of coins, face up (`true`) or face down.
    Coins {
        /// Each coin, cell 1 first.
        up: Vec<bool>,
    },
    /// A strip of cells drawn with one character each: `X` marked and `.`
    /// empty, as in Dawson's chess or Treblecross, or `1` lit and `0`
    /// unlit, as in Last-to-Toggle.
    Strip {
        /// The cells.
        cells: String,
    },
    /// A rectangular board, one string per row, one character per cell.
    Board {
        /// The rows, top first.
        rows: Vec<String>,
    },
    /// Cards left, by value.
    Cards {
        /// The card values.
        values: Vec<u64>,
        /// How many cards of each value are left.
        counts: Vec<u64>,
        /// The running total.
        total: u64,
        /// The total that may not be passed.
        limit: u64,
    },
    /// Chips on the vertices of a directed graph.
    Graph {
        /// Vertex names.
        vertices: Vec<String>,
        /// Arcs, as indices into `vertices`.
        edges: Vec<(u32, u32)>,
        /// The vertex of each chip.
        chips: Vec<u32>,
    },
    /// Rows of a board with a black and a white token each (Northcott).
    Rows {
        /// The board's width.
        width: u64,
        /// The column (1-based) of the black and the white token of each row.
        tokens: Vec<(u64, u64)>,
    },
}
