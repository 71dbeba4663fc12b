//! A game against the computer, with no input or output of its own: whose
//! turn it is, the prompt commands, and the three ways of talking to the
//! player. A front-end feeds it the player's lines and prints what it
//! [`Session::take_output`]s.
//!
//! - Terminal (standard input is a terminal): the position is drawn before
//!   each of the person's moves and a prompt `your move> ` waits for a line.
//! - Pipe (standard input is not a terminal): the same plain text without
//!   the prompt, one input line per move or command, for scripts.
//! - JSON (`--json`): one JSON object per line. First `{"position": ..}`,
//!   then after every move `{"by": "computer"|"human", "move": words,
//!   "position": ..}`, and at the end `{"winner": "computer"|"human"}`, or
//!   `{"winner": null, "draw": true}` when a game that can loop ends in a
//!   draw by repetition ([`super::Analyse::draw_by_repetition`]).
//!   Positions are written as the analysis command writes `to`, and a move
//!   may be typed as the whole position it leaves.
//!
//! Commands at the prompt: a move, `hint`, `why`, `undo`, `moves`, `help`,
//! `quit`. An illegal or malformed move is refused with the reason and the
//! game goes on; the end of the input ends the session like `quit`.

use serde_json::{json, Value};

use super::text::normalize;
use super::{listable, Error, Family, MAX_LISTED, MOVE_LIST_CAP};
use crate::game::{Convention, Outcome};
use crate::strategy::{Basis, Choice, Level, MoveTo, Strategy, SHOWN_BUDGET};

type Result<T = ()> = std::result::Result<T, Error>;

/// How the session talks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A person at a terminal: drawings and a prompt.
    Terminal,
    /// A script on a pipe: the same plain text without the prompt.
    Pipe,
    /// One JSON object per line.
    Json,
}

/// Who plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The person (or script) at the other end.
    Human,
    /// The computer.
    Computer,
}

impl Side {
    fn json(self) -> &'static str {
        match self {
            Side::Human => "human",
            Side::Computer => "computer",
        }
    }
}

/// What the session says: text to print as it is, or one JSON object to
/// print on a line of its own.
#[derive(Clone, Debug, PartialEq)]
pub enum Output {
    /// Text, with its line endings (the prompt has none).
    Text(String),
    /// One JSON object (JSON mode).
    Json(Value),
}

/// A line read from the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// The end of the input.
    End,
    /// A line of text, without its line ending.
    Text(String),
    /// A line that is not UTF-8; `valid_up_to` is the offset of its first
    /// bad byte. Refused like an illegal move.
    NotText {
        /// The offset of the first byte that is not UTF-8.
        valid_up_to: usize,
    },
}

/// How a session is set up.
#[derive(Clone, Debug)]
pub struct Options {
    /// Who moves first.
    pub first: Side,
    /// How the session talks.
    pub mode: Mode,
    /// Seed of the computer's tie-breaking (and of its slips below
    /// [`Level::Perfect`]).
    pub seed: u64,
    /// How well the computer plays.
    pub level: Level,
}

/// The prompt shown at a terminal.
pub const PROMPT: &str = "your move> ";

const HELP: &str = "\
Type a move in the notation the analysis command prints (the part in parentheses may be left out),
or the whole position after your move. Commands:
  hint   a winning move, if there is one
  why    why the computer made its last move
  undo   take back your last move and the computer's answer
  moves  every legal move, with the value of the position it leaves
  help   this text
  quit   stop playing
In a game that can loop (chips on a graph with a cycle, windup), a position that comes up
for the third time with the same player to move ends the game in a draw.
";

/// The computer's last move: the position it moved from and its choice.
type LastMove<M, P> = Option<(P, Choice<M, P>)>;

struct Snapshot<M, P> {
    position: P,
    last: LastMove<M, P>,
    trail: usize,
}

/// A game in progress: the position, whose turn it is, the computer's
/// strategy and what can be undone.
pub struct Session<F: Family> {
    game: F,
    mode: Mode,
    position: F::Position,
    human_to_move: bool,
    computer: Strategy<F::Position>,
    last: LastMove<F::Move, F::Position>,
    history: Vec<Snapshot<F::Move, F::Position>>,
    /// Every position so far with whether the person was to move, for the
    /// draw by repetition of games that can loop.
    trail: Vec<(F::Position, bool)>,
    show: bool,
    finished: bool,
    output: Vec<Output>,
}

