//! One module per subcommand, each with `Args` and `run`.

pub mod anagram;
pub mod build;
pub mod cardbox;
pub mod completions;
pub mod dash;
pub mod diff;
pub mod dump;
pub mod explain;
pub mod hooks;
pub mod info;
pub mod install;
pub mod lexicons;
pub mod man;
pub mod page;
pub mod pattern;
pub mod quiz;
pub mod rules;
pub mod search;
pub mod serve;
pub mod sign;
pub mod tiles;
pub mod trust;
pub mod valid;
