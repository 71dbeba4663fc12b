//! What a frontier run publishes so that others can check it: the value
//! frequencies at every power of two, a checksum per block, the rare
//! positions and the largest value, as one serde struct and as files.
//!
//! The frequency files follow the layout of Rogalski's published tables:
//! a file named `N` holds one line `value count` for every value from 0 to
//! the largest, counted over `G(1..=N)` (heap 0 left out), so that two
//! tables compare with `diff`. The block checksums are Fletcher's, as
//! `grundy seq` prints for the whole run, over `G(first..=last)` of each
//! block; two programs that disagree find the first block that differs.
//!
//! ```
//! use grundy::heap::frontier::Records;
//! let mut r = Records::new("0.167", 4);
//! for (n, v) in [0u32, 1, 0, 2, 2, 3, 4, 1, 1].into_iter().enumerate() {
//!     r.push(n as u64, v);
//! }
//! let f = r.frequency_text(&r.frequencies[2].counts);
//! assert_eq!(r.frequencies[2].n, 4);
//! assert_eq!(f, "0 1\n1 1\n2 2\n");
//! assert_eq!(r.blocks.len(), 2);
//! ```

use std::fmt::Write as _;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::heap::store::Fletcher;

/// The value counts over `G(1..=n)`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Frequencies {
    /// The last heap counted.
    pub n: u64,
    /// `counts[v]`: heaps in `1..=n` with value `v`, up to the largest.
    pub counts: Vec<u64>,
}

/// Fletcher's checksum of `G(first..=last)`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Block {
    /// The first heap of the block.
    pub first: u64,
    /// The last heap of the block.
    pub last: u64,
    /// The checksum, 8 hexadecimal digits.
    pub checksum: String,
}

/// The figures of a run so far (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Records {
    /// The rule, as written.
    pub rule: String,
    /// The last heap computed (`None` before heap 0).
    pub done: Option<u64>,
    /// Fletcher's checksum of `G(0..=done)`.
    pub checksum: String,
    /// Heaps per block.
    pub block_len: u64,
    /// The blocks completed.
    pub blocks: Vec<Block>,
    /// The counts at every power of two reached, `n = 1, 2, 4, ...`.
    pub frequencies: Vec<Frequencies>,
    /// The counts over `G(1..=done)`.
    pub counts: Vec<u64>,
    /// The largest value.
    pub max_value: u32,
    /// The first heap with the largest value.
    pub max_at: u64,
    /// The rare positions and their values (filled in by the run).
    pub rare: Vec<(u64, u32)>,
    #[serde(with = "hex")]
    whole: u32,
    #[serde(with = "hex")]
    block: u32,
}

mod hex {
    pub fn serialize<S: serde::Serializer>(v: &u32, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&format!("{v:08X}"))
    }
    pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
        let t: String = serde::Deserialize::deserialize(d)?;
        u32::from_str_radix(&t, 16).map_err(serde::de::Error::custom)
    }
}

impl Records {
    /// Nothing counted yet, blocks of `block_len` heaps.
    pub fn new(rule: &str, block_len: u64) -> Records {
        Records {
            rule: rule.to_string(),
            done: None,
            checksum: format!("{:08X}", 0),
            block_len: block_len.max(1),
            blocks: Vec::new(),
            frequencies: Vec::new(),
            counts: Vec::new(),
            max_value: 0,
            max_at: 0,
            rare: Vec::new(),
            whole: 0,
            block: 0,
        }
    }

    /// Takes `G(n) = v`, heaps in order from 0.
    #[inline]
    pub fn push(&mut self, n: u64, v: u32) {
        debug_assert_eq!(self.done.map_or(0, |d| d + 1), n);
        let mut whole = Fletcher::from_value(self.whole);
        whole.push(v, false);
        self.whole = whole.value();
        let mut block = Fletcher::from_value(self.block);
        block.push(v, false);
        self.block = block.value();
        self.done = Some(n);
        if n > 0 {
            if self.counts.len() <= v as usize {
                self.counts.resize(v as usize + 1, 0);
            }
            self.counts[v as usize] += 1;
        }
        if v > self.max_value {
            (self.max_value, self.max_at) = (v, n);
        }
        if n > 0 && n.is_power_of_two() {
            self.frequencies.push(Frequencies {
                n,
                counts: self.counts.clone(),
            });
        }
        if (n + 1).is_multiple_of(self.block_len) {
            self.blocks.push(Block {
                first: n + 1 - self.block_len,
                last: n,
                checksum: format!("{:08X}", self.block),
            });
            self.block = 0;
        }
    }

    /// Brings the text fields up to date (after a stretch of pushes).
    pub fn settle(&mut self) {
        self.checksum = format!("{:08X}", self.whole);
    }

    /// A table of counts in Rogalski's layout.
    pub fn frequency_text(&self, counts: &[u64]) -> String {
        let mut t = String::new();
        for (v, c) in counts.iter().enumerate() {
            let _ = writeln!(t, "{v} {c}");
        }
        t
    }

    /// Writes the files of the records into `dir` (created if need be):
    /// one frequency table per power of two, `blocks`, `rare` and
    /// `records.json`, each written whole under a temporary name and
    /// renamed, so that a file present is complete.
    pub fn write(&self, dir: &Path) -> std::io::Result<()> {
        std::fs::create_dir_all(dir)?;
        for f in &self.frequencies {
            let path = dir.join(f.n.to_string());
            if !path.exists() {
                write_whole(&path, self.frequency_text(&f.counts).as_bytes())?;
            }
        }
        let mut blocks = String::new();
        for b in &self.blocks {
            let _ = writeln!(blocks, "{} {} {}", b.first, b.last, b.checksum);
        }
        write_whole(&dir.join("blocks"), blocks.as_bytes())?;
        let mut rare = String::new();
        for (r, v) in &self.rare {
            let _ = writeln!(rare, "{r} {v}");
        }
        write_whole(&dir.join("rare"), rare.as_bytes())?;
        let json = serde_json::to_string_pretty(self).map_err(std::io::Error::other)?;
        write_whole(&dir.join("records.json"), json.as_bytes())
    }
}

/// Writes `bytes` to `path` under a temporary name, then renames it.
pub(super) fn write_whole(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write as _;
    let tmp = crate::heap::store::temporary(path);
    let mut f = std::fs::File::create(&tmp)?;
    f.write_all(bytes)?;
    f.sync_all()?;
    std::fs::rename(&tmp, path)
}
