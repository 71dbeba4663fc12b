//! The play loop: whose turn it is, the prompt commands, and the three ways
//! of talking to the player.
//!
//! - Terminal (standard input is a terminal): the position is drawn before
//!   each of the person's moves and a prompt `your move> ` waits for a line.
//! - Pipe (standard input is not a terminal): the same plain text without
//!   the prompt, one input line per move or command, for scripts.
//! - JSON (`--json`): one JSON object per line. First `{"position": ..}`,
//!   then after every move `{"by": "computer"|"human", "move": words,
//!   "position": ..}`, and at the end `{"winner": "computer"|"human"}`.
//!   Positions are written as the analysis command writes `to`, and a move
//!   may be typed as the whole position it leaves.
//!
//! Commands at the prompt: a move, `hint`, `why`, `undo`, `moves`, `help`,
//! `quit`. An illegal or malformed move is refused with the reason and the
//! game goes on; the end of the input ends the session like `quit`.

use std::io::BufRead;

use grundy::game::{Convention, Outcome};
use grundy::strategy::{Basis, Choice, MoveTo, Strategy};
use serde_json::{json, Value};

use super::{listable, normalize, Adapter, MOVE_LIST_CAP};
use crate::error::{CliError, CliResult};
use crate::listing::MAX_LISTED;
use crate::report::{emit, print_json};

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
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

/// How a session is set up.
#[derive(Clone, Debug)]
pub struct Options {
    /// Who moves first.
    pub first: Side,
    /// How the session talks.
    pub mode: Mode,
    /// Seed of the computer's tie-breaking.
    pub seed: u64,
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
";

/// The computer's last move: the position it moved from and its choice.
type LastMove<M, P> = Option<(P, Choice<M, P>)>;

struct Snapshot<M, P> {
    position: P,
    last: LastMove<M, P>,
}

struct Session<'a, A: Adapter, R: BufRead> {
    game: &'a A,
    mode: Mode,
    position: A::Position,
    human_to_move: bool,
    computer: Strategy<A::Position>,
    last: LastMove<A::Move, A::Position>,
    history: Vec<Snapshot<A::Move, A::Position>>,
    input: R,
}

/// A line read from the player.
enum Line {
    /// The end of the input.
    End,
    /// A line of text, without its line ending.
    Text(String),
    /// A line that is not UTF-8: refused like an illegal move.
    NotText(String),
}

/// Plays `game` from `start` against the player reading `input`.
pub fn run<A: Adapter, R: BufRead>(
    game: &A,
    start: A::Position,
    options: &Options,
    input: R,
) -> CliResult {
    let mut s = Session {
        game,
        mode: options.mode,
        position: start,
        human_to_move: options.first == Side::Human,
        computer: Strategy::new(options.seed),
        last: None,
        history: Vec::new(),
        input,
    };
    s.run()
}

