//! The positions of scripted games: integers, strings, or lists of them,
//! compared by value, and written as JSON.

use std::fmt;

use serde_json::Value as Json;

/// A position of a scripted game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Value {
    /// A whole number.
    Int(i64),
    /// A string.
    Str(String),
    /// A list of positions.
    List(Vec<Value>),
}

impl Value {
    /// The position as JSON.
    pub fn to_json(&self) -> Json {
        match self {
            Value::Int(n) => Json::from(*n),
            Value::Str(s) => Json::from(s.clone()),
            Value::List(items) => Json::Array(items.iter().map(Value::to_json).collect()),
        }
    }

    /// A position from JSON: a whole number, a string, or a list of them.
    pub fn from_json(j: &Json) -> Result<Value, String> {
        match j {
            Json::Number(n) => n
                .as_i64()
                .map(Value::Int)
                .ok_or_else(|| format!("{n} is not a whole number of 64 bits")),
            Json::String(s) => Ok(Value::Str(s.clone())),
            Json::Array(items) => items
                .iter()
                .map(Value::from_json)
                .collect::<Result<_, _>>()
                .map(Value::List),
            other => Err(format!(
                "{other} is not a position: positions are whole numbers, strings or lists of them"
            )),
        }
    }

    /// A position written as JSON text (`7`, `"XOOX"`, `[3, 5]`); a bare
    /// word that is not JSON is read as a string.
    pub fn parse(text: &str) -> Result<Value, String> {
        let t = text.trim();
        match serde_json::from_str::<Json>(t) {
            Ok(j) => Value::from_json(&j),
            Err(_) if !t.is_empty() && !t.starts_with(['[', '{', '"']) => {
                Ok(Value::Str(t.to_string()))
            }
            Err(e) => Err(format!("'{t}' is not a position written as JSON: {e}")),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_json())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_round_trip() {
        for t in ["7", "\"XOOX\"", "[3,[1,\"a\"],-2]", "[]"] {
            let v = Value::parse(t).unwrap();
            assert_eq!(Value::parse(&v.to_string()).unwrap(), v);
        }
        assert_eq!(Value::parse("XOOX").unwrap(), Value::Str("XOOX".into()));
        assert!(Value::parse("1.5").unwrap_err().contains("whole number"));
        assert!(Value::parse("{\"a\": 1}").is_err());
        assert!(Value::parse("[1,").is_err());
    }
}
