//! One module per subcommand, each with `Args` and `run`.

pub mod anagram;
pub mod build;
pub mod diff;
pub mod dump;
pub mod explain;
pub mod hooks;
pub mod info;
pub mod judge;
pub mod pattern;
pub mod tiles;
pub mod valid;