impl<F: Family> Session<F> {
    /// A session of `game` from `start`. Nothing is said until
    /// [`Session::begin`].
    pub fn new(game: F, start: F::Position, options: &Options) -> Self {
        Session {
            game,
            mode: options.mode,
            position: start,
            human_to_move: options.first == Side::Human,
            computer: Strategy::new(options.seed).with_level(options.level),
            last: None,
            history: Vec::new(),
            trail: Vec::new(),
            show: true,
            finished: false,
            output: Vec::new(),
        }
    }

    /// The game played.
    pub fn game(&self) -> &F {
        &self.game
    }

    /// The position now.
    pub fn position(&self) -> &F::Position {
        &self.position
    }

    /// Whether the session is over (the game ended or the player quit).
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// What the session has said since the last call, in order.
    pub fn take_output(&mut self) -> Vec<Output> {
        std::mem::take(&mut self.output)
    }

    /// Introduces the game, then plays the computer's moves until the
    /// player is to type a line or the game is over.
    pub fn begin(&mut self) -> Result {
        self.remember();
        self.intro()?;
        self.advance()
    }

    /// Takes one line from the player (or the end of the input), then plays
    /// on until the player is to type again or the session is over.
    pub fn input(&mut self, line: Line) -> Result {
        if self.finished {
            return Ok(());
        }
        let line = match line {
            Line::End => return self.quit(),
            Line::Text(line) => line,
            Line::NotText { valid_up_to } => {
                self.refuse(&format!(
                    "the line is not UTF-8 text (bad byte at offset {valid_up_to}); type moves to list the moves, or help"
                ))?;
                return self.advance();
            }
        };
        let line = line.trim().to_string();
        match normalize(&line).as_str() {
            "" => {}
            "quit" | "exit" => return self.quit(),
            "help" | "?" => self.help()?,
            "hint" => self.hint()?,
            "why" => self.why()?,
            "undo" => self.show = self.undo()?,
            "moves" => self.list_moves()?,
            _ => match self.parse(&line) {
                Ok((mv, to)) => {
                    self.human_moves(mv, to)?;
                    self.show = true;
                }
                Err(reason) => self.refuse(&reason)?,
            },
        }
        self.advance()
    }

    /// Plays the computer's moves until the player is to move (drawing the
    /// position and prompting) or the game is over.
    fn advance(&mut self) -> Result {
        loop {
            if let Some(k) = self.game.draw_by_repetition() {
                let now = (self.position.clone(), self.human_to_move);
                if self.trail.iter().filter(|t| **t == now).count() >= k {
                    return self.finish_draw(k);
                }
            }
            if self.game.is_over(&self.position) {
                return self.finish();
            }
            if !self.human_to_move {
                self.computer_moves()?;
                self.show = true;
                continue;
            }
            if self.show && self.text() {
                self.say(&self.game.draw(&self.position))?;
            }
            self.show = false;
            if self.mode == Mode::Terminal {
                self.output.push(Output::Text(PROMPT.to_string()));
            }
            return Ok(());
        }
    }

    fn text(&self) -> bool {
        self.mode != Mode::Json
    }

    fn say(&mut self, text: &str) -> Result {
        let mut t = text.to_string();
        if !t.ends_with('\n') {
            t.push('\n');
        }
        self.output.push(Output::Text(t));
        Ok(())
    }

    fn print_json(&mut self, value: Value) -> Result {
        self.output.push(Output::Json(value));
        Ok(())
    }

