//! The schema covers the document, its defaults are the types' defaults, and validation holds
//! the limits it states: [`coverage`] (every document field is in the schema), [`table`] (the
//! field table itself: unique paths, ordered limits, curve axes, defaults) and [`limits`].

mod coverage;
mod limits;
mod table;
