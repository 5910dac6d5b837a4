//! The lexicons a program can use, as `lexico lexicons` lists them: the installed ones, then the
//! embedded one, the default marked; and what is wrong in the data folder.

use std::path::Path;

use serde::Serialize;

use crate::{default_path, embedded, scan, DefaultLexicon, Signer, StoreError};

/// A lexicon of the list. Its fields are in the order the list prints them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Listed {
    /// Whether it is the default.
    pub default: bool,
    /// Its name, edition and version, from its manifest.
    pub name: String,
    /// Its edition.
    pub edition: String,
    /// Its version.
    pub version: String,
    /// How many words it holds.
    pub words: u64,
    /// The SHA-256 of its payload, computed.
    pub payload_sha256: String,
    /// Who vouches for it.
    pub signer: String,
    /// Its entry in the data folder, or `(embedded)`.
    pub path: String,
}

/// The lexicons and the problems of a data folder ([`listing`]).
#[derive(Debug, Default)]
pub struct Listing {
    /// The installed lexicons that open, in the order of their entries, then the embedded one.
    pub lexicons: Vec<Listed>,
    /// What is wrong: a lost or dangling default record, each installed lexicon that does not
    /// open (damaged, changed, not signed by a trusted key), each naming its file.
    pub problems: Vec<StoreError>,
}

/// The lexicons of the data folder `dir` (none: no data folder) and the embedded one. A default
/// record that is lost or names no installed lexicon is a problem, and then no lexicon is marked
/// the default.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// let listing = lexico_store::listing(Some(dir.path()))?;
/// assert_eq!(listing.lexicons.len(), 1);
/// assert!(listing.lexicons[0].default);
/// assert_eq!(listing.lexicons[0].path, "(embedded)");
/// assert!(listing.problems.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn listing(dir: Option<&Path>) -> Result<Listing, StoreError> {
    let scanned = match dir {
        Some(dir) => scan(dir)?,
        None => Default::default(),
    };
    let mut problems = Vec::new();
    let default = match dir.map(default_path) {
        Some(Ok(DefaultLexicon::Installed(path))) => Some(path),
        Some(Err(e)) => {
            problems.push(e);
            None
        }
        _ => None,
    };
    let mut lexicons = Vec::new();
    for installed in &scanned.found {
        let m = installed.lexicon.manifest()?;
        lexicons.push(Listed {
            default: default.as_ref() == Some(&installed.path),
            name: m.name.clone(),
            edition: m.edition.clone(),
            version: m.version.clone(),
            words: m.words,
            payload_sha256: installed.lexicon.payload_sha256_verified()?.to_string(),
            signer: installed.signer.to_string(),
            path: installed.path.display().to_string(),
        });
    }
    let m = embedded()?.manifest()?.clone();
    lexicons.push(Listed {
        default: default.is_none() && problems.is_empty(),
        name: m.name,
        edition: m.edition,
        version: m.version,
        words: m.words,
        payload_sha256: m.payload_sha256,
        signer: Signer::Embedded.to_string(),
        path: "(embedded)".into(),
    });
    let dangling = default.filter(|p| !scanned.found.iter().any(|i| &i.path == p));
    let dangling = dangling.filter(|p| !scanned.broken.iter().any(|(b, _)| b == p));
    problems.extend(scanned.broken.into_iter().map(|(_, e)| e));
    if let Some(path) = dangling {
        problems.push(StoreError::DefaultNotInstalled { path });
    }
    Ok(Listing { lexicons, problems })
}