    fn convention_words(&self) -> &'static str {
        match self.game.convention() {
            Convention::Normal => "normal play: whoever cannot move loses",
            Convention::Misere => "misère play: whoever makes the last move loses",
        }
    }

    fn intro(&mut self) -> Result {
        if !self.text() {
            return self.print_json(json!({"position": self.game.position_json(&self.position)}));
        }
        let first = if self.human_to_move {
            "You move first."
        } else {
            "The computer moves first."
        };
        self.say(&format!(
            "{} {} ({}). {first}\nType a move, or help for the commands.",
            self.game.name(),
            self.game.position_text(&self.position),
            self.convention_words()
        ))
    }

    fn computer_moves(&mut self) -> Result {
        let before = self.position.clone();
        let choice = self
            .computer
            .choose(&self.game, &before)?
            .ok_or_else(|| Error::new("the computer has no move although the game is not over"))?;
        if self.text() {
            self.say(&format!("computer: {}", choice.mv))?;
        } else {
            self.print_json(json!({
                "by": "computer",
                "move": choice.mv.to_string(),
                "position": self.game.position_json(&choice.to),
            }))?;
        }
        self.position = choice.to.clone();
        self.last = Some((before, choice));
        self.human_to_move = true;
        self.remember();
        Ok(())
    }

    fn human_moves(&mut self, mv: F::Move, to: F::Position) -> Result {
        self.history.push(Snapshot {
            position: self.position.clone(),
            last: self.last.clone(),
            trail: self.trail.len(),
        });
        if self.text() {
            self.say(&format!("you: {mv}"))?;
        } else {
            self.print_json(json!({
                "by": "human",
                "move": mv.to_string(),
                "position": self.game.position_json(&to),
            }))?;
        }
        self.position = to;
        self.human_to_move = false;
        self.remember();
        Ok(())
    }

    fn parse(&self, line: &str) -> std::result::Result<MoveTo<F::Move, F::Position>, String> {
        if let Some(m) = self.game.parse_move(&self.position, line)? {
            return Ok(m);
        }
        let words = line.starts_with(|c: char| c.is_alphabetic());
        match self.game.parse_position(line) {
            // Words that read as a position (a script's bare words are
            // strings) but lead nowhere were meant as a move.
            Ok(to) => self.game.move_to(&self.position, &to).map_err(|e| {
                if words && line.trim().contains(char::is_whitespace) {
                    format!("'{line}' is not a legal move here; type moves to list them, or help")
                } else {
                    e
                }
            }),
            Err(_) if words => Err(format!(
                "'{line}' is not a legal move here; type moves to list them, or help"
            )),
            Err(e) => Err(format!(
                "'{line}' is neither a move nor a position ({e}); type help for the notation"
            )),
        }
    }

    fn refuse(&mut self, reason: &str) -> Result {
        if self.text() {
            self.say(&format!("illegal move: {reason}"))
        } else {
            self.print_json(json!({"error": reason}))
        }
    }

    fn finish(&mut self) -> Result {
        self.finished = true;
        let mover = if self.human_to_move {
            Side::Human
        } else {
            Side::Computer
        };
        let winner = match (self.game.convention(), mover) {
            (Convention::Normal, Side::Human) | (Convention::Misere, Side::Computer) => {
                Side::Computer
            }
            _ => Side::Human,
        };
        if !self.text() {
            return self.print_json(json!({"winner": winner.json()}));
        }
        let why = match (self.game.convention(), mover) {
            (Convention::Normal, Side::Human) => "you cannot move, so the computer wins",
            (Convention::Normal, Side::Computer) => "the computer cannot move, so you win",
            (Convention::Misere, Side::Human) => {
                "the computer made the last move, which loses in misère play, so you win"
            }
            (Convention::Misere, Side::Computer) => {
                "you made the last move, which loses in misère play, so the computer wins"
            }
        };
        self.say(&self.game.draw(&self.position))?;
        self.say(&format!("game over: {why}."))
    }

    /// Records the position for the draw by repetition (games that can
    /// loop only: the others keep no trail).
    fn remember(&mut self) {
        if self.game.draw_by_repetition().is_some() {
            self.trail.push((self.position.clone(), self.human_to_move));
        }
    }

    /// The same position came up `k` times with the same player to move.
    fn finish_draw(&mut self, k: usize) -> Result {
        self.finished = true;
        if !self.text() {
            return self.print_json(json!({"winner": null, "draw": true}));
        }
        self.say(&self.game.draw(&self.position))?;
        self.say(&format!(
            "game over: this position has come up {k} times with the same player to move, so the game is a draw."
        ))
    }

    fn quit(&mut self) -> Result {
        self.finished = true;
        if self.text() {
            self.say(&format!(
                "stopped at {}.",
                self.game.position_text(&self.position)
            ))
        } else {
            self.print_json(
                json!({"quit": true, "position": self.game.position_json(&self.position)}),
            )
        }
    }

    fn help(&mut self) -> Result {
        if self.text() {
            self.say(HELP)
        } else {
            self.print_json(json!({"help": HELP}))
        }
    }

    fn hint(&mut self) -> Result {
        let count = self.game.winning_total(&self.position)?;
        let first = match count {
            0 => None,
            _ => self.game.winning_move(&self.position, 0)?,
        };
        const NONE: &str = "no winning move: every move leads to an N-position";
        // In a game that can loop, a position that is not P and has no
        // winning move is a draw: the hint is a move that keeps it.
        let keeps = if first.is_none()
            && self.game.draw_by_repetition().is_some()
            && self.game.outcome(&self.position) == Outcome::N
        {
            self.game.stall_moves(&self.position).into_iter().next()
        } else {
            None
        };
        const DRAW: &str = "no winning move: the position is a draw with best play";
        if !self.text() {
            return match (&first, &keeps) {
                (Some((mv, to)), _) => self.print_json(json!({"hint": {
                    "move": mv.to_string(),
                    "to": self.game.position_json(to),
                }})),
                (None, Some((mv, to))) => self.print_json(json!({
                    "hint": null,
                    "reason": DRAW,
                    "keeps_draw": {"move": mv.to_string(), "to": self.game.position_json(to)},
                })),
                (None, None) => self.print_json(json!({"hint": null, "reason": NONE})),
            };
        }
        if let (None, Some((mv, to))) = (&first, &keeps) {
            return self.say(&format!(
                "hint: {DRAW}; this move keeps the draw: {mv}  ->  {}",
                self.game.position_text(to)
            ));
        }
        match &first {
            None => self.say(&format!("hint: {NONE}.")),
            Some((mv, to)) => {
                let more = match count {
                    1 => String::new(),
                    n => format!(" (one of {n} winning moves)"),
                };
                self.say(&format!(
                    "hint: {mv}  ->  {}{more}",
                    self.game.position_text(to)
                ))
            }
        }
    }

    fn why(&mut self) -> Result {
        let text = match &self.last {
            None => "the computer has not moved yet.".to_string(),
            Some((before, choice)) if choice.basis == Basis::Slip => self.slip(before, choice),
            Some((before, choice)) => {
                let mut t = self.game.explain_choice(before, choice);
                if !t.ends_with('\n') {
                    t.push('\n');
                }
                t.push_str(&self.basis(choice));
                t
            }
        };
        if self.text() {
            self.say(&text)
        } else {
            self.print_json(json!({"why": text}))
        }
    }

    /// Why a slip was played: the level, and what the move gave away.
    fn slip(&self, before: &F::Position, c: &Choice<F::Move, F::Position>) -> String {
        let level = self.computer.level();
        let share = level.slips_in_1000() / 100;
        let what = if c.wins {
            "It happened to be a winning move: it leaves a P-position.".to_string()
        } else if self.game.outcome(before) == Outcome::N {
            format!(
                "It was a mistake: {} had a winning move, and this one leaves an N-position, so now you can win. \
                 Look for a move to a P-position.",
                self.game.position_text(before)
            )
        } else {
            "No move won from there anyway: it was a P-position.".to_string()
        };
        format!(
            "At the {level} level the computer plays a random legal move on about {share} turns in 10, and this \
             was one of them: {}.\n{what}\n",
            c.mv
        )
    }

    fn basis(&self, c: &Choice<F::Move, F::Position>) -> String {
        let ties = if c.ties > 1 {
            format!(
                " {} moves were equally good; one was drawn at random (--seed repeats the draw).",
                c.ties
            )
        } else {
            String::new()
        };
        match (c.wins, c.basis) {
            (true, Basis::Remoteness) => format!(
                "It was a winning move, the fastest one: with best play the game ends after {} more moves.{ties}\n",
                c.remoteness.unwrap_or(0)
            ),
            (true, _) => format!("It was a winning move.{ties}\n"),
            (false, Basis::Remoteness) => format!(
                "No move wins from a P-position, so the computer stalled: it chose the move after which the game \
                 lasts longest with best play ({} more moves), so that you have the most chances to go wrong.{}{ties}\n",
                c.remoteness.unwrap_or(0),
                if c.by_rule {
                    format!(
                        " Of the moves that last that long it preferred its rule's: {}.",
                        self.game.stall_rule()
                    )
                } else {
                    String::new()
                }
            ),
            (false, _) if self.game.draw_by_repetition().is_some() => format!(
                "No move wins here, so the computer moved by its rule: {}.{ties}\n",
                self.game.stall_rule()
            ),
            (false, _) => format!(
                "No move wins from a P-position, and the position is too large to count how long each move makes \
                 the game last, so the computer stalled by its rule: {}.{ties}\n",
                self.game.stall_rule()
            ),
        }
    }

    fn undo(&mut self) -> Result<bool> {
        let Some(s) = self.history.pop() else {
            let msg = "nothing to undo: you have not moved yet";
            if self.text() {
                self.say(&format!("{msg}."))?;
            } else {
                self.print_json(json!({"error": msg}))?;
            }
            return Ok(false);
        };
        self.position = s.position;
        self.last = s.last;
        self.trail.truncate(s.trail);
        self.human_to_move = true;
        if self.text() {
            self.say(&format!(
                "undone: back to {}.",
                self.game.position_text(&self.position)
            ))?;
        } else {
            self.print_json(
                json!({"undo": true, "position": self.game.position_json(&self.position)}),
            )?;
        }
        Ok(true)
    }

    fn list_moves(&mut self) -> Result {
        let n = self.game.move_count(&self.position);
        if !listable(&self.game, &self.position) {
            let msg = if n > MOVE_LIST_CAP {
                format!(
                    "there are {n} legal moves, too many to list (at most {MOVE_LIST_CAP}); type hint for a winning one"
                )
            } else {
                format!(
                    "there are {n} legal moves, each leaving a position of {} numbers: too much to list (at most \
                     {MAX_LISTED} numbers in all); type hint for a winning one",
                    self.game.size(&self.position)
                )
            };
            return if self.text() {
                self.say(&format!("{msg}."))
            } else {
                self.print_json(json!({"error": msg}))
            };
        }
        let moves = self.game.moves(&self.position);
        let remoteness: Vec<Option<u64>> = if self.game.searchable() {
            let game = &self.game;
            let mut work = SHOWN_BUDGET;
            moves
                .iter()
                .map(|(_, to)| {
                    self.computer
                        .remoteness_within(game, to, &mut work)
                        .map(|r| r.1)
                })
                .collect()
        } else {
            vec![None; moves.len()]
        };
        if !self.text() {
            let list: Vec<Value> = moves
                .iter()
                .zip(&remoteness)
                .map(|((mv, to), r)| {
                    let mut m = json!({
                        "move": mv.to_string(),
                        "to": self.game.position_json(to),
                        "value": self.game.value(to).map(|v| v.0),
                        "outcome": self.game.outcome(to).to_string(),
                        "remoteness": r,
                    });
                    if let Some(t) = self.game.value_text(to) {
                        m["value_text"] = Value::from(t);
                    }
                    m
                })
                .collect();
            return self.print_json(json!({ "moves": list }));
        }
        let mut out = format!("legal moves ({}):\n", moves.len());
        for ((mv, to), r) in moves.iter().zip(&remoteness) {
            let outcome = self.game.outcome(to);
            let what = match (self.game.value(to), outcome) {
                _ if self.game.value_text(to).is_some() => {
                    self.game.value_text(to).unwrap_or_default()
                }
                (Some(v), Outcome::P) => format!("value {}: a P-position, a winning move", v.0),
                (Some(v), Outcome::N) => format!("value {}", v.0),
                (None, Outcome::P) => "a P-position, a winning move".to_string(),
                (None, Outcome::N) => "an N-position".to_string(),
            };
            let lasts = match (r, outcome) {
                (Some(r), Outcome::P) => format!("; you win in {} moves, this one included", r + 1),
                (Some(r), Outcome::N) => {
                    format!("; you lose in {} moves, this one included", r + 1)
                }
                (None, _) => String::new(),
            };
            out.push_str(&format!(
                "  {mv}  ->  {}  ({what}{lasts})\n",
                self.game.position_text(to)
            ));
        }
        self.say(&out)
    }
}
