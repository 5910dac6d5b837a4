//! One module per subcommand, each with `Args` and `run`.

pub mod anagram;
pub mod build;
pub mod dump;
pub mod hooks;
pub mod info;
pub mod pattern;
pub mod tiles;
pub mod valid;
