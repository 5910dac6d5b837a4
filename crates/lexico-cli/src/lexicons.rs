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
//!
//! Every lexicon file a command uses, by path or by installed name, is proven whole before it
//! answers ([`open_path`]): its payload digest is computed and must equal its manifest's, and its
//! counts must agree with the manifest. The result is recorded in the data folder's `verified/`
//! folder, keyed by the file's path, size, modification and change times, inode and device, so a
//! file already verified and unchanged costs one `stat` and one small read. When the data folder
//! holds trusted public keys (`trusted/`, see `lexico trust`), the file must also carry a minisign
//! signature (`FILE.minisig`) by one of them. The embedded lexicon is trusted as part of the
//! binary. See `docs/reliability.md`.

use std::ffi::{OsStr, OsString};
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use clap::Args;
use lexico_lexicon::{Lexicon, LexiconError};

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
        Ok(self.open_trusted()?.lexicon)
    }

    /// Opens the chosen lexicon, with what is known of its signer.
    pub fn open_trusted(&self) -> Result<Opened> {
        match &self.lexicon {
            Some(value) if value.is_empty() => Err(LookupError::Empty.into()),
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

/// Why the lexicon a command names cannot be used, as typed values, so that a message can be said
/// in the user's language; `Display` says it in English.
#[derive(Debug)]
pub enum LookupError {
    /// `--lexicon ""`.
    Empty,
    /// A name that is no file, with no data folder to look it up in.
    NoDataDir { path: PathBuf },
    /// No installed lexicon has that edition or name.
    Unknown { name: String, dir: PathBuf },
    /// Several installed lexicons have that name: each as `TITLE (PATH)`.
    Ambiguous { name: String, found: Vec<String> },
    /// The file (as `label` names it) is not whole.
    Verification { label: String, source: LexiconError },
    /// Keys are trusted and the file has no signature.
    Unsigned { path: PathBuf, trusted: usize },
    /// The signature file is not a minisign signature.
    NotASignature { path: PathBuf, why: String },
    /// The signature is by a key that is not trusted.
    Untrusted { path: PathBuf, id: String },
    /// The signature does not verify: the file is not the one signed.
    BadSignature { path: PathBuf, id: String, why: String },
}

impl std::fmt::Display for LookupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LookupError::Empty => {
                write!(f, "--lexicon is empty: give a lexicon file, an installed edition or name, or `embedded`")
            }
            LookupError::NoDataDir { path } => write!(
                f,
                "{}: no such file, and no data folder to look for an installed lexicon of that name \
                 (set HOME, XDG_DATA_HOME or LEXICO_DATA_DIR)",
                path.display()
            ),
            LookupError::Unknown { name, dir } => write!(
                f,
                "no installed lexicon has the edition or name '{name}' (in {}): `lexico lexicons` lists \
                 them, `lexico install FILE` adds one",
                dir.display()
            ),
            LookupError::Ambiguous { name, found } => write!(
                f,
                "'{name}' names {} installed lexicons: {}; name one by its edition or path",
                found.len(),
                found.join(", ")
            ),
            LookupError::Verification { label, .. } => write!(f, "{label}: verification failed"),
            LookupError::Unsigned { path, trusted } => write!(
                f,
                "{}: unsigned, and {trusted} key{} trusted (`lexico trust list`): a station uses only signed \
                 lexicons once a key is trusted; `lexico sign` signs one",
                path.display(),
                if *trusted == 1 { " is" } else { "s are" }
            ),
            LookupError::NotASignature { path, why } => {
                write!(f, "{}: not a minisign signature: {why}", signature_path(path).display())
            }
            LookupError::Untrusted { path, id } => write!(
                f,
                "{}: signed by key {id}, which is not trusted (`lexico trust list`; `lexico trust add` trusts a key)",
                path.display()
            ),
            LookupError::BadSignature { path, id, why } => write!(
                f,
                "{}: the signature by key {id} does not verify ({why}): the file is not the one signed",
                path.display()
            ),
        }
    }
}

