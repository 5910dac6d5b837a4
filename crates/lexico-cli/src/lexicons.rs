//! Which lexicon a command uses: the `--lexicon` option shared by every query command.
//!
//! A command uses the lexicon named by `--lexicon`, else by `LEXICO_LEXICON` (an empty variable
//! counts as unset), else the installed default, else the lexicon embedded in the binary. Naming,
//! finding, verifying and trusting lexicons is the library's (`lexico-store`: the data folder,
//! installed editions and names, the verification record, trusted keys and signatures); this
//! module only reads the option and the variable. See `docs/arbiters.md` and
//! `docs/reliability.md`.

use std::ffi::OsString;

use anyhow::{Context, Result};
use clap::Args;
use lexico_lexicon::Lexicon;

pub use lexico_store::{
    check_signature, data_dir, default_path, embedded, looks_like_path, require_data_dir, signature_path,
    trusted_keys, Check, Opened, Signer, EMBEDDED,
};

/// The variable that names the lexicon when `--lexicon` is not given.
pub const LEXICON_VAR: &str = "LEXICO_LEXICON";

/// `--lexicon ""`: an error of its own, so that it can be said in the user's language.
#[derive(Debug)]
pub struct EmptyLexiconArg;

impl std::fmt::Display for EmptyLexiconArg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("--lexicon is empty: give a lexicon file, an installed edition or name, or `embedded`")
    }
}

impl std::error::Error for EmptyLexiconArg {}

/// Opens another lexicon a command names (`diff OLD NEW`, `search --new-since`, `build
/// --previous`) as `--lexicon` names one: a file, an installed edition or name, or `embedded`
/// (also `default`, an older name of the embedded lexicon there); proven whole as every lexicon
/// file is.
pub fn open_named(value: &std::ffi::OsStr) -> Result<Lexicon> {
    if value == "default" {
        return Ok(embedded()?);
    }
    Ok(lexico_store::open_named(value)?.lexicon)
}

/// The lexicon option shared by every query command.
#[derive(Args, Clone, Debug, Default)]
pub struct LexiconArg {
    /// The lexicon to use: a file, the edition or name of an installed lexicon (`lexico
    /// lexicons`), or `embedded`. Default: $LEXICO_LEXICON, else the installed default, else the
    /// lexicon embedded in the binary.
    #[arg(long, short = 'l', value_name = "LEXICON", global = true)]
    pub lexicon: Option<OsString>,
}

impl LexiconArg {
    /// Opens the chosen lexicon.
    pub fn open(&self) -> Result<Lexicon> {
        Ok(self.open_trusted()?.lexicon)
    }

    /// Opens the chosen lexicon, with what is known of its signer.
    pub fn open_trusted(&self) -> Result<Opened> {
        self.open_checked(Check::Recorded)
    }

    /// [`LexiconArg::open_trusted`], relying on verification records as much as `check` allows
    /// (`Check::Full`: the signature and every check again, whatever is recorded).
    pub fn open_checked(&self, check: Check) -> Result<Opened> {
        match &self.lexicon {
            Some(value) if value.is_empty() => Err(EmptyLexiconArg.into()),
            Some(value) => Ok(lexico_store::open_named_with(value, check)?),
            // The variable is read here rather than by clap so that an empty one counts as
            // unset while an empty `--lexicon ""` stays an error.
            None => match std::env::var_os(LEXICON_VAR).filter(|v| !v.is_empty()) {
                Some(value) => lexico_store::open_named_with(&value, check).context(LEXICON_VAR),
                None => Ok(lexico_store::open_default_with(check)?),
            },
        }
    }
}
