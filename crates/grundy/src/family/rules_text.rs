//! Every family's human name and its rules in plain words, for a player
//! who has never seen the game: what a position looks like, what a move
//! is, who wins. The [`registry`](super::registry) gives them to every
//! front-end as the `title` and `rules` of each entry.
//!
//! The words describe the rules as the library plays them (the variants
//! included), with no command-line syntax, so that a page or a notebook
//! can show them as they are. Normal play is stated each time; misère play
//! is mentioned where the family takes it.

use serde::Serialize;

/// A family's name for people and its rules in words; as JSON, `title` and
/// `rules` (fields of each registry entry).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct RulesText {
    /// The game's name as people say it ("Wythoff's game").
    pub title: &'static str,
    /// The rules in plain words: a position, a move, who wins.
    pub rules: &'static str,
}

/// How normal play ends, said the same way by every family.
macro_rules! normal {
    () => {
        "Normal play: the player who cannot move loses, so whoever makes the last move wins."
    };
}

/// How misère play ends, for the families that take it.
macro_rules! misere {
    () => {
        " In misère play, which this game also offers, it is the other way round: the player who cannot move wins, so whoever makes the last move loses."
    };
}

/// Nim.
pub const NIM: RulesText = RulesText {
    title: "Nim",
    rules: concat!(
        "There are a few heaps of tokens. On your turn, choose one heap and take as many tokens from it as you like: one, several or the whole heap. ",
        normal!(),
        misere!()
    ),
};

/// Heap games by their rule.
pub const HEAP: RulesText = RulesText {
    title: "Kayles and other heap games (octal and subtraction games)",
    rules: concat!(
        "There are a few heaps of tokens (or rows of pins). A move takes tokens from one heap, and the game's rule says how many may be taken and what may be left of that heap: nothing, one heap, or two heaps when the rest is split in two. ",
        "In Kayles, the heaps are rows of pins: knock down one pin or two pins side by side, which may split a row into two rows. ",
        "An octal code such as 0.77 writes a rule as digits: the digit in place k after the point says what a move taking k tokens may leave, 1 for no heap, 2 for one heap and 4 for two heaps, added up (so 7 allows all three); a digit before the point is about splitting a heap without taking any token. ",
        "A subtraction game gives the amounts that may be taken (such as 1, 3 or 4), or the amounts that may not. Named games include Dawson's Kayles (knock down exactly two pins side by side), Lasker's Nim (take from a heap or split it in two) and Grundy's game (split a heap into two heaps of different sizes). ",
        normal!(),
        misere!()
    ),
};

/// Heap games on their boards.
pub const STRIP: RulesText = RulesText {
    title: "Heap games on a board (Dawson's chess, Treblecross, Last-to-Toggle, Triomino)",
    rules: concat!(
        "A heap game played on its own board; the board is one of four games. ",
        "Crosses (Dawson's chess): a strip of cells; put an X on an empty cell that is not next to another X. ",
        "Treblecross: a strip of cells; put an X on any empty cell, and whoever makes three X's in a row wins at once. ",
        "Last-to-Toggle: a row of ones and zeros; turn two ones side by side into zeros. ",
        "Triomino: a board two rows high; place an L-shaped piece of three cells on free cells. ",
        normal!(),
        " In misère play, which every board but Treblecross offers, the player who cannot move wins."
    ),
};

/// Staircase Nim.
pub const STAIRCASE: RulesText = RulesText {
    title: "Staircase Nim",
    rules: concat!(
        "Coins lie on the steps of a staircase; step 1 is the floor. On your turn, move one or more coins from one step down to the step just below it. Coins on the floor never move again. ",
        normal!()
    ),
};

/// Nimble.
pub const NIMBLE: RulesText = RulesText {
    title: "Nimble",
    rules: concat!(
        "Coins lie on a strip of cells numbered 1, 2, 3, ... from the left. On your turn, slide one coin any number of cells to the left, staying on the strip. A coin may jump over other coins and may land on a cell that already holds coins. ",
        normal!()
    ),
};

/// Nimble-2.
pub const NIMBLE2: RulesText = RulesText {
    title: "Nimble-2",
    rules: concat!(
        "Coins lie on a strip of cells numbered 1, 2, 3, ... from the left, at most one on a cell. On your turn, slide one coin to the left, as far as you like, but without jumping over another coin or landing on one. ",
        normal!()
    ),
};

