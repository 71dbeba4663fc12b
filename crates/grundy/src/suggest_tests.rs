use super::*;
use proptest::prelude::*;

/// The distance by its definition: every way of editing the first
/// character(s), tried recursively.
fn plain(a: &[char], b: &[char]) -> usize {
    match (a, b) {
        ([], _) => b.len(),
        (_, []) => a.len(),
        ([x, ra @ ..], [y, rb @ ..]) => {
            let mut d = (plain(ra, b) + 1)
                .min(plain(a, rb) + 1)
                .min(plain(ra, rb) + usize::from(x != y));
            if let ([x0, x1, ra2 @ ..], [y0, y1, rb2 @ ..]) = (a, b) {
                if x0 == y1 && x1 == y0 {
                    d = d.min(plain(ra2, rb2) + 1);
                }
            }
            d
        }
    }
}

#[test]
fn distances() {
    assert_eq!(distance("", ""), 0);
    assert_eq!(distance("", "abc"), 3);
    assert_eq!(distance("nim", "nmi"), 1);
    assert_eq!(distance("kitten", "sitting"), 3);
    assert_eq!(distance("CA", "abc"), 3);
    assert_eq!(distance("Wythof", "wythoff"), 1);
}

#[test]
fn ties_are_all_offered_and_far_names_none() {
    let names = ["mem", "men", "nim", "nimble", "nimble2"];
    assert_eq!(nearest("mex", names), ["mem", "men"]);
    assert_eq!(nearest("nimbel", names), ["nimble"]);
    assert_eq!(nearest("nimble3", names), ["nimble", "nimble2"]);
    assert_eq!(nearest("x", ["y", "ab"]), Vec::<&str>::new());
    assert_eq!(nearest("zzzzzz", names), Vec::<&str>::new());
    assert_eq!(nearest("nim", ["nim", "nim"]), ["nim"]);
    assert_eq!(
        did_you_mean(&["a", "b", "c"]).unwrap(),
        "did you mean 'a', 'b' or 'c'?"
    );
    assert_eq!(
        did_you_mean(&["a", "b"]).unwrap(),
        "did you mean 'a' or 'b'?"
    );
    assert_eq!(did_you_mean(&[]), None);
    assert_eq!(hint("kayels", ["kayles"]), "; did you mean 'kayles'?");
    assert_eq!(hint("chess", ["kayles"]), "");
    assert_eq!(aside("nmi", ["nim"]), " (did you mean 'nim'?)");
}

#[test]
fn the_librarys_refusals_offer_the_near_names() {
    use crate::games::twoheap::TwoHeapGame;
    use crate::heap::rule::HeapRule;
    let said = |e: String, near: &str| assert!(e.contains(near), "{e}");
    said(
        "Kayels".parse::<HeapRule>().unwrap_err().to_string(),
        "did you mean 'kayles'?",
    );
    said(
        "sbu:1".parse::<HeapRule>().unwrap_err().to_string(),
        "did you mean 'sub:'?",
    );
    said(
        "sub:primse".parse::<HeapRule>().unwrap_err().to_string(),
        "did you mean 'primes'?",
    );
    said(
        "r-wythof:3".parse::<TwoHeapGame>().unwrap_err(),
        "did you mean 'r-wythoff:3'?",
    );
    said(
        crate::family::registry::find("nimbel").unwrap_err().0,
        "(did you mean 'nimble'?)",
    );
    said(
        crate::turning::named::resolve("ruller")
            .unwrap_err()
            .to_string(),
        "did you mean 'ruler'?",
    );
    let far = "chess".parse::<HeapRule>().unwrap_err().to_string();
    assert!(
        !far.contains("did you mean") && far.contains("kayles"),
        "{far}"
    );
}

proptest! {
    #[test]
    fn distance_is_the_plain_definition(a in "[abc]{0,6}", b in "[abcA]{0,6}") {
        let la: Vec<char> = a.to_lowercase().chars().collect();
        let lb: Vec<char> = b.to_lowercase().chars().collect();
        prop_assert_eq!(distance(&a, &b), plain(&la, &lb));
        prop_assert_eq!(distance(&a, &b), distance(&b, &a));
    }

    #[test]
    fn nearest_names_are_the_closest(word in "[a-e]{1,8}", names in proptest::collection::vec("[a-e]{1,8}", 0..8)) {
        let got = nearest(&word, names.iter().map(String::as_str));
        let limit = threshold(&word);
        let near: Vec<usize> = names.iter().map(|n| distance(&word, n))
            .zip(&names).filter(|(d, n)| *d <= limit && *d < n.len()).map(|(d, _)| d).collect();
        match near.iter().min() {
            None => prop_assert!(got.is_empty()),
            Some(&least) => {
                prop_assert!(!got.is_empty());
                for g in &got { prop_assert_eq!(distance(&word, g), least); }
                let count = names.iter().filter(|n| distance(&word, n) == least && least < n.len()).collect::<std::collections::BTreeSet<_>>().len();
                prop_assert_eq!(got.len(), count);
            }
        }
    }
}