impl std::error::Error for LookupError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LookupError::Verification { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// A lexicon proven whole, and who signed it.
pub struct Opened {
    pub lexicon: Lexicon,
    pub signer: Signer,
}

/// Who vouches for a lexicon.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Signer {
    /// The lexicon compiled into the binary.
    Embedded,
    /// A file with no signature checked: no key is trusted.
    Unsigned,
    /// A file whose signature a trusted key verified: its key id and comment.
    Key { id: String, comment: String },
}

impl std::fmt::Display for Signer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Signer::Embedded => write!(f, "embedded in the binary"),
            Signer::Unsigned => write!(f, "unsigned"),
            Signer::Key { id, comment } if comment.is_empty() || comment.contains(id.as_str()) => {
                write!(f, "key {id}")
            }
            Signer::Key { id, comment } => write!(f, "key {id} ({comment})"),
        }
    }
}

/// `lex` copied into memory when it is a mapped file, so that a long-running station answers the
/// same whatever happens to the file afterwards (a replaced file never changes an answer, a
/// truncated one never brings the process down). The copy is verified in turn: its computed
/// digest must be the one proven when the file was opened.
pub fn in_memory(lex: Lexicon) -> Result<Lexicon> {
    if !lex.is_mapped() {
        return Ok(lex);
    }
    let copy = Lexicon::from_vec(lex.as_bytes().to_vec())?;
    if copy.verify().ok() != Some(lex.payload_sha256_verified()?) {
        bail!("the lexicon changed while it was being read: start again");
    }
    Ok(copy)
}

/// Opens the lexicon embedded in the binary.
pub fn embedded() -> Result<Lexicon> {
    Lexicon::from_static(DEFAULT).context("the embedded default lexicon")
}

fn embedded_opened() -> Result<Opened> {
    Ok(Opened { lexicon: embedded()?, signer: Signer::Embedded })
}

/// The folder of verification records in a data folder.
const VERIFIED_DIR: &str = "verified";

/// The folder of trusted public keys in a data folder.
pub const TRUSTED_DIR: &str = "trusted";

/// What identifies a file's content without reading it: if any of these changed, the content may
/// have. The change time is set by the kernel on every write, rename or `utime`, and cannot be set
/// back by the file's owner.
fn identity(meta: &std::fs::Metadata) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        format!(
            "{} {}.{} {}.{} {} {}",
            meta.len(),
            meta.mtime(),
            meta.mtime_nsec(),
            meta.ctime(),
            meta.ctime_nsec(),
            meta.ino(),
            meta.dev()
        )
    }
    #[cfg(not(unix))]
    {
        let mtime = meta.modified().ok().and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok());
        format!("{} {:?}", meta.len(), mtime)
    }
}

/// The verification record of the file at `path`, in `dir`'s `verified/` folder.
fn record_path(dir: &Path, path: &Path) -> PathBuf {
    use sha2::{Digest, Sha256};
    let canonical = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let key = lexico_lexicon::hex(&Sha256::digest(canonical.as_os_str().as_encoded_bytes()));
    dir.join(VERIFIED_DIR).join(&key[..32])
}

/// A verification record: the version, the lexicon's identity and payload digest, and, when a
/// signature was checked, the signature file's identity and the signing key's id.
fn record_text(lexicon: &str, digest: &str, signature: Option<(&str, &str)>) -> String {
    let mut text = format!("lexico-verified 1\nfile {lexicon}\npayload {digest}\n");
    if let Some((sig, key)) = signature {
        text.push_str(&format!("signature {sig}\nkey {key}\n"));
    }
    text
}

/// Opens a lexicon file and proves it whole: every section's checksum, the payload digest and the
/// counts ([`Lexicon::verify`]), unless a record in the data folder says these very bytes were
/// verified; then, when keys are trusted, its signature. A folder, FIFO or device is refused at
/// once.
pub fn open_path(path: &Path) -> Result<Opened> {
    open_path_as(path, &path.display().to_string())
}

