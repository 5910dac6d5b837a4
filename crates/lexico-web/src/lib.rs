//! Lexico's answers in WebAssembly, and the offline judge page made of them.
//!
//! - Built for `wasm32-unknown-unknown` (`cargo xtask web`, then wasm-bindgen), this crate is the
//!   engine of the page and of the npm package: a `Lexicon` opened from bytes once proven
//!   (`lexico_answers::trust`), and `valid`, `judge`, `explain`, `anagram`, `pattern`, `hooks`,
//!   `search`, each answering the JSON of the record `lexico … --format json` prints for it
//!   (`serde_json` of the answers' own records, which JavaScript parses). It calls the answers
//!   and serialises what they return: it decides nothing itself. The quiz (`quiz`, `Quiz`)
//!   asks `lexico quiz`'s questions and checks typed answers as it does, and its `Cardbox` is
//!   `lexico_cardbox`'s in memory, kept by the page as CSV in the browser's storage.
//! - Built for any other target, it is the page's assembly ([`page`]): the engine, a lexicon and
//!   the page's HTML, script and style sheet into one self-contained file, or the folder a web
//!   server offers (with a web-app manifest and a service worker). The `lexico` command and its
//!   station use it; it reads and writes no file itself.

#![deny(missing_docs)]

#[cfg(target_arch = "wasm32")]
mod bindings;
#[cfg(not(target_arch = "wasm32"))]
pub mod page;
#[cfg(target_arch = "wasm32")]
mod quiz;