impl<A: Adapter, R: BufRead> Session<'_, A, R> {
    fn text(&self) -> bool {
        self.mode != Mode::Json
    }

    fn say(&self, text: &str) -> CliResult {
        let mut t = text.to_string();
        if !t.ends_with('\n') {
            t.push('\n');
        }
        emit(&t)
    }

    fn run(&mut self) -> CliResult {
        self.intro()?;
        let mut show = true;
        loop {
            if self.game.is_over(&self.position) {
                return self.finish();
            }
            if !self.human_to_move {
                self.computer_moves()?;
                show = true;
                continue;
            }
            if show && self.text() {
                self.say(&self.game.draw(&self.position))?;
            }
            show = false;
            if self.mode == Mode::Terminal {
                emit(PROMPT)?;
            }
            let line = match self.read()? {
                Line::End => return self.quit(),
                Line::Text(line) => line,
                Line::NotText(reason) => {
                    self.refuse(&reason)?;
                    continue;
                }
            };
            let line = line.trim().to_string();
            match normalize(&line).as_str() {
                "" => {}
                "quit" | "exit" => return self.quit(),
                "help" | "?" => self.help()?,
                "hint" => self.hint()?,
                "why" => self.why()?,
                "undo" => show = self.undo()?,
                "moves" => self.list_moves()?,
                _ => match self.parse(&line) {
                    Ok((mv, to)) => {
                        self.human_moves(mv, to)?;
                        show = true;
                    }
                    Err(reason) => self.refuse(&reason)?,
                },
            }
        }
    }

    fn read(&mut self) -> CliResult<Line> {
        let mut bytes = Vec::new();
        let n = self
            .input
            .read_until(b'\n', &mut bytes)
            .map_err(|e| CliError::new(format!("cannot read standard input: {e}")))?;
        if n == 0 {
            return Ok(Line::End);
        }
        if bytes.last() == Some(&b'\n') {
            bytes.pop();
            if bytes.last() == Some(&b'\r') {
                bytes.pop();
            }
        }
        Ok(match String::from_utf8(bytes) {
            Ok(text) => Line::Text(text),
            Err(e) => Line::NotText(format!(
                "the line is not UTF-8 text (bad byte at offset {}); type moves to list the moves, or help",
                e.utf8_error().valid_up_to()
            )),
        })
    }

    fn convention_words(&self) -> &'static str {
        match self.game.convention() {
            Convention::Normal => "normal play: whoever cannot move loses",
            Convention::Misere => "misère play: whoever makes the last move loses",
        }
    }

    fn intro(&self) -> CliResult {
        if !self.text() {
            return print_json(&json!({"position": self.game.to_json(&self.position)}));
        }
        let first = if self.human_to_move {
            "You move first."
        } else {
            "The computer moves first."
        };
        self.say(&format!(
            "{} {} ({}). {first}\nType a move, or help for the commands.",
            self.game.name(),
            self.game.to_text(&self.position),
            self.convention_words()
        ))
    }

    fn computer_moves(&mut self) -> CliResult {
        let before = self.position.clone();
        let choice = self.computer.choose(self.game, &before)?.ok_or_else(|| {
            CliError::new("the computer has no move although the game is not over")
        })?;
        if self.text() {
            self.say(&format!("computer: {}", choice.mv))?;
        } else {
            print_json(&json!({
                "by": "computer",
                "move": choice.mv.to_string(),
                "position": self.game.to_json(&choice.to),
            }))?;
        }
        self.position = choice.to.clone();
        self.last = Some((before, choice));
        self.human_to_move = true;
        Ok(())
    }

    fn human_moves(&mut self, mv: A::Move, to: A::Position) -> CliResult {
        self.history.push(Snapshot {
            position: self.position.clone(),
            last: self.last.clone(),
        });
        if self.text() {
            self.say(&format!("you: {mv}"))?;
        } else {
            print_json(&json!({
                "by": "human",
                "move": mv.to_string(),
                "position": self.game.to_json(&to),
            }))?;
        }
        self.position = to;
        self.human_to_move = false;
        Ok(())
    }

    fn parse(&self, line: &str) -> Result<MoveTo<A::Move, A::Position>, String> {
        if let Some(m) = self.game.parse_move(&self.position, line)? {
            return Ok(m);
        }
        match self.game.parse_position(line) {
            Ok(to) => self.game.move_to(&self.position, &to),
            Err(_) if line.starts_with(|c: char| c.is_alphabetic()) => Err(format!(
                "'{line}' is not a legal move here; type moves to list them, or help"
            )),
            Err(e) => Err(format!(
                "'{line}' is neither a move nor a position ({e}); type help for the notation"
            )),
        }
    }

    fn refuse(&self, reason: &str) -> CliResult {
        if self.text() {
            self.say(&format!("illegal move: {reason}"))
        } else {
            print_json(&json!({"error": reason}))
        }
    }

    fn finish(&self) -> CliResult {
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
            return print_json(&json!({"winner": winner.json()}));
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

    fn quit(&self) -> CliResult {
        if self.text() {
            self.say(&format!(
                "stopped at {}.",
                self.game.to_text(&self.position)
            ))
        } else {
            print_json(&json!({"quit": true, "position": self.game.to_json(&self.position)}))
        }
    }

    fn help(&self) -> CliResult {
        if self.text() {
            self.say(HELP)
        } else {
            print_json(&json!({"help": HELP}))
        }
    }

    fn hint(&self) -> CliResult {
        let count = self.game.winning_count(&self.position)?;
        let first = match count {
            0 => None,
            _ => self.game.winning_move(&self.position, 0)?,
        };
        const NONE: &str = "no winning move: every move leads to an N-position";
        if !self.text() {
            return match &first {
                Some((mv, to)) => print_json(&json!({"hint": {
                    "move": mv.to_string(),
                    "to": self.game.to_json(to),
                }})),
                None => print_json(&json!({"hint": null, "reason": NONE})),
            };
        }
        match &first {
            None => self.say(&format!("hint: {NONE}.")),
            Some((mv, to)) => {
                let more = match count {
                    1 => String::new(),
                    n => format!(" (one of {n} winning moves)"),
                };
                self.say(&format!("hint: {mv}  ->  {}{more}", self.game.to_text(to)))
            }
        }
    }

    fn why(&self) -> CliResult {
        let text = match &self.last {
            None => "the computer has not moved yet.".to_string(),
            Some((before, choice)) => {
                let mut t = self.game.explain(before, choice);
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
            print_json(&json!({"why": text}))
        }
    }

    fn basis(&self, c: &Choice<A::Move, A::Position>) -> String {
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
            (false, _) => format!(
                "No move wins from a P-position, and the position is too large to count how long each move makes \
                 the game last, so the computer stalled by its rule: {}.{ties}\n",
                self.game.stall_rule()
            ),
        }
    }

    fn undo(&mut self) -> CliResult<bool> {
        let Some(s) = self.history.pop() else {
            let msg = "nothing to undo: you have not moved yet";
            if self.text() {
                self.say(&format!("{msg}."))?;
            } else {
                print_json(&json!({"error": msg}))?;
            }
            return Ok(false);
        };
        self.position = s.position;
        self.last = s.last;
        self.human_to_move = true;
        if self.text() {
            self.say(&format!(
                "undone: back to {}.",
                self.game.to_text(&self.position)
            ))?;
        } else {
            print_json(&json!({"undo": true, "position": self.game.to_json(&self.position)}))?;
        }
        Ok(true)
    }

    fn list_moves(&self) -> CliResult {
        let n = self.game.move_count(&self.position);
        if !listable(self.game, &self.position) {
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
                print_json(&json!({"error": msg}))
            };
        }
        let moves = self.game.moves(&self.position);
        if !self.text() {
            let list: Vec<Value> = moves
                .iter()
                .map(|(mv, to)| {
                    json!({
                        "move": mv.to_string(),
                        "to": self.game.to_json(to),
                        "value": self.game.value(to).map(|v| v.0),
                        "outcome": self.game.outcome(to).to_string(),
                    })
                })
                .collect();
            return print_json(&json!({ "moves": list }));
        }
        let mut out = format!("legal moves ({}):\n", moves.len());
        for (mv, to) in &moves {
            let outcome = self.game.outcome(to);
            let what = match (self.game.value(to), outcome) {
                (Some(v), Outcome::P) => format!("value {}: a P-position, a winning move", v.0),
                (Some(v), Outcome::N) => format!("value {}", v.0),
                (None, Outcome::P) => "a P-position, a winning move".to_string(),
                (None, Outcome::N) => "an N-position".to_string(),
            };
            out.push_str(&format!(
                "  {mv}  ->  {}  ({what})\n",
                self.game.to_text(to)
            ));
        }
        self.say(&out)
    }
}