/// [`open_path`], errors naming the file as `label`.
fn open_path_as(path: &Path, label: &str) -> Result<Opened> {
    let at = || label.to_string();
    let meta = std::fs::metadata(path).with_context(at)?;
    if !meta.is_file() {
        // Lexicon::open names what it is.
        Lexicon::open(path).with_context(at)?;
    }
    let file = std::fs::File::open(path).with_context(at)?;
    let meta = file.metadata().with_context(at)?;
    let lexicon = Lexicon::open_file(file).with_context(at)?;
    let dir = data_dir();
    let keys = match &dir {
        Some(dir) => trusted_keys(dir)?,
        None => Vec::new(),
    };
    let sig_path = signature_path(path);
    let sig_meta = std::fs::metadata(&sig_path).ok().filter(|m| m.is_file());
    let id = identity(&meta);
    let sig_id = sig_meta.as_ref().map(identity);
    let record = dir.as_ref().map(|d| record_path(d, path));
    let recorded = record.as_ref().and_then(|r| std::fs::read_to_string(r).ok());
    // A record names the file's identity and digest, and the signature's identity and key.
    let mut verified_key = None;
    let mut hit = false;
    if let Some(text) = &recorded {
        let mut lines = text.lines();
        let ok = lines.next() == Some("lexico-verified 1") && lines.next() == Some(&format!("file {id}"));
        if let (true, Some(digest)) = (ok, lines.next().and_then(|l| l.strip_prefix("payload "))) {
            if lexicon.assume_verified(digest).is_ok() {
                hit = true;
                if let (Some(sig), Some(key)) = (lines.next(), lines.next()) {
                    if sig_id.as_ref().is_some_and(|s| sig == format!("signature {s}")) {
                        verified_key = key.strip_prefix("key ").map(str::to_string);
                    }
                }
            }
        }
    }
    if !hit {
        lexicon.verify().map_err(|source| LookupError::Verification { label: label.to_string(), source })?;
    }
    let digest = lexicon.payload_sha256_verified().with_context(at)?.to_string();
    let signer = if keys.is_empty() {
        Signer::Unsigned
    } else {
        let key = match verified_key.as_ref().and_then(|id| keys.iter().find(|k| &k.id == id)) {
            Some(key) => key,
            None => {
                let sig = read_signature(&sig_path)?;
                check_signature(path, sig.as_deref(), lexicon.as_bytes(), &keys)?
            }
        };
        verified_key = Some(key.id.clone());
        Signer::Key { id: key.id.clone(), comment: key.comment.clone() }
    };
    if let Some(record) = record {
        let text = record_text(&id, &digest, sig_id.as_deref().zip(verified_key.as_deref()));
        if recorded.as_deref() != Some(text.as_str()) {
            // A record that cannot be written costs the next run a verification, nothing more.
            if let Some(parent) = record.parent() {
                let _ = std::fs::create_dir_all(parent);
            }
            let _ = crate::files::write_atomically(&record, text.as_bytes());
        }
    }
    Ok(Opened { lexicon, signer })
}

/// Where the signature of `path` is: `FILE.minisig`, as minisign writes it.
pub fn signature_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".minisig");
    PathBuf::from(name)
}

/// A trusted public key.
pub struct TrustedKey {
    /// The key id, 16 upper-case hex digits, as minisign prints it.
    pub id: String,
    /// The comment it was added with (the public key file's untrusted comment).
    pub comment: String,
    pub key: minisign::PublicKey,
}

/// The key id of a minisign key number (little-endian u64, printed in hex as minisign does).
pub fn key_id(keynum: &[u8]) -> String {
    let mut n = [0u8; 8];
    n.copy_from_slice(&keynum[..8]);
    format!("{:016X}", u64::from_le_bytes(n))
}

/// Reads a public key: a minisign public key file's text (comment line and key line) or the
/// key's base64 line alone. Returns the key and its comment.
pub fn parse_public_key(text: &str) -> Result<(minisign::PublicKey, String)> {
    let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let (comment, line) = match lines[..] {
        [line] => ("", line),
        [comment, line] => (comment.strip_prefix("untrusted comment:").unwrap_or(comment).trim(), line),
        _ => {
            bail!("not a minisign public key: expected a comment line and a key line, or the key line alone")
        }
    };
    let key = minisign::PublicKey::from_base64(line)
        .map_err(|e| anyhow::anyhow!("not a minisign public key: {e}"))?;
    Ok((key, comment.to_string()))
}

