//! Pictures as PNG files, drawn pixel by pixel: heat maps of tables, maps
//! of one bit, and scatter plots of sequences. The `png` crate only encodes.

use std::path::Path;

use crate::error::{CliError, CliResult};

/// An RGB picture.
pub struct Image {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    rgb: Vec<u8>,
}

/// White, black and the colours of the axes and points.
pub const WHITE: [u8; 3] = [255, 255, 255];
/// Black.
pub const BLACK: [u8; 3] = [0, 0, 0];
const GREY: [u8; 3] = [160, 160, 160];
const POINT: [u8; 3] = [200, 30, 30];

impl Image {
    /// A `width x height` picture filled with `color`.
    pub fn new(width: u32, height: u32, color: [u8; 3]) -> Image {
        let n = width as usize * height as usize;
        let mut rgb = Vec::with_capacity(3 * n);
        for _ in 0..n {
            rgb.extend_from_slice(&color);
        }
        Image { width, height, rgb }
    }

    /// Colours pixel `(x, y)` (column, row from the top); outside is ignored.
    pub fn set(&mut self, x: u32, y: u32, color: [u8; 3]) {
        if x < self.width && y < self.height {
            let i = 3 * (y as usize * self.width as usize + x as usize);
            self.rgb[i..i + 3].copy_from_slice(&color);
        }
    }

    /// Fills the `w x h` rectangle with top-left corner `(x, y)`.
    pub fn fill(&mut self, x: u32, y: u32, w: u32, h: u32, color: [u8; 3]) {
        for yy in y..y.saturating_add(h).min(self.height) {
            for xx in x..x.saturating_add(w).min(self.width) {
                self.set(xx, yy, color);
            }
        }
    }

    /// The PNG file's bytes.
    pub fn encode(&self) -> CliResult<Vec<u8>> {
        let mut out = Vec::new();
        let err = |e: png::EncodingError| CliError::new(format!("cannot encode the PNG: {e}"));
        let mut enc = png::Encoder::new(&mut out, self.width, self.height);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_compression(png::Compression::Fast);
        let mut w = enc.write_header().map_err(err)?;
        w.write_image_data(&self.rgb).map_err(err)?;
        w.finish().map_err(err)?;
        Ok(out)
    }

    /// Writes the picture to `path` (encoded first, then written at once).
    pub fn save(&self, path: &Path) -> CliResult {
        let bytes = self.encode()?;
        std::fs::write(path, bytes)
            .map_err(|e| CliError::new(format!("cannot write '{}': {e}", path.display())))
    }
}

/// A colour for `t` in `[0, 1]`: dark blue through teal and green to yellow.
pub fn heat_color(t: f64) -> [u8; 3] {
    const STOPS: [[f64; 3]; 5] = [
        [68.0, 1.0, 84.0],
        [59.0, 82.0, 139.0],
        [33.0, 145.0, 140.0],
        [94.0, 201.0, 98.0],
        [253.0, 231.0, 37.0],
    ];
    let t = t.clamp(0.0, 1.0) * (STOPS.len() - 1) as f64;
    let i = (t.floor() as usize).min(STOPS.len() - 2);
    let f = t - i as f64;
    let mut c = [0u8; 3];
    for k in 0..3 {
        c[k] = (STOPS[i][k] + f * (STOPS[i + 1][k] - STOPS[i][k])).round() as u8;
    }
    c
}

/// Pixels per cell for an `n x n` table: at least 1, about 512 pixels wide.
pub fn cell_pixels(n: u64) -> u32 {
    (512 / n.max(1)).clamp(1, 16) as u32
}

/// An `n x n` table (row-major) as a picture: with `bit`, cells whose value
/// has that bit set are black and the others white; without, a heat map
/// from the smallest (dark) to the largest value (yellow). Row 0 is at the
/// top, column 0 at the left.
pub fn table_image(values: &[u64], n: usize, bit: Option<u32>) -> Image {
    let s = cell_pixels(n as u64);
    let side = n as u32 * s;
    let mut img = Image::new(side, side, WHITE);
    let max = values.iter().copied().max().unwrap_or(0).max(1) as f64;
    for (i, &v) in values.iter().enumerate() {
        let (row, col) = ((i / n) as u32, (i % n) as u32);
        let color = match bit {
            Some(k) if v >> k & 1 == 1 => BLACK,
            Some(_) => WHITE,
            None => heat_color(v as f64 / max),
        };
        img.fill(col * s, row * s, s, s, color);
    }
    img
}

/// Size of the scatter plot of `len` values: width, height, and the
/// margin left around the axes.
pub fn sequence_size(len: usize) -> (u32, u32, u32) {
    let width = (len as u32).clamp(200, 4000) + 20;
    (width, 420, 10)
}

/// A scatter plot of `values[n]` against `n`: `n` to the right, the value
/// upwards, from 0 to the largest value, one dot per term, grey axes.
pub fn sequence_image(values: &[u32]) -> Image {
    let (width, height, m) = sequence_size(values.len());
    let mut img = Image::new(width, height, WHITE);
    let (plot_w, plot_h) = (width - 2 * m, height - 2 * m);
    // Axes along the bottom and the left.
    img.fill(m, height - m, plot_w + 1, 1, GREY);
    img.fill(m - 1, m, 1, plot_h + 1, GREY);
    let max = values.iter().copied().max().unwrap_or(0).max(1) as u64;
    let len = values.len().max(2) as u64;
    let dot = if values.len() <= 400 { 3 } else { 1 };
    for (n, &v) in values.iter().enumerate() {
        let x = m + (n as u64 * plot_w as u64 / (len - 1)) as u32;
        let y = height - m - (v as u64 * plot_h as u64 / max) as u32;
        img.fill(
            x.saturating_sub(dot / 2),
            y.saturating_sub(dot / 2),
            dot,
            dot,
            POINT,
        );
    }
    img
}

/// Draws the sequence as a scatter plot into the PNG file `path`.
pub fn sequence_png(values: &[u32], path: &Path) -> CliResult {
    sequence_image(values).save(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colors_and_pictures() {
        assert_eq!(heat_color(0.0), [68, 1, 84]);
        assert_eq!(heat_color(1.0), [253, 231, 37]);
        let img = table_image(&[0, 1, 2, 3], 2, Some(0));
        assert_eq!(img.width, 2 * cell_pixels(2));
        let bytes = img.encode().unwrap();
        assert_eq!(&bytes[1..4], b"PNG");
        let img = sequence_image(&[0, 1, 2, 1, 0]);
        let (w, h, _) = sequence_size(5);
        assert_eq!((img.width, img.height), (w, h));
    }
}
