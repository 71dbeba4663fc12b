//! Pictures as PNG files, drawn pixel by pixel: heat maps of tables with
//! their colour scale, maps of one bit, and scatter plots of sequences with
//! axes, ticks, labels and a title. The `png` crate only encodes; the text
//! is drawn with a built-in bitmap font, so no font need be installed.
//! Behind the cargo feature `plot`.
//!
//! ```
//! use grundy::plot::{table_image, WHITE};
//! let img = table_image(&[0, 1, 1, 0], 2, Some(0), "nim-sum, bit 0");
//! assert_eq!(img.get(img.width - 1, img.height - 1), WHITE);
//! assert_eq!(&img.encode().unwrap()[1..4], b"PNG");
//! ```

mod font;

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
const GRID: [u8; 3] = [235, 235, 235];
const INK: [u8; 3] = [40, 40, 40];
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

    /// Writes `text` with its top left corner at `(x, y)`.
    pub fn text(&mut self, text: &str, x: u32, y: u32, color: [u8; 3]) {
        font::draw(text, x, y, |px, py| self.set(px, py, color));
    }

    /// The colour of pixel `(x, y)`, which must be inside.
    pub fn get(&self, x: u32, y: u32) -> [u8; 3] {
        let i = 3 * (y as usize * self.width as usize + x as usize);
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
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
    pub fn encode(&self) -> Result<Vec<u8>, String> {
        let mut out = Vec::new();
        let err = |e: png::EncodingError| format!("cannot encode the PNG: {e}");
        let mut enc = png::Encoder::new(&mut out, self.width, self.height);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_compression(png::Compression::Fast);
        let mut w = enc.write_header().map_err(err)?;
        w.write_image_data(&self.rgb).map_err(err)?;
        w.finish().map_err(err)?;
        Ok(out)
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

/// Tick values for an axis from `lo` to `hi`: multiples of a step of 1, 2
/// or 5 times a power of ten, about `want` of them.
pub fn ticks(lo: u64, hi: u64, want: u64) -> Vec<u64> {
    let span = hi.saturating_sub(lo).max(1);
    let raw = span.div_ceil(want.max(1));
    let mut step = 1u64;
    'find: loop {
        for m in [1, 2, 5] {
            if step.saturating_mul(m) >= raw {
                step = step.saturating_mul(m);
                break 'find;
            }
        }
        if step > u64::MAX / 10 {
            break;
        }
        step *= 10;
    }
    let mut out = Vec::new();
    let mut t = lo.div_ceil(step).checked_mul(step);
    while let Some(v) = t.filter(|&v| v <= hi && out.len() < 1000) {
        out.push(v);
        t = v.checked_add(step);
    }
    out
}

/// Whether a heat map of `values` needs a logarithmic colour scale: when
/// the largest value is more than 16 times the median, as in Rugs, whose
/// cells are mostly 1, 2 or 4 with a few powers of two far larger, a
/// linear scale paints nearly every cell the darkest colour.
pub fn needs_log_scale(values: &[u64]) -> bool {
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    let (Some(&max), Some(&median)) = (sorted.last(), sorted.get(sorted.len() / 2)) else {
        return false;
    };
    max / 16 > median
}

/// Ticks for a logarithmic scale up to `max`: 0 and powers of two, about
/// `want` of them.
fn log_ticks(max: u64, want: u32) -> Vec<u64> {
    let bits = u64::BITS - max.leading_zeros();
    let step = bits.div_ceil(want.max(1)).max(1) as usize;
    std::iter::once(0)
        .chain((0..bits).step_by(step).map(|k| 1u64 << k))
        .filter(|&t| t <= max)
        .collect()
}

/// Where [`table_image`] puts the top left corner of the table: a margin
/// left, and a margin, the title's line and a gap above.
pub fn table_origin() -> (u32, u32) {
    (10, 10 + font::HEIGHT + 10)
}

/// A grid of values as a heat map, one square a cell, row 0 at the top
/// (no axes: a script's grid, whose rows and columns start anywhere).
///
/// ```
/// let img = grundy::plot::grid_image(&[vec![0, 1], vec![2, 3]]);
/// assert_eq!(img.width, img.height);
/// ```
pub fn grid_image(rows: &[Vec<u64>]) -> Image {
    let (h, w) = (rows.len(), rows.first().map_or(0, Vec::len));
    let s = cell_pixels(h.max(w) as u64);
    let mut img = Image::new(w as u32 * s, h as u32 * s, WHITE);
    let max = rows.iter().flatten().copied().max().unwrap_or(0).max(1) as f64;
    for (row, values) in rows.iter().enumerate() {
        for (col, &v) in values.iter().enumerate() {
            img.fill(
                col as u32 * s,
                row as u32 * s,
                s,
                s,
                heat_color(v as f64 / max),
            );
        }
    }
    img
}

/// An `n x n` table (row-major) as a picture with a title and a legend:
/// with `bit`, cells whose value has that bit set are black and the others
/// white; without, a heat map from the smallest (dark) to the largest value
/// (yellow) with its colour scale, logarithmic when
/// [`needs_log_scale`] (the title then says so). Row 0 is at the top,
/// column 0 at the left.
pub fn table_image(values: &[u64], n: usize, bit: Option<u32>, title: &str) -> Image {
    let s = cell_pixels(n as u64);
    let side = n as u32 * s;
    let max = values.iter().copied().max().unwrap_or(0);
    let log = bit.is_none() && needs_log_scale(values);
    let title = match log {
        true => format!("{title} (log scale)"),
        false => title.to_string(),
    };
    let title = title.as_str();
    // Where a value falls on the colour scale, from 0 to 1.
    let place = |v: u64| match log {
        true => ((v as f64).ln_1p() / (max as f64).ln_1p()).clamp(0.0, 1.0),
        false => v as f64 / max.max(1) as f64,
    };
    let tick_values = match log {
        true => log_ticks(max, 6),
        false => ticks(0, max, 5),
    };
    let (m, top) = table_origin();
    let bar_h = side.max(120);
    let labels = match bit {
        Some(k) => vec![format!("BIT {k} = 1"), format!("BIT {k} = 0")],
        None => tick_values.iter().map(u64::to_string).collect(),
    };
    let label_w = labels.iter().map(|l| font::width(l)).max().unwrap_or(0);
    let width = (m + side + 16 + 16 + 6 + label_w + m).max(2 * m + font::width(title));
    let mut img = Image::new(width, top + bar_h + m, WHITE);
    img.text(title, m, 10, INK);
    for (i, &v) in values.iter().enumerate() {
        let (row, col) = ((i / n) as u32, (i % n) as u32);
        let color = match bit {
            Some(k) if v >> k & 1 == 1 => BLACK,
            Some(_) => WHITE,
            None => heat_color(place(v)),
        };
        img.fill(m + col * s, top + row * s, s, s, color);
    }
    // The legend: a colour bar with the value scale, or two swatches.
    let bar_x = m + side + 16;
    match bit {
        Some(_) => {
            for (i, (label, color)) in labels.iter().zip([BLACK, WHITE]).enumerate() {
                let y = top + i as u32 * 24;
                img.fill(bar_x, y, 16, 16, GREY);
                img.fill(bar_x + 1, y + 1, 14, 14, color);
                img.text(label, bar_x + 22, y + 3, INK);
            }
        }
        None => {
            for dy in 0..bar_h {
                let t = 1.0 - dy as f64 / (bar_h - 1).max(1) as f64;
                img.fill(bar_x, top + dy, 16, 1, heat_color(t));
            }
            for (t, label) in tick_values.iter().zip(&labels) {
                let y = top + bar_h - 1 - (place(*t) * (bar_h - 1) as f64).round() as u32;
                img.fill(bar_x + 16, y, 4, 1, INK);
                let ty = y
                    .saturating_sub(font::HEIGHT / 2)
                    .clamp(top, top + bar_h - font::HEIGHT);
                img.text(label, bar_x + 22, ty, INK);
            }
        }
    }
    img
}

/// The parts of a sequence plot: the picture's size and where the plot
/// area is (left, top, width, height).
pub struct Frame {
    /// Picture width.
    pub width: u32,
    /// Picture height.
    pub height: u32,
    left: u32,
    top: u32,
    plot_w: u32,
    plot_h: u32,
}

/// The frame of the plot of `len` values up to `max`.
pub fn sequence_frame(len: usize, max: u32) -> Frame {
    let plot_w = (len as u32).clamp(200, 4000);
    let plot_h = 400;
    let left = 12 + font::width(&max.to_string()).max(font::width("G(N)")) + 8;
    let top = 10 + font::HEIGHT + 10 + font::HEIGHT + 8;
    let bottom = 8 + font::HEIGHT + 10;
    let right = 14 + font::width("N");
    Frame {
        width: left + plot_w + right,
        height: top + plot_h + bottom,
        left,
        top,
        plot_w,
        plot_h,
    }
}

/// A scatter plot of `values[i]` = G(`from` + i): n to the right, the value
/// upwards from 0 to the largest value, one dot per term, with the title,
/// axes, ticks and their numbers.
pub fn sequence_image(values: &[u32], from: u64, title: &str) -> Image {
    let max = values.iter().copied().max().unwrap_or(0);
    let f = sequence_frame(values.len(), max);
    let mut img = Image::new(f.width, f.height, WHITE);
    let (left, top, w, h) = (f.left, f.top, f.plot_w, f.plot_h);
    let bottom = top + h;
    let scale = max.max(1) as u64;
    let len = values.len().max(2) as u64;
    let x_of = |n: u64| left + ((n - from) * (w as u64 - 1) / (len - 1)) as u32;
    let y_of = |v: u64| bottom - (v * h as u64 / scale) as u32;
    // Grid lines and ticks with their numbers on both axes.
    for t in ticks(0, max as u64, 8) {
        let y = y_of(t);
        img.fill(left, y, w, 1, GRID);
        img.fill(left - 5, y, 5, 1, INK);
        let label = t.to_string();
        img.text(
            &label,
            left - 8 - font::width(&label),
            y.saturating_sub(font::HEIGHT / 2),
            INK,
        );
    }
    let last = from + values.len().max(1) as u64 - 1;
    let mut next_free = 0;
    for t in ticks(from, last, (w / 80).max(2) as u64) {
        let x = x_of(t);
        img.fill(x, top, 1, h, GRID);
        img.fill(x, bottom, 1, 5, INK);
        let label = t.to_string();
        let lx = x.saturating_sub(font::width(&label) / 2);
        if lx >= next_free {
            img.text(&label, lx, bottom + 8, INK);
            next_free = lx + font::width(&label) + font::ADVANCE;
        }
    }
    img.fill(left, bottom, w, 1, GREY);
    img.fill(left - 1, top, 1, h + 1, GREY);
    img.text(title, left, 10, INK);
    img.text("G(N)", 12, 10 + font::HEIGHT + 10, INK);
    img.text("N", left + w + 8, bottom - font::HEIGHT / 2, INK);
    let dot = if values.len() <= 400 { 3 } else { 1 };
    for (i, &v) in values.iter().enumerate() {
        let (x, y) = (x_of(from + i as u64), y_of(v as u64));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colors_and_pictures() {
        assert_eq!(heat_color(0.0), [68, 1, 84]);
        assert_eq!(heat_color(1.0), [253, 231, 37]);
        let img = table_image(&[0, 1, 2, 3], 2, Some(0), "T");
        assert!(img.width > 2 * cell_pixels(2));
        let bytes = img.encode().unwrap();
        assert_eq!(&bytes[1..4], b"PNG");
        let img = sequence_image(&[0, 1, 2, 1, 0], 0, "T");
        let f = sequence_frame(5, 2);
        assert_eq!((img.width, img.height), (f.width, f.height));
    }

    #[test]
    fn ticks_are_round_numbers() {
        assert_eq!(ticks(0, 10, 5), [0, 2, 4, 6, 8, 10]);
        assert_eq!(ticks(0, 1000, 8), [0, 200, 400, 600, 800, 1000]);
        assert_eq!(ticks(13, 47, 4), [20, 30, 40]);
        assert_eq!(ticks(0, 0, 5), [0]);
        assert_eq!(ticks(0, 3, 8), [0, 1, 2, 3]);
        assert!(ticks(0, u64::MAX, 5).len() <= 6);
    }

    #[test]
    fn heat_maps_have_a_legend_and_plots_have_text() {
        let values: Vec<u64> = (0..16).collect();
        let img = table_image(&values, 4, None, "SUM");
        // The colour bar, right of the table: yellow at its top, dark at its bottom.
        let bar_x = 10 + 4 * cell_pixels(4) + 16 + 8;
        let top = 10 + font::HEIGHT + 10;
        assert_eq!(img.get(bar_x, top), heat_color(1.0));
        assert_eq!(img.get(bar_x, img.height - 11), heat_color(0.0));
        // The title is inked.
        let inked = (0..img.width).any(|x| (10..10 + font::HEIGHT).any(|y| img.get(x, y) == INK));
        assert!(inked);
        let plot = sequence_image(&[0, 1, 2, 3, 1, 4], 0, "G");
        let f = sequence_frame(6, 4);
        // Numbers left of the value axis.
        let inked =
            (0..f.left - 8).any(|x| (f.top..f.top + f.plot_h).any(|y| plot.get(x, y) == INK));
        assert!(inked);
    }

    /// The colour of each cell of a table picture, read at its corner.
    fn cell_colours(values: &[u64], n: usize) -> Vec<[u8; 3]> {
        let img = table_image(values, n, None, "T");
        let s = cell_pixels(n as u64);
        let (left, top) = table_origin();
        (0..n as u32 * n as u32)
            .map(|i| img.get(left + (i % n as u32) * s, top + (i / n as u32) * s))
            .collect()
    }

    /// The Rugs table is mostly 1, 2 and 4 with a few far larger powers of
    /// two: its picture must still tell them apart (on a linear scale it is
    /// one dark square), while Turning Corners keeps its linear scale.
    #[test]
    fn pictures_of_rugs_show_its_structure() {
        use crate::products::{named::lookup, report::table_values};
        use crate::turning::values::WORK_LIMIT;
        let (kind, g, h) = lookup("rugs").unwrap();
        let n = 256;
        let colours = cell_colours(&table_values(kind, g, h, n, WORK_LIMIT).unwrap(), n);
        let mut counts = std::collections::HashMap::new();
        for c in &colours {
            *counts.entry(*c).or_insert(0usize) += 1;
        }
        let commonest = counts.values().max().unwrap();
        assert!(counts.len() >= 8, "{} colours", counts.len());
        assert!(
            2 * commonest < colours.len(),
            "{commonest} cells of one colour"
        );
        let (kind, g, h) = lookup("corners").unwrap();
        assert!(!needs_log_scale(
            &table_values(kind, g, h, 64, WORK_LIMIT).unwrap()
        ));
    }
}