/// The keys trusted in data folder `dir`: the `.pub` files of its `trusted/` folder.
pub fn trusted_keys(dir: &Path) -> Result<Vec<TrustedKey>> {
    let folder = dir.join(TRUSTED_DIR);
    let entries = match std::fs::read_dir(&folder) {
        Ok(entries) => entries,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e).with_context(|| format!("{}", folder.display())),
    };
    let mut keys = Vec::new();
    for entry in entries {
        let path = entry.with_context(|| format!("{}", folder.display()))?.path();
        if path.extension().is_none_or(|e| e != "pub") {
            continue;
        }
        let text = std::fs::read_to_string(&path).with_context(|| format!("{}", path.display()))?;
        let (key, comment) = parse_public_key(&text).with_context(|| format!("{}", path.display()))?;
        keys.push(TrustedKey { id: key_id(key.keynum()), comment, key });
    }
    keys.sort_by(|a, b| a.id.cmp(&b.id));
    Ok(keys)
}

/// The text of the signature file `sig_path`, `None` when there is none.
pub fn read_signature(sig_path: &Path) -> Result<Option<String>> {
    match std::fs::read_to_string(sig_path) {
        Ok(text) => Ok(Some(text)),
        Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e).with_context(|| format!("{}", sig_path.display())),
    }
}

/// Checks the minisign signature `sig` of `bytes` (the file `path`) against the trusted `keys`: a
/// missing signature, one by a key not trusted, or one that does not verify is an error.
pub fn check_signature<'k>(
    path: &Path,
    sig: Option<&str>,
    bytes: &[u8],
    keys: &'k [TrustedKey],
) -> Result<&'k TrustedKey> {
    let text = match sig {
        Some(text) => text,
        None => return Err(LookupError::Unsigned { path: path.to_path_buf(), trusted: keys.len() }.into()),
    };
    let sig = minisign::SignatureBox::from_string(text)
        .map_err(|e| LookupError::NotASignature { path: path.to_path_buf(), why: e.to_string() })?;
    let id = key_id(sig.keynum());
    let Some(key) = keys.iter().find(|k| k.id == id) else {
        return Err(LookupError::Untrusted { path: path.to_path_buf(), id }.into());
    };
    minisign::verify(&key.key, &sig, std::io::Cursor::new(bytes), true, false, false).map_err(|e| {
        LookupError::BadSignature { path: path.to_path_buf(), id: id.clone(), why: e.to_string() }
    })?;
    Ok(key)
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
pub fn open_default() -> Result<Opened> {
    let Some(dir) = data_dir() else { return embedded_opened() };
    match default_path(&dir)? {
        Some(path) => open_path_as(
            &path,
            &format!(
                "{} (the default lexicon; `lexico install --default NAME` chooses another)",
                path.display()
            ),
        ),
        None => embedded_opened(),
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
pub fn open_named(value: &OsStr) -> Result<Opened> {
    if value.eq_ignore_ascii_case(EMBEDDED) {
        return embedded_opened();
    }
    let path = Path::new(value);
    if looks_like_path(value) || path.exists() || path.symlink_metadata().is_ok() {
        return open_path(path);
    }
    let Some(dir) = data_dir() else {
        return Err(LookupError::NoDataDir { path: path.to_path_buf() }.into());
    };
    let found = find_installed(&dir, value)?;
    Ok(Opened { lexicon: found.lexicon, signer: found.signer })
}

/// An installed lexicon, open.
pub struct Installed {
    pub path: PathBuf,
    pub lexicon: Lexicon,
    pub signer: Signer,
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

/// Every `*.lex` file in `dir` (a missing folder holds none), each proven whole by
/// [`open_path`].
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
        // Proven whole (and signed, when keys are trusted) like any file a command uses.
        match open_path(&path) {
            Ok(Opened { lexicon, signer }) => found.push(Installed { path, lexicon, signer }),
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
        [] => {
            Err(LookupError::Unknown { name: value.to_string_lossy().into(), dir: dir.to_path_buf() }.into())
        }
        _ => {
            let found = chosen
                .iter()
                .map(|&i| format!("{} ({})", found[i].title(), found[i].path.display()))
                .collect();
            Err(LookupError::Ambiguous { name: value.to_string_lossy().into(), found }.into())
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
