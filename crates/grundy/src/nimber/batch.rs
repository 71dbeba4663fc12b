//! Nim products in bulk, in Library Checker's format ("Nim Product",
//! `nim_product_64`): a count T, then T pairs `A B` of 64-bit numbers,
//! whitespace-separated; the answer is one product per line. The whole
//! input is read and checked before any product is given, and a mistake is
//! named by its line.
//!
//! ```
//! use grundy::nimber::batch::batch;
//! let out = batch(b"2\n2 2\n5 8\n").unwrap();
//! assert_eq!(out, b"3\n3\n");
//! ```

/// Whole numbers separated by whitespace, read straight from the bytes.
struct Numbers<'a> {
    bytes: &'a [u8],
    pos: usize,
    line: usize,
}

impl Numbers<'_> {
    /// The next number, `None` at the end of the input; `what` names it in
    /// errors.
    fn next(&mut self, what: &dyn Fn() -> String) -> Result<Option<u64>, String> {
        let b = self.bytes;
        while self.pos < b.len() && b[self.pos].is_ascii_whitespace() {
            if b[self.pos] == b'\n' {
                self.line += 1;
            }
            self.pos += 1;
        }
        if self.pos == b.len() {
            return Ok(None);
        }
        let start = self.pos;
        let mut v: u64 = 0;
        let mut overflow = false;
        while self.pos < b.len() && b[self.pos].is_ascii_digit() {
            let d = (b[self.pos] - b'0') as u64;
            match v.checked_mul(10).and_then(|x| x.checked_add(d)) {
                Some(x) => v = x,
                None => overflow = true,
            }
            self.pos += 1;
        }
        if self.pos < b.len() && !b[self.pos].is_ascii_whitespace() || self.pos == start {
            let end = b[start..]
                .iter()
                .position(|c| c.is_ascii_whitespace())
                .map_or(b.len(), |k| start + k);
            let token = String::from_utf8_lossy(&b[start..end.min(start + 40)]);
            return Err(format!(
                "line {}: {} '{token}' is not a whole number",
                self.line,
                what()
            ));
        }
        if overflow {
            return Err(format!(
                "line {}: {} does not fit in 64 bits (at most {})",
                self.line,
                what(),
                u64::MAX
            ));
        }
        Ok(Some(v))
    }
}

/// The answer to a batch: `T`, then `T` pairs `A B`; one product per line.
/// The whole input is checked before anything is printed.
pub fn batch(input: &[u8]) -> Result<Vec<u8>, String> {
    let mut nums = Numbers {
        bytes: input,
        pos: 0,
        line: 1,
    };
    let t = nums
        .next(&|| "the count T".to_string())?
        .ok_or_else(|| "no input: expected T, then T lines 'A B'".to_string())?;
    // Each pair takes at least 4 bytes of input, so a larger T cannot be met.
    let room = (input.len() / 4) as u64;
    let mut a = Vec::with_capacity(t.min(room) as usize);
    let mut b = Vec::with_capacity(t.min(room) as usize);
    for i in 0..t {
        let mut read = |which: &str| -> Result<u64, String> {
            let what = || format!("{which} of pair {}", i + 1);
            nums.next(&what)?.ok_or_else(|| {
                format!(
                    "the input ends after {i} of the T = {t} pairs (missing {which} of pair {})",
                    i + 1
                )
            })
        };
        a.push(read("A")?);
        b.push(read("B")?);
    }
    if nums.next(&|| "an extra value".to_string())?.is_some() {
        return Err(format!(
            "line {}: more numbers than the T = {t} pairs announced",
            nums.line
        ));
    }
    let mut products = vec![0u64; a.len()];
    super::nim_mul_slices(&a, &b, &mut products);
    let mut out = Vec::with_capacity(products.len() * 21);
    let mut digits = [0u8; 20];
    for mut p in products {
        let mut k = digits.len();
        loop {
            k -= 1;
            digits[k] = b'0' + (p % 10) as u8;
            p /= 10;
            if p == 0 {
                break;
            }
        }
        out.extend_from_slice(&digits[k..]);
        out.push(b'\n');
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn any_spacing_gives_one_product_per_line(
            pairs in proptest::collection::vec((any::<u64>(), any::<u64>()), 0..50),
            gaps in proptest::collection::vec(prop_oneof![Just(" "), Just("\n"), Just("\t"), Just("  \r\n")], 101),
        ) {
            let mut input = format!("{}{}", pairs.len(), gaps[100]);
            for (i, (a, b)) in pairs.iter().enumerate() {
                input.push_str(&format!("{a}{}{b}{}", gaps[2 * i], gaps[2 * i + 1]));
            }
            let out = String::from_utf8(batch(input.as_bytes()).unwrap()).unwrap();
            let want: String = pairs
                .iter()
                .map(|&(a, b)| format!("{}\n", crate::nimber::nim_mul(a, b)))
                .collect();
            prop_assert_eq!(out, want);
        }
    }

    fn run_batch(s: &str) -> Result<String, String> {
        batch(s.as_bytes()).map(|o| String::from_utf8(o).unwrap())
    }

    #[test]
    fn sample_and_errors() {
        let out = run_batch("3\n5 0\n5 8\n18446744073709551615 1\n").unwrap();
        assert_eq!(out, "0\n3\n18446744073709551615\n");
        assert_eq!(run_batch("0\n").unwrap(), "");
        assert!(run_batch("").unwrap_err().contains("no input"));
        assert!(run_batch("2\n1 2\n3")
            .unwrap_err()
            .contains("ends after 1 of the T = 2 pairs"));
        assert!(run_batch("1\n1 2\n3")
            .unwrap_err()
            .contains("line 3: more numbers"));
        assert!(run_batch("1\n1 -2\n")
            .unwrap_err()
            .contains("line 2: B of pair 1 '-2' is not a whole number"));
        assert!(run_batch("1\n18446744073709551616 1\n")
            .unwrap_err()
            .contains("does not fit in 64 bits"));
        assert!(run_batch("99999999999999999999 1 1")
            .unwrap_err()
            .contains("the count T does not fit"));
        assert!(run_batch("18446744073709551615 1 1")
            .unwrap_err()
            .contains("ends after 1 of"));
    }
}
