//! The caps on listings, from the library ([`grundy::family::limits`]).

pub use grundy::family::limits::check_values;
