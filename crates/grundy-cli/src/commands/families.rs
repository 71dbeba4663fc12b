//! `grundy families`: every game family the library knows, with its name
//! for people, aliases, variant and position syntax, and examples (the
//! registry, [`grundy::family::registry`]); `grundy families NAME`: one
//! family's rules in words; and every name it lists as a command:
//! `grundy NAME POSITION`, or `grundy NAME:VARIANT POSITION`.

use clap::Args;
use grundy::family::registry::{self, AnyGame, Budget};
use grundy::game::Convention;

use crate::error::CliResult;
use crate::report::{emit, print_json, OutputArgs, PrintReport};

/// List every family, or show one family's rules in words.
#[derive(Args, Debug)]
pub struct FamiliesArgs {
    /// A family (its name or an alias): its rules in words, its variant and
    /// position syntax and a command to try.
    #[arg(value_name = "NAME")]
    pub name: Option<String>,
    /// One JSON array of `{name, title, rules, aliases, summary, variant,
    /// position, examples}` (the one object of NAME when it is given).
    #[arg(long)]
    pub json: bool,
}

/// Prints the registry, or one family of it.
pub fn run(args: &FamiliesArgs) -> CliResult {
    if let Some(name) = &args.name {
        let f = registry::find(name)?;
        if args.json {
            return print_json(f);
        }
        let mut out = wrap(
            &format!("{} ({})\n\n{}", f.text.title, f.name, f.text.rules),
            78,
        );
        out.push('\n');
        out.push_str(&syntax(f));
        return emit(&out);
    }
    let list = registry::list();
    if args.json {
        return print_json(&list);
    }
    let mut out = String::new();
    for f in list {
        out.push_str(&format!("{}: {}\n  {}\n", f.name, f.text.title, f.summary));
        out.push_str(&syntax(f));
    }
    emit(&out)
}

/// A family's aliases, variant and position syntax and a command to try,
/// one indented line each.
fn syntax(f: &registry::Entry) -> String {
    let mut out = String::new();
    if !f.aliases.is_empty() {
        out.push_str(&format!("  also: {}\n", f.aliases.join(", ")));
    }
    if !f.variant.is_empty() {
        out.push_str(&format!("  variant: {}\n", f.variant));
    }
    out.push_str(&format!("  position: {}\n", f.position));
    if let Some(&(variant, position)) = f.examples.first() {
        if !variant.contains('\n') {
            out.push_str(&format!(
                "  try: grundy {}\n",
                command(f.name, variant, position)
            ));
        }
    }
    out
}

/// `text` with each line broken at spaces to at most `width` characters
/// (a longer word keeps a line of its own).
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let mut len = 0;
        for (i, word) in line.split(' ').enumerate() {
            let n = word.chars().count();
            if i > 0 && len + 1 + n > width {
                out.push('\n');
                len = 0;
            } else if i > 0 {
                out.push(' ');
                len += 1;
            }
            out.push_str(word);
            len += n;
        }
        out.push('\n');
    }
    out
}

