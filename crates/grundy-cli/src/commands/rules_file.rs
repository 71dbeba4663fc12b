//! Rules files (`FILE.toml`): `grundy game FILE.toml [POSITION...]` analyses
//! a position of the game the file describes, `grundy play FILE.toml
//! [POSITION...]` plays it. The file is read and compiled by
//! [`grundy::rules_file`].

use std::path::Path;

use grundy::family::registry::{self, AnyGame};
use grundy::game::Convention;
use grundy::rules_file::RulesFile;

use crate::error::{CliError, CliResult};
use crate::input;
use crate::report::{OutputArgs, PrintReport};

/// The largest rules file read: 1 MiB.
const MAX_FILE: u64 = 1 << 20;

/// Whether `path` names a rules file (it ends in `.toml`).
pub fn is_rules_file(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("toml"))
}

/// Reads and compiles the file; errors name the file and the line.
pub fn load(path: &Path) -> CliResult<(String, RulesFile)> {
    let name = path.display().to_string();
    let what = format!("the rules file '{name}'");
    let text = input::read_text(&name, &what, MAX_FILE)?;
    let file = RulesFile::parse(&text).map_err(|e| CliError::new(format!("{name}: {e}")))?;
    Ok((text, file))
}

/// The game of the file (the registry's rules family) at the position
/// typed (words joined by spaces), or at the file's start.
pub fn start(
    path: &Path,
    text: &str,
    position: &[String],
    convention: Convention,
) -> CliResult<Box<dyn AnyGame>> {
    registry::start_rules_file(text, &position.join(" "), convention)
        .map_err(|e| CliError::new(format!("{}: {e}", path.display())))
}

/// `grundy game FILE.toml [POSITION...]`: the analysis of `position` (a
/// sum when several) in misère play when `misere`, printed as `out` asks.
pub fn analyse(path: &Path, position: &[String], misere: bool, out: &OutputArgs) -> CliResult {
    let (text, file) = load(path)?;
    let game = start(path, &text, position, super::families::convention(misere))?;
    let mut report = game.report()?;
    if out.explain {
        let name = path.display().to_string();
        report.explanation = Some(file.explain(&name, &game.draw()));
    }
    report.print(out)
}