/// Turning Turtles.
pub const TURTLES: RulesText = RulesText {
    title: "Turning Turtles",
    rules: concat!(
        "A row of coins, each face up or face down, numbered 1, 2, 3, ... from the left. On your turn, turn one face-up coin face down; you may also turn over one coin to its left, whichever way that coin faces. ",
        normal!()
    ),
};

/// Twins.
pub const TWINS: RulesText = RulesText {
    title: "Twins",
    rules: concat!(
        "A row of coins, each face up or face down, numbered 1, 2, 3, ... from the left. On your turn, turn one face-up coin face down and also turn over exactly one coin to its left, whichever way that coin faces. ",
        normal!()
    ),
};

/// Coin-turning games on a strip.
pub const TURNING: RulesText = RulesText {
    title: "Coin-turning games (Mock Turtles, Ruler, Grunt, ...)",
    rules: concat!(
        "A row of coins, each showing heads or tails. A move turns over a set of coins that the chosen game allows, and the rightmost coin turned must go from heads to tails. ",
        "In Mock Turtles you turn one, two or three coins; in Ruler, any block of coins side by side; in Grunt, four coins placed symmetrically about their middle, the first coin of the row among them; in Moebius, one to five coins. ",
        normal!()
    ),
};

/// Wythoff's game.
pub const WYTHOFF: RulesText = RulesText {
    title: "Wythoff's game",
    rules: concat!(
        "There are two heaps of tokens. On your turn, either take as many tokens as you like from one heap, or take the same number of tokens from both heaps. ",
        normal!()
    ),
};

/// r-Wythoff.
pub const R_WYTHOFF: RulesText = RulesText {
    title: "r-Wythoff",
    rules: concat!(
        "There are two heaps of tokens, and the game has a number r. On your turn, either take as many tokens as you like from one heap, or take some from both heaps, at least one from each, so that the two amounts differ by less than r. With r = 1 this is Wythoff's game. ",
        normal!()
    ),
};

/// Generalized Wythoff with a bounding function.
pub const BOUNDED_WYTHOFF: RulesText = RulesText {
    title: "Generalized Wythoff (with a bounding function)",
    rules: concat!(
        "There are two heaps of tokens, and the game has a rule f that turns a number into a larger one (such as f(k) = 2k + 1). On your turn, either take as many tokens as you like from one heap, or take k tokens from one heap and l from the other, both at least one, with k at most l and l less than f(k). With f(k) = k + 1 this is Wythoff's game. ",
        normal!()
    ),
};

/// Mem.
pub const MEM: RulesText = RulesText {
    title: "Mem",
    rules: concat!(
        "There is one heap of tokens, and the game remembers the last move. On your turn, take at least as many tokens as the last move took (at least one on the first move). ",
        normal!()
    ),
};

/// TakeAway(r).
pub const TAKEAWAY: RulesText = RulesText {
    title: "TakeAway (a heap with a memory)",
    rules: concat!(
        "There is one heap of tokens, and the game has a number r. The first move may take any number of tokens except the whole heap; after that, a move may take at least one token and at most r times as many as the last move took. With r = 2 this is Fibonacci Nim. ",
        normal!()
    ),
};

/// Fibonacci Nim.
pub const FIBONACCI_NIM: RulesText = RulesText {
    title: "Fibonacci Nim",
    rules: concat!(
        "There is one heap of tokens. The first move may take any number of tokens except the whole heap; after that, a move may take at least one token and at most twice as many as the last move took. ",
        normal!()
    ),
};

/// Euclid's game.
pub const EUCLID: RulesText = RulesText {
    title: "Euclid's game",
    rules: concat!(
        "There are two heaps of tokens. On your turn, take from the larger heap a multiple of the size of the smaller one (once, twice, ...), as long as the larger heap does not go below zero. Whoever empties a heap wins, since no move is left after it. ",
        normal!()
    ),
};

/// Moore's Nim_k.
pub const MOORE: RulesText = RulesText {
    title: "Moore's Nim",
    rules: concat!(
        "There are a few heaps of tokens, and the game has a number k. On your turn, take tokens from at least one heap and at most k heaps at once, as many from each as you like. With k = 1 this is Nim. ",
        normal!(),
        misere!()
    ),
};

