//! Pictures: the library's ([`grundy::plot`]), written to files whole or
//! not at all.

use std::ops::{Deref, DerefMut};
use std::path::Path;

pub use grundy::plot::{cell_pixels, heat_color, WHITE};

use crate::error::{CliError, CliResult};

/// A picture to be written to a file.
pub struct Image(grundy::plot::Image);

impl Image {
    /// A `width x height` picture filled with `color`.
    pub fn new(width: u32, height: u32, color: [u8; 3]) -> Image {
        Image(grundy::plot::Image::new(width, height, color))
    }

    /// Writes the picture to `path`: encoded first, then written whole or
    /// not at all.
    pub fn save(&self, path: &Path) -> CliResult {
        let bytes = self.0.encode().map_err(CliError::new)?;
        crate::output::write_file(path, &bytes)
    }
}

impl Deref for Image {
    type Target = grundy::plot::Image;
    fn deref(&self) -> &grundy::plot::Image {
        &self.0
    }
}

impl DerefMut for Image {
    fn deref_mut(&mut self) -> &mut grundy::plot::Image {
        &mut self.0
    }
}

/// A table as a heat map ([`grundy::plot::table_image`]).
pub fn table_image(values: &[u64], n: usize, bit: Option<u32>, title: &str) -> Image {
    Image(grundy::plot::table_image(values, n, bit, title))
}

/// A sequence as a scatter plot ([`grundy::plot::sequence_image`]).
pub fn sequence_image(values: &[u32], from: u64, title: &str) -> Image {
    Image(grundy::plot::sequence_image(values, from, title))
}