/// The command line analysing a family's example: `NAME[:VARIANT]
/// POSITION`, each word quoted for the shell where it needs to be.
fn command(name: &str, variant: &str, position: &str) -> String {
    let first = match variant {
        "" => name.to_string(),
        v => format!("{name}:{v}"),
    };
    std::iter::once(first.as_str())
        .chain(position.split_whitespace())
        .map(|w| {
            let plain = w
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "._/:,+=@%^-".contains(c));
            match plain {
                true => w.to_string(),
                false => format!("'{}'", w.replace('\'', r"'\''")),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// What a first word that names no command stands for, when it names a
/// family of the registry (its name or an alias, as `grundy families`
/// lists them).
pub enum Alias {
    /// The words of the command that plays this family's part: `octal` is
    /// `heap`, `nim-k` is `moore`, `script` is `game` (a script file),
    /// `chips-annihilate` is `chips --annihilate`.
    Command(Vec<&'static str>),
    /// A family with no command of its own (`r-wythoff`, `strip`, `mem`,
    /// ...), or any family with its variant written after a colon
    /// (`heap:kayles`, `r-wythoff:3`): analysed through the registry by
    /// [`run_family`].
    Family,
}

/// The commands that play the part of a family whose name is no command.
const FAMILY_COMMANDS: &[(&str, &[&str])] = &[
    ("script", &["game"]),
    ("chips-annihilate", &["chips", "--annihilate"]),
];

/// What the first word `word` stands for; `is_command` says whether a
/// word is a command's name. `None` when it names no family.
pub fn alias(word: &str, is_command: impl Fn(&str) -> bool) -> Option<Alias> {
    let (name, variant) = match word.split_once(':') {
        Some((name, variant)) => (name, Some(variant)),
        None => (word, None),
    };
    let entry = registry::find(name).ok()?;
    if variant.is_some() {
        return Some(Alias::Family);
    }
    if is_command(entry.name) {
        return Some(Alias::Command(vec![entry.name]));
    }
    match FAMILY_COMMANDS
        .iter()
        .find(|(family, _)| *family == entry.name)
    {
        Some((_, words)) => Some(Alias::Command(words.to_vec())),
        None => Some(Alias::Family),
    }
}

/// The refusal of a first word `word` that names no command and no family,
/// with the names near it ([`near_names`]).
pub fn unknown_command<'a>(word: &str, commands: impl Iterator<Item = &'a str>) -> String {
    let hint = near_names(word, commands);
    format!("unrecognized subcommand '{word}'{hint} (try '--help')")
}

/// `; did you mean 'X'?` for a word `word` that names no command and no
/// family: the nearest of the commands `commands` and the families (with
/// the variant written after a colon kept), or else the nearest heap
/// rule's name as `heap NAME`; nothing when none is near.
pub fn near_names<'a>(word: &str, commands: impl Iterator<Item = &'a str>) -> String {
    use grundy::suggest::{did_you_mean, nearest};
    let (name, variant) = match word.split_once(':') {
        Some((name, variant)) => (name, format!(":{variant}")),
        None => (word, String::new()),
    };
    let mut near: Vec<String> = nearest(
        name,
        commands.chain(registry::names().map(|n| -> &str { n })),
    )
    .into_iter()
    .map(|n| format!("{n}{variant}"))
    .collect();
    if near.is_empty() && variant.is_empty() {
        let rules = grundy::heap::rule::names();
        near = nearest(name, rules)
            .iter()
            .map(|n| format!("heap {n}"))
            .collect();
    }
    let near: Vec<&str> = near.iter().map(String::as_str).collect();
    did_you_mean(&near).map_or(String::new(), |s| format!("; {s}"))
}

/// `grundy NAME[:VARIANT] POSITION...`: a family of the registry.
#[derive(clap::Parser, Debug)]
struct FamilyArgs {
    /// The position, written as `grundy families` says.
    #[arg(value_name = "POSITION", allow_negative_numbers = true)]
    position: Vec<String>,
    /// Misère play: whoever cannot move wins.
    #[arg(long)]
    misere: bool,
    /// The most memory the search of a game solved by search (cram,
    /// node-kayles) may take, such as 8G or 512M (default: half the memory
    /// available, at least 1G).
    #[arg(long, value_name = "SIZE")]
    memory: Option<String>,
    #[command(flatten)]
    output: OutputArgs,
}

/// The budget `--memory` gives (`None`: the library's default).
pub fn budget(memory: Option<&str>) -> CliResult<Budget> {
    let memory = match memory {
        None => None,
        Some(m) => {
            let bytes = grundy::job::parse_size(m, "--memory")?;
            Some(usize::try_from(bytes).unwrap_or(usize::MAX))
        }
    };
    Ok(Budget { memory })
}

/// Normal play, or misère play when `misere`.
pub fn convention(misere: bool) -> Convention {
    match misere {
        true => Convention::Misere,
        false => Convention::Normal,
    }
}

/// Analyses a family of the registry named by `words[0]` (`NAME` or
/// `NAME:VARIANT`) at the position of the words after it, and prints the
/// report as the family's own command would.
pub fn run_family(words: &[std::ffi::OsString]) -> CliResult {
    use clap::Parser;
    let first = words[0].to_string_lossy().into_owned();
    let (name, variant) = first.split_once(':').unwrap_or((first.as_str(), ""));
    let entry = registry::find(name)?;
    let args = FamilyArgs::try_parse_from(
        std::iter::once(std::ffi::OsString::from(format!("grundy {}", entry.name)))
            .chain(words[1..].iter().cloned()),
    )
    .unwrap_or_else(|e| crate::error::exit_on_usage_error(e));
    // The registry's road, as Python and the page take it: no words is the
    // family's empty position (every heap gone, a graph's every vertex).
    let position = args.position.join(" ");
    let budget = budget(args.memory.as_deref())?;
    let game = registry::start_with(
        entry.name,
        variant,
        &position,
        convention(args.misere),
        &budget,
    )?;
    print(&*game, None, false, &args.output)
}

/// The family `family` of the registry with `variant`, started at
/// `position` as given: a command naming its game refuses an empty
/// position where the registry would start at the empty one.
pub fn start(
    family: &str,
    variant: &str,
    position: &str,
    convention: Convention,
) -> CliResult<Box<dyn AnyGame>> {
    Ok(registry::find(family)?.start(variant, position, convention)?)
}

/// Prints the report of `game` (with every winning move when `every`),
/// as the command `command` names it, if any: a family whose name carries
/// its variant as flags (`moore -k 2`) is named by the command alone, the
/// flags written before the position, as the command line reads them.
pub fn print(
    game: &dyn AnyGame,
    command: Option<&str>,
    every: bool,
    out: &OutputArgs,
) -> CliResult {
    let mut report = match every {
        true => game.report_every_move()?,
        false => game.report()?,
    };
    let flags =
        command.and_then(|c| Some(report.game.strip_prefix(c)?.strip_prefix(' ')?.to_string()));
    if let (Some(command), Some(flags)) = (command, flags) {
        report.position_text = format!("{flags} {}", report.position_text);
        report.game = command.to_string();
    }
    if out.explain {
        report.explanation = game.explain();
    }
    report.print(out)
}
