//! Products by name: Turning Corners (Twins × Twins), Rugs (Ruler ×
//! Ruler), Acrostic Twins.

/// Which product.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The tartan (direct) product: a move turns `A × B`.
    Tartan,
    /// The acrostic product: a move plays in one row or one column.
    Acrostic,
}

/// A product by name: its kind and the two games.
pub const NAMED_PRODUCTS: &[(&str, Kind, &str, &str)] = &[
    ("corners", Kind::Tartan, "twins", "twins"),
    ("turning-corners", Kind::Tartan, "twins", "twins"),
    ("rugs", Kind::Tartan, "ruler", "ruler"),
    ("acrostic-twins", Kind::Acrostic, "twins", "twins"),
];

/// The product a name stands for.
pub fn lookup(name: &str) -> Option<(Kind, &'static str, &'static str)> {
    let key = name.trim().to_ascii_lowercase();
    NAMED_PRODUCTS
        .iter()
        .find(|p| p.0 == key)
        .map(|p| (p.1, p.2, p.3))
}
