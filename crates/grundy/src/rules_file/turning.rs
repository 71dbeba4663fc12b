//! The `turning` and `product` kinds of rules files.

use serde::Deserialize;
use toml::Spanned;

use super::{at, toml_error, GameRules, RulesError};
use crate::products::named::{lookup, Kind};
use crate::turning::named::resolve;

#[derive(Deserialize)]
struct File<T> {
    game: T,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Blocks {
    Lengths(Vec<u64>),
    Named(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TurningTable {
    #[allow(dead_code)]
    kind: String,
    code: Option<Spanned<String>>,
    name: Option<Spanned<String>>,
    blocks: Option<Spanned<Blocks>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ProductTable {
    #[allow(dead_code)]
    kind: String,
    name: Option<Spanned<String>>,
    product: Option<Spanned<String>>,
    rows: Option<Spanned<String>>,
    cols: Option<Spanned<String>>,
}

pub(super) fn parse_turning(text: &str) -> Result<GameRules, RulesError> {
    let file: File<TurningTable> = toml::from_str(text).map_err(|e| toml_error(text, &e))?;
    let t = file.game;
    let given = [t.code.is_some(), t.name.is_some(), t.blocks.is_some()];
    if given.iter().filter(|&&g| g).count() != 1 {
        return Err(RulesError {
            line: 1,
            message: "a turning game has exactly one of code, name and blocks".into(),
        });
    }
    let (variant, span) = match (&t.code, &t.name, &t.blocks) {
        (Some(c), ..) => (c.get_ref().clone(), c.span()),
        (_, Some(n), _) => {
            let key = n
                .get_ref()
                .trim()
                .to_ascii_lowercase()
                .replace(['_', ' '], "-");
            if !crate::turning::named::NAMED.iter().any(|g| g.name == key) {
                return Err(at(
                    text,
                    n,
                    format!("'{}' is not a named coin-turning game", n.get_ref()),
                ));
            }
            (n.get_ref().clone(), n.span())
        }
        (_, _, Some(b)) => {
            let v = match b.get_ref() {
                Blocks::Lengths(l) => {
                    let parts: Vec<String> = l.iter().map(u64::to_string).collect();
                    format!("blocks:{}", parts.join(","))
                }
                Blocks::Named(s) => format!("blocks:{s}"),
            };
            (v, b.span())
        }
        _ => unreachable!("one of the three is given"),
    };
    let line = super::line_of(text, span.start);
    let (title, code) = resolve(&variant).map_err(|e| RulesError {
        line,
        message: crate::escape::one_line(e.to_string()),
    })?;
    Ok(GameRules::Turning { title, code })
}

pub(super) fn parse_product(text: &str) -> Result<GameRules, RulesError> {
    let file: File<ProductTable> = toml::from_str(text).map_err(|e| toml_error(text, &e))?;
    let t = file.game;
    let kind = match &t.product {
        None => None,
        Some(p) => match p.get_ref().as_str() {
            "tartan" | "direct" => Some(Kind::Tartan),
            "acrostic" => Some(Kind::Acrostic),
            other => {
                return Err(at(
                    text,
                    p,
                    format!("product '{other}' is not tartan or acrostic"),
                ));
            }
        },
    };
    if let Some(n) = &t.name {
        if t.rows.is_some() || t.cols.is_some() || kind.is_some() {
            return Err(at(
                text,
                n,
                "a named product takes no rows, cols or product",
            ));
        }
        let Some((kind, rows, cols)) = lookup(n.get_ref()) else {
            return Err(at(
                text,
                n,
                format!(
                    "'{}' is not a named product (corners, rugs, acrostic-twins)",
                    n.get_ref()
                ),
            ));
        };
        return Ok(GameRules::Product {
            kind,
            rows: rows.into(),
            cols: cols.into(),
        });
    }
    let (Some(rows), Some(cols)) = (&t.rows, &t.cols) else {
        return Err(RulesError {
            line: 1,
            message:
                "a product names both games, rows = \"...\" and cols = \"...\", or a named product"
                    .into(),
        });
    };
    for side in [rows, cols] {
        resolve(side.get_ref()).map_err(|e| at(text, side, e.to_string()))?;
    }
    Ok(GameRules::Product {
        kind: kind.unwrap_or(Kind::Tartan),
        rows: rows.get_ref().clone(),
        cols: cols.get_ref().clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::super::parse;
    use super::*;

    #[test]
    fn turning_games_by_code_name_and_blocks() {
        let r = parse("[game]\nkind = \"turning\"\nname = \"mock-turtles\"\n").unwrap();
        assert_eq!(
            r,
            GameRules::Turning {
                title: "mock-turtles".into(),
                code: "1-3".parse().unwrap()
            }
        );
        let r = parse("[game]\nkind = \"turning\"\nblocks = [1, 4, 9]\n").unwrap();
        assert_eq!(
            r,
            GameRules::Turning {
                title: "blocks:1,4,9".into(),
                code: "blocks:1,4,9".parse().unwrap()
            }
        );
        let r = parse("[game]\nkind = \"turning\"\nblocks = \"squares\"\n").unwrap();
        assert!(matches!(r, GameRules::Turning { .. }));
    }

    #[test]
    fn products_by_name_and_by_sides() {
        let r = parse("[game]\nkind = \"product\"\nname = \"rugs\"\n").unwrap();
        assert_eq!(
            r,
            GameRules::Product {
                kind: Kind::Tartan,
                rows: "ruler".into(),
                cols: "ruler".into()
            }
        );
        let r = parse("[game]\nkind = \"product\"\nproduct = \"acrostic\"\nrows = \"motley\"\ncols = \"1+C\"\n").unwrap();
        assert_eq!(
            r,
            GameRules::Product {
                kind: Kind::Acrostic,
                rows: "motley".into(),
                cols: "1+C".into()
            }
        );
    }

    #[test]
    fn errors_name_the_line() {
        let cases = [
            (
                "[game]\nkind = \"turning\"\n\ncode = \"1-3Q\"\n",
                4,
                "column 4",
            ),
            ("[game]\nkind = \"spinning\"\n", 2, "not one of"),
            (
                "[game]\nkind = \"turning\"\ncode = \"1-3\"\ncolour = \"red\"\n",
                4,
                "colour",
            ),
            (
                "[game]\nkind = \"turning\"\nname = \"zebra\"\n",
                3,
                "not a named",
            ),
            (
                "[game]\nkind = \"product\"\nrows = \"ruler\"\ncols = \"2Q\"\n",
                4,
                "column 2",
            ),
            (
                "[game]\nkind = \"product\"\nproduct = \"plaid\"\nrows = \"ruler\"\ncols = \"2\"\n",
                3,
                "tartan or acrostic",
            ),
            (
                "[game]\nkind = \"product\"\nname = \"carpet\"\n",
                3,
                "not a named product",
            ),
            ("[game]\nkind = \"turning\"\ncode = 13\n", 3, "string"),
            ("[game\n", 1, ""),
            ("title = \"x\"\n", 1, "no [game]"),
            ("[game]\nkind = \"turning\"\n", 1, "exactly one"),
        ];
        for (text, line, words) in cases {
            let e = parse(text).unwrap_err();
            assert_eq!(e.line, line, "{text}: {e}");
            assert!(
                e.to_string().contains(words) && !e.to_string().contains('\n'),
                "{text}: {e}"
            );
        }
    }
}
