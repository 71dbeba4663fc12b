//! Every family's name for people and rules in words
//! ([`grundy::family::rules_text`]), as the registry gives them to every
//! front-end: present, in words a student reads, and saying misère play
//! exactly where the family takes it.

use grundy::family::registry;

/// Every family has a human name and rules in words, which read as
/// prose for a student: no command line, no flags, no code markup.
#[test]
fn every_entry_has_a_title_and_rules_in_words() {
    for e in registry::entries() {
        let (title, rules) = (e.text.title, e.text.rules);
        assert!(!title.trim().is_empty(), "{}: no title", e.name);
        assert!(rules.len() > 80, "{}: rules too short: {rules}", e.name);
        for syntax in ["grundy ", "--", "`", "sub:", "allbut:", "take:", "::"] {
            assert!(!rules.contains(syntax), "{}: {syntax:?} in {rules}", e.name);
            assert!(!title.contains(syntax), "{}: {syntax:?} in {title}", e.name);
        }
        assert!(
            rules.contains("cannot move"),
            "{}: who wins is not said",
            e.name
        );
    }
}

/// Misère play is mentioned exactly where the family takes it.
#[test]
fn misere_is_mentioned_where_the_family_takes_it() {
    use grundy::game::Convention;
    for e in registry::entries() {
        if matches!(e.name, "rules" | "script") {
            continue;
        }
        let takes = e
            .examples
            .iter()
            .any(|(v, p)| e.start(v, p, Convention::Misere).is_ok());
        assert_eq!(e.text.rules.contains("misère"), takes, "{}", e.name);
    }
}

/// The JSON of an entry carries the title and the rules beside the name.
#[test]
fn entries_serialize_title_and_rules() {
    let v = serde_json::to_value(registry::find("wythoff").unwrap()).unwrap();
    assert_eq!(v["title"], "Wythoff's game");
    assert!(v["rules"].as_str().unwrap().contains("two heaps"));
    assert_eq!(v["name"], "wythoff");
}
