//! Which lexicon a command uses, and where installed lexicons live.
//!
//! A command uses the lexicon named by `--lexicon`, else by `LEXICO_LEXICON` (an empty variable
//! counts as unset), else the installed default, else the lexicon embedded in the binary. A name
//! is resolved by [`open_named`]: `embedded`, then a file path, then an installed lexicon's
//! edition or file name, then its name (see `docs/arbiters.md`).
//!
//! Installed lexicons are files `<EDITION>.lex` in the data folder ([`data_dir`]), which also
//! holds `default`, one line naming the default lexicon's file. Finding the lexicon when none is
//! named costs one attempt to open that record, which fails when no default is installed: the
//! data folder is never listed on that path. Looking a name up opens every installed file
//! (without reading its words) to read its manifest.

use std::ffi::{OsStr, OsString};
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use clap::Args;
use lexico_lexicon::Lexicon;

/// The default lexicon, built from `lexicon-src/` by `lexico-default` when the binary was
/// compiled.
pub static DEFAULT: &[u8] = lexico_default::BYTES;

/// The variable that names the lexicon when `--lexicon` is not given.
pub const LEXICON_VAR: &str = "LEXICO_LEXICON";

/// The variable that overrides where installed lexicons live.
pub const DATA_DIR_VAR: &str = "LEXICO_DATA_DIR";

/// The file in the data folder that names the default lexicon.
const DEFAULT_RECORD: &str = "default";

/// The word that names the embedded lexicon wherever a lexicon is named.
pub const EMBEDDED: &str = "embedded";

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
        match &self.lexicon {
            Some(value) if value.is_empty() => {
                bail!("--lexicon is empty: give a lexicon file, an installed edition or name, or `embedded`")
            }
            Some(value) => open_named(value),
            // The variable is read here rather than by clap so that an empty one counts as
            // unset while an empty `--lexicon ""` stays an error.
            None => match std::env::var_os(LEXICON_VAR).filter(|v| !v.is_empty()) {
                Some(value) => open_named(&value).context(LEXICON_VAR),
                None => open_default(),
            },
        }
    }
}

/// Opens the lexicon embedded in the binary.
pub fn embedded() -> Result<Lexicon> {
    Lexicon::from_static(DEFAULT).context("the embedded default lexicon")
}

/// The folder of installed lexicons: `$LEXICO_DATA_DIR`, else `$XDG_DATA_HOME/lexico`, else
/// `$HOME/.local/share/lexico`; `None` when none of them is set. Empty variables count as unset,
/// and so does a relative `XDG_DATA_HOME`, as the XDG base directory specification asks.
pub fn data_dir() -> Option<PathBuf> {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    if let Some(dir) = var(DATA_DIR_VAR) {
        return Some(dir);
    }
    if let Some(xdg) = var("XDG_DATA_HOME").filter(|p| p.is_absolute()) {
        return Some(xdg.join("lexico"));
    }
    var("HOME").map(|home| home.join(".local/share/lexico"))
}

/// [`data_dir`], or an error saying how to set it.
pub fn require_data_dir() -> Result<PathBuf> {
    data_dir().context("no data folder for installed lexicons: set HOME, XDG_DATA_HOME or LEXICO_DATA_DIR")
}

/// Opens the installed default lexicon, or the embedded one when no default is installed.
pub fn open_default() -> Result<Lexicon> {
    let Some(dir) = data_dir() else { return embedded() };
    match default_path(&dir)? {
        Some(path) => Lexicon::open(&path).with_context(|| {
            format!(
                "{} (the default lexicon; `lexico install --default NAME` chooses another)",
                path.display()
            )
        }),
        None => embedded(),
    }
}

/// The file that `dir`'s default record names, or `None` when there is no record.
pub fn default_path(dir: &Path) -> Result<Option<PathBuf>> {
    let record = dir.join(DEFAULT_RECORD);
    let text = match std::fs::read_to_string(&record) {
        Ok(text) => text,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e).with_context(|| format!("{}", record.display())),
    };
    let name = text.trim_end_matches(['\n', '\r']);
    if name.is_empty() || name.contains(['/', '\\']) || name == "." || name == ".." {
        bail!("{}:1: not the file name of an installed lexicon: '{name}'", record.display());
    }
    Ok(Some(dir.join(name)))
}

/// Makes `file`, a lexicon in `dir`, the default: the record is written atomically.
pub fn set_default(dir: &Path, file: &Path) -> Result<()> {
    let name = file.file_name().and_then(|n| n.to_str()).context("an installed lexicon's file name")?;
    crate::files::write_atomically(&dir.join(DEFAULT_RECORD), format!("{name}\n").as_bytes())
}

/// Makes the embedded lexicon the default again: the record is removed.
pub fn clear_default(dir: &Path) -> Result<()> {
    let record = dir.join(DEFAULT_RECORD);
    match std::fs::remove_file(&record) {
        Err(e) if e.kind() != ErrorKind::NotFound => Err(e).with_context(|| format!("{}", record.display())),
        _ => Ok(()),
    }
}

/// Returns true if and only if `value` can only be a path: it has a path separator or ends in
/// `.lex`.
pub fn looks_like_path(value: &OsStr) -> bool {
    let text = value.to_string_lossy();
    text.contains(std::path::MAIN_SEPARATOR) || text.contains('/') || text.to_lowercase().ends_with(".lex")
}

