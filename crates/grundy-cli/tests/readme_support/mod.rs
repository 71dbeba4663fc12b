//! Reading the documentation's examples: the fenced blocks of a Markdown
//! file, the `grundy` command lines in them with the output they show, and a
//! splitter that reads a command line as bash would, refusing what bash
//! would expand or mangle.

#![allow(dead_code)]

/// The prompt of an interactive game, as a transcript shows it.
pub const PROMPT: &str = "your move> ";

/// What a command line asks for beyond running: written as a trailing
/// comment, `# (interactive)`, `# (slow)`, `# (exit 2)`.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Marks {
    /// The command waits for moves at a terminal; run with the transcript's
    /// moves (or nothing) on standard input.
    pub interactive: bool,
    /// The command takes long on purpose; checked for syntax only.
    pub slow: bool,
    /// The exit status the documentation says (0 unless marked).
    pub status: i32,
}

/// One command line, split into words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The program's arguments (after `grundy`).
    pub args: Vec<String>,
    /// What a pipe feeds it (`echo ... |`, `printf ... |`), if anything.
    pub input: Option<String>,
    /// The markers of its trailing comment.
    pub marks: Marks,
}

/// A `grundy` command found in a document, with where it is and the output
/// shown under it.
#[derive(Debug, Clone)]
pub struct Example {
    /// `FILE:LINE`.
    pub place: String,
    /// The command as written.
    pub text: String,
    /// Lines shown after it in a transcript (`$ grundy ...` followed by
    /// output), prompts included.
    pub shown: Vec<String>,
}

/// A `$ cat FILE` in a transcript, with the file's contents shown under it.
#[derive(Debug, Clone)]
pub struct Cat {
    /// `FILE:LINE`.
    pub place: String,
    /// The file named.
    pub file: String,
    /// The lines shown.
    pub shown: Vec<String>,
}

/// Everything runnable in one document.
#[derive(Debug, Default)]
pub struct Found {
    /// The `grundy` commands, in order.
    pub examples: Vec<Example>,
    /// The `cat` commands of transcripts.
    pub cats: Vec<Cat>,
}

fn is_shell(lang: &str) -> bool {
    matches!(lang, "sh" | "bash" | "shell" | "console" | "shell-session")
}

/// True when a command line runs `grundy` (alone or at the end of a pipe).
pub fn runs_grundy(line: &str) -> bool {
    line.starts_with("grundy ")
        || line == "grundy"
        || line.contains("| grundy ")
        || line.contains("|grundy ")
}

/// The fenced blocks of `doc` named `file`, and the commands in them.
///
/// In `sh` blocks every line is a command (a `$ ` prompt is allowed); in
/// other blocks only lines starting with `$ ` are, and the lines under one,
/// up to the next prompt or a blank line, are its output.
pub fn find(file: &str, doc: &str) -> Found {
    let mut found = Found::default();
    let lines: Vec<&str> = doc.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let trimmed = lines[i].trim_start();
        if !trimmed.starts_with("```") {
            i += 1;
            continue;
        }
        let indent = lines[i].len() - trimmed.len();
        let lang = trimmed.trim_start_matches('`').trim().to_string();
        let mut body = Vec::new();
        i += 1;
        while i < lines.len() && !lines[i].trim_start().starts_with("```") {
            let l = lines[i];
            let cut = l.len() - l.trim_start().len();
            body.push((i + 1, &l[cut.min(indent)..]));
            i += 1;
        }
        i += 1;
        scan_block(file, &lang, &body, &mut found);
    }
    found
}

fn scan_block(file: &str, lang: &str, body: &[(usize, &str)], found: &mut Found) {
    let shell = is_shell(lang) && lang != "console";
    let mut k = 0;
    while k < body.len() {
        let (number, raw) = body[k];
        k += 1;
        let prompted = raw.strip_prefix("$ ");
        let text = match (prompted, shell) {
            (Some(t), _) => t,
            (None, true) => raw,
            (None, false) => continue,
        };
        let mut text = text.to_string();
        while text.ends_with('\\') && k < body.len() {
            text.pop();
            text.push(' ');
            text.push_str(body[k].1.trim_start());
            k += 1;
        }
        let mut shown = Vec::new();
        if prompted.is_some() {
            while k < body.len() && !body[k].1.starts_with("$ ") && !body[k].1.trim().is_empty() {
                shown.push(body[k].1.to_string());
                k += 1;
            }
        }
        let place = format!("{file}:{number}");
        if runs_grundy(&text) {
            found.examples.push(Example { place, text, shown });
        } else if let Some(name) = text.strip_prefix("cat ") {
            let name = name.split('#').next().unwrap_or("").trim().to_string();
            if prompted.is_some() && !shown.is_empty() {
                found.cats.push(Cat {
                    place,
                    file: name,
                    shown,
                });
            }
        }
    }
}