/// Northcott's game.
pub const NORTHCOTT: RulesText = RulesText {
    title: "Northcott's game",
    rules: concat!(
        "A board with several rows; each row holds one black and one white token. The first player moves the black tokens and the second player the white ones. On your turn, move one of your tokens any distance left or right along its row, without jumping over the other token or landing on it. ",
        normal!()
    ),
};

/// Chips on a directed graph.
pub const CHIPS: RulesText = RulesText {
    title: "Chips on a graph",
    rules: concat!(
        "Chips stand on the points of a graph whose lines are arrows; several chips may share a point. On your turn, move one chip along one arrow. ",
        normal!(),
        " When the arrows make a cycle, play may go on for ever: a game that never ends is a draw."
    ),
};

/// Wind-Up.
pub const WIND_UP: RulesText = RulesText {
    title: "Wind-Up",
    rules: concat!(
        "Each heap is a hand on a clock with N hours, showing a number from 0 to N minus 1, and the game has a few amounts that may be subtracted. On your turn, choose a heap not at 0 and turn it back by one of the amounts; going past 0 it winds round to the top of the clock. A heap at 0 cannot move. ",
        normal!(),
        " Since heaps can wind round, play may go on for ever: a game that never ends is a draw."
    ),
};

/// Chips that annihilate.
pub const CHIPS_ANNIHILATE: RulesText = RulesText {
    title: "Annihilating chips",
    rules: concat!(
        "Chips stand on the points of a graph whose lines are arrows, with no way round in a cycle. On your turn, move one chip along one arrow; when it lands on a point that holds a chip, both chips disappear. ",
        normal!()
    ),
};

/// Node-Kayles.
pub const NODE_KAYLES: RulesText = RulesText {
    title: "Node-Kayles",
    rules: concat!(
        "A graph: points joined by lines (a path, a cycle, a grid, ...). On your turn, take one point that is left; every point joined to it is removed with it. ",
        normal!()
    ),
};

/// Cram.
pub const CRAM: RulesText = RulesText {
    title: "Cram",
    rules: concat!(
        "A board of squares, some of which may be blocked. On your turn, place a domino on two empty squares side by side, across or down; dominoes never move again. ",
        normal!()
    ),
};

/// Turning Corners.
pub const CORNERS: RulesText = RulesText {
    title: "Turning Corners",
    rules: concat!(
        "A board of white and black squares. On your turn, choose a rectangle whose bottom right corner is white and turn over its four corners: white becomes black and black becomes white. The rectangle is at least two squares high and two wide. ",
        normal!()
    ),
};

/// Products of coin-turning games.
pub const PRODUCT: RulesText = RulesText {
    title: "Coin-turning on a board (tartan and acrostic products)",
    rules: concat!(
        "A board of coins, each showing heads or tails, and two coin-turning games, one for the rows and one for the columns. ",
        "In a tartan game (such as Rugs or Turning Corners), a move picks a set of rows that the first game could turn and a set of columns that the second could turn, and turns over every coin where they cross; the bottom right coin turned must go from heads to tails. ",
        "In an acrostic game, a move plays the first game down a single column or the second game along a single row, its bottom or right end coin going from heads to tails. ",
        normal!()
    ),
};

/// The 24-card game.
pub const CARDS: RulesText = RulesText {
    title: "The 24-card game",
    rules: concat!(
        "Cards lie face up on the table: four each of the values 1 to 6, unless the game deals others. The players keep one running total, starting at 0. On your turn, take a card and add its value to the total; the total may never go past the limit (50 unless the game sets another). ",
        normal!(),
        misere!()
    ),
};

/// A game described in a rules file.
pub const RULES: RulesText = RulesText {
    title: "A game from a rules file",
    rules: concat!(
        "A short rules file names the kind of game (a heap game, a game of two heaps, chips on a graph, a coin-turning game or a product on a board), its rule and where it starts; the game is then played by the rules of that kind. ",
        normal!(),
        " Misère play is offered where the kind of game takes it."
    ),
};

/// A game given by a script.
pub const SCRIPT: RulesText = RulesText {
    title: "Your own game (a script)",
    rules: concat!(
        "A game you describe yourself: a short script says, for every position, which positions one move can reach, and may give the position to start from. The computer works out the rest. ",
        normal!()
    ),
};
