//! One module per subcommand, each with `Args` and `run`.

pub mod build;
pub mod dump;
pub mod info;
pub mod tiles;
pub mod valid;