/// Splits a command line as bash would, refusing anything bash would
/// expand or treat specially when unquoted: history (`!`), variables and
/// command substitution (`$`, `` ` ``), globs (`*`, `?`, `[`), braces,
/// `~`, redirections and control operators. A single pipe is allowed, from
/// `echo` or `printf` into `grundy`.
pub fn split(text: &str) -> Result<Line, String> {
    let (words, comment) = words(text)?;
    let marks = marks(comment.as_deref().unwrap_or(""))?;
    let pipe = words.iter().position(|w| w == &Word::Pipe);
    let (input, command) = match pipe {
        None => (None, &words[..]),
        Some(p) => (Some(produce(&words[..p])?), &words[p + 1..]),
    };
    let mut args = Vec::new();
    for w in command {
        match w {
            Word::Pipe => return Err("more than one pipe".into()),
            Word::Text(t) => args.push(t.clone()),
        }
    }
    match args.first().map(String::as_str) {
        Some("grundy") => {
            args.remove(0);
            Ok(Line { args, input, marks })
        }
        _ => Err("the command is not `grundy ...`".into()),
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Word {
    Text(String),
    Pipe,
}

fn words(text: &str) -> Result<(Vec<Word>, Option<String>), String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut word: Option<String> = None;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        i += 1;
        match c {
            ' ' | '\t' => {
                if let Some(w) = word.take() {
                    out.push(Word::Text(w));
                }
            }
            '#' if word.is_none() => {
                return Ok((out, Some(chars[i..].iter().collect())));
            }
            '|' => {
                if let Some(w) = word.take() {
                    out.push(Word::Text(w));
                }
                if chars.get(i) == Some(&'|') {
                    return Err("`||` is not a plain command".into());
                }
                out.push(Word::Pipe);
            }
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.get(i) {
                        None => return Err("unclosed single quote".into()),
                        Some('\'') => break,
                        Some(&q) => w.push(q),
                    }
                    i += 1;
                }
                i += 1;
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.get(i) {
                        None => return Err("unclosed double quote".into()),
                        Some('"') => break,
                        Some('\\') if matches!(chars.get(i + 1), Some('"' | '\\' | '$' | '`')) => {
                            w.push(chars[i + 1]);
                            i += 1;
                        }
                        Some(&q @ ('$' | '`' | '!')) => {
                            return Err(format!(
                                "`{q}` inside double quotes is expanded by bash; use single quotes"
                            ));
                        }
                        Some(&q) => w.push(q),
                    }
                    i += 1;
                }
                i += 1;
            }
            '\\' => match chars.get(i) {
                Some(&q) => {
                    word.get_or_insert_with(String::new).push(q);
                    i += 1;
                }
                None => return Err("a backslash ends the line".into()),
            },
            '!' => return Err("unquoted `!` is history expansion in bash (`event not found`); quote the word or use a name".into()),
            '$' | '`' => return Err(format!("unquoted `{c}` is expanded by the shell")),
            '*' | '?' | '[' => return Err(format!("unquoted `{c}` is a glob pattern; quote the word")),
            '{' | '}' => return Err(format!("unquoted `{c}` may be brace expansion; quote the word")),
            ';' | '&' | '<' | '>' | '(' | ')' => {
                return Err(format!("unquoted `{c}` is shell syntax, not part of a plain command"));
            }
            '~' if word.is_none() => return Err("a word starting with `~` is expanded by the shell".into()),
            _ => word.get_or_insert_with(String::new).push(c),
        }
    }
    if let Some(w) = word.take() {
        out.push(Word::Text(w));
    }
    Ok((out, None))
}

fn marks(comment: &str) -> Result<Marks, String> {
    let mut marks = Marks::default();
    let mut rest = comment;
    while let Some(open) = rest.find('(') {
        let Some(close) = rest[open..].find(')') else {
            break;
        };
        let inner = rest[open + 1..open + close].trim();
        match inner {
            "interactive" => marks.interactive = true,
            "slow" => marks.slow = true,
            _ => {
                if let Some(n) = inner.strip_prefix("exit ") {
                    marks.status = n
                        .trim()
                        .parse()
                        .map_err(|_| format!("bad exit status marker `({inner})`"))?;
                }
            }
        }
        rest = &rest[open + close + 1..];
    }
    Ok(marks)
}

fn produce(words: &[Word]) -> Result<String, String> {
    let texts: Vec<&str> = words
        .iter()
        .map(|w| match w {
            Word::Text(t) => Ok(t.as_str()),
            Word::Pipe => Err("more than one pipe".to_string()),
        })
        .collect::<Result<_, _>>()?;
    match texts.split_first() {
        Some((&"echo", rest)) => Ok(format!("{}\n", rest.join(" "))),
        Some((&"printf", [format])) => printf(format),
        Some((&"printf", _)) => Err("printf takes a single format here".into()),
        _ => Err("only `echo` or `printf` may feed grundy through a pipe".into()),
    }
}

fn printf(format: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut chars = format.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some('\\') => out.push('\\'),
                other => {
                    return Err(format!(
                        "printf escape `\\{}` not supported",
                        other.unwrap_or(' ')
                    ))
                }
            },
            '%' => match chars.next() {
                Some('%') => out.push('%'),
                _ => return Err("printf conversions are not supported".into()),
            },
            _ => out.push(c),
        }
    }
    Ok(out)
}

/// Splits a transcript into what was typed at the prompt (standard input)
/// and the lines the program prints.
pub fn transcript(shown: &[String]) -> (String, Vec<String>) {
    let mut input = String::new();
    let mut printed = Vec::new();
    for line in shown {
        match line.strip_prefix(PROMPT) {
            Some(typed) => {
                input.push_str(typed);
                input.push('\n');
            }
            None => printed.push(line.clone()),
        }
    }
    (input, printed)
}

/// Checks that every shown line (apart from `...`) appears in `actual`, in
/// order; returns the first shown line that does not.
pub fn missing_line<'a>(shown: &'a [String], actual: &str) -> Option<&'a str> {
    let mut lines = actual.lines().map(str::trim_end);
    shown
        .iter()
        .map(|s| s.trim_end())
        .filter(|s| *s != "..." && !s.is_empty())
        .find(|want| !lines.any(|got| got == *want))
}