/// Opens the lexicon `value` names: `embedded` (in any case); a path, when it looks like one or
/// a file of that name exists; else an installed lexicon whose edition or file name is `value`,
/// else one whose name is, ignoring case.
pub fn open_named(value: &OsStr) -> Result<Lexicon> {
    if value.eq_ignore_ascii_case(EMBEDDED) {
        return embedded();
    }
    let path = Path::new(value);
    if looks_like_path(value) || path.exists() {
        return Lexicon::open(path).with_context(|| format!("{}", path.display()));
    }
    let Some(dir) = data_dir() else {
        bail!(
            "{}: no such file, and no data folder to look for an installed lexicon of that name \
             (set HOME, XDG_DATA_HOME or LEXICO_DATA_DIR)",
            path.display()
        );
    };
    Ok(find_installed(&dir, value)?.lexicon)
}

/// An installed lexicon, open.
pub struct Installed {
    pub path: PathBuf,
    pub lexicon: Lexicon,
}

impl Installed {
    /// Name, edition and version, as a person reads them (`FISE FISE-2 2016`).
    pub fn title(&self) -> String {
        self.lexicon.manifest().map(title).unwrap_or_default()
    }

    fn stem(&self) -> String {
        self.path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default()
    }
}

/// Name, edition and version of a manifest, the empty ones left out.
pub fn title(m: &lexico_lexicon::Manifest) -> String {
    let parts = [&m.name, &m.edition, &m.version];
    parts.iter().filter(|s| !s.is_empty()).map(|s| s.as_str()).collect::<Vec<_>>().join(" ")
}

/// The `*.lex` files of a data folder, by file name.
#[derive(Default)]
pub struct Scan {
    /// Those that open, with a readable manifest.
    pub found: Vec<Installed>,
    /// Those that do not, with the reason.
    pub broken: Vec<(PathBuf, anyhow::Error)>,
}

/// Every `*.lex` file in `dir` (a missing folder holds none).
pub fn scan(dir: &Path) -> Result<Scan> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(Scan::default()),
        Err(e) => return Err(e).with_context(|| format!("{}", dir.display())),
    };
    let mut paths = Vec::new();
    for entry in entries {
        let path = entry.with_context(|| format!("{}", dir.display()))?.path();
        if path.extension().is_some_and(|e| e == "lex") {
            paths.push(path);
        }
    }
    paths.sort();
    let (mut found, mut broken) = (Vec::new(), Vec::new());
    for path in paths {
        let opened = Lexicon::open(&path).map_err(anyhow::Error::from).and_then(|lexicon| {
            lexicon.manifest()?;
            Ok(lexicon)
        });
        match opened {
            Ok(lexicon) => found.push(Installed { path, lexicon }),
            Err(e) => broken.push((path, e)),
        }
    }
    Ok(Scan { found, broken })
}

/// The installed lexicon in `dir` that `value` names: by edition or file name, else by name,
/// ignoring case. Several matches are an error that lists them.
pub fn find_installed(dir: &Path, value: &OsStr) -> Result<Installed> {
    let key = value.to_string_lossy().to_lowercase();
    let Scan { found, broken } = scan(dir)?;
    // A damaged file that the value names by its file name is reported, not skipped.
    if let Some((path, err)) = broken
        .into_iter()
        .find(|(p, _)| p.file_stem().is_some_and(|s| s.to_string_lossy().to_lowercase() == key))
    {
        return Err(err.context(format!("{}", path.display())));
    }
    let matches = |i: &Installed, by_edition: bool| {
        let Ok(m) = i.lexicon.manifest() else { return false };
        if by_edition {
            m.edition.to_lowercase() == key || i.stem().to_lowercase() == key
        } else {
            m.name.to_lowercase() == key
        }
    };
    let by_edition: Vec<usize> = (0..found.len()).filter(|&i| matches(&found[i], true)).collect();
    let chosen = if by_edition.is_empty() {
        (0..found.len()).filter(|&i| matches(&found[i], false)).collect()
    } else {
        by_edition
    };
    match chosen[..] {
        [one] => Ok(found.into_iter().nth(one).expect("an index of the list")),
        [] => bail!(
            "no installed lexicon has the edition or name '{}' (in {}): `lexico lexicons` lists \
             them, `lexico install FILE` adds one",
            value.to_string_lossy(),
            dir.display()
        ),
        _ => {
            let names: Vec<String> = chosen
                .iter()
                .map(|&i| format!("{} ({})", found[i].title(), found[i].path.display()))
                .collect();
            bail!(
                "'{}' names {} installed lexicons: {}; name one by its edition or path",
                value.to_string_lossy(),
                chosen.len(),
                names.join(", ")
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_with_a_separator_or_the_lex_extension_is_a_path() {
        for path in ["x.lex", "X.LEX", "dir/x", "./FISE-2", "/abs/file"] {
            assert!(looks_like_path(OsStr::new(path)), "{path}");
        }
        for name in ["FISE-2", "fise", "FISE-2.lexicon", "lex"] {
            assert!(!looks_like_path(OsStr::new(name)), "{name}");
        }
    }

    #[test]
    fn a_default_record_that_names_a_path_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        assert!(default_path(dir.path()).unwrap().is_none());
        for bad in ["../x.lex\n", "\n", "a/b.lex"] {
            std::fs::write(dir.path().join(DEFAULT_RECORD), bad).unwrap();
            assert!(default_path(dir.path()).is_err(), "{bad:?}");
        }
        std::fs::write(dir.path().join(DEFAULT_RECORD), "FISE-2.lex\n").unwrap();
        assert_eq!(default_path(dir.path()).unwrap(), Some(dir.path().join("FISE-2.lex")));
    }
}
