//! The error type of this crate.

use std::path::PathBuf;

use lexico_lexicon::LexiconError;

/// Why a lexicon could not be found, opened, proven whole or trusted, or the data folder not
/// read or written. Its `Display` is the one-line message the `lexico` command prints (after
/// `lexico: `), naming the file it is about.
///
/// ```
/// use lexico_store::StoreError;
///
/// let dir = tempfile::tempdir()?;
/// let err = lexico_store::find_installed(dir.path(), "FISE-9".as_ref()).err().expect("none installed");
/// assert!(matches!(err, StoreError::NotInstalled { .. }));
/// assert!(err.to_string().starts_with("no installed lexicon has the edition or name 'FISE-9'"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A file or folder could not be read or written.
    #[error("{label}: {source}")]
    Io {
        /// The file, as the message names it.
        label: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// A lexicon file could not be opened or read.
    #[error("{label}: {source}")]
    Lexicon {
        /// The file, as the message names it.
        label: String,
        /// What the file format said.
        source: LexiconError,
    },
    /// A lexicon in memory could not be read.
    #[error(transparent)]
    Format(#[from] LexiconError),
    /// A lexicon file failed its full check (checksums, payload digest, counts).
    #[error("{label}: verification failed: {source}")]
    Verification {
        /// The file, as the message names it.
        label: String,
        /// The check that failed.
        source: LexiconError,
    },
    /// The lexicon embedded in the binary could not be opened (a build fault).
    #[error("the embedded default lexicon: {0}")]
    Embedded(#[source] LexiconError),
    /// No data folder: none of the variables that name it is set.
    #[error("no data folder for installed lexicons: set LEXICO_DATA_DIR, or HOME (APPDATA on Windows)")]
    NoDataDir,
    /// A name that is no file, with no data folder to look it up in.
    #[error(
        "{name}: no such file, and no data folder to look for an installed lexicon of that name \
         (set LEXICO_DATA_DIR, or HOME (APPDATA on Windows))"
    )]
    NoDataDirForName {
        /// The name given.
        name: String,
    },
    /// An empty lexicon name.
    #[error("the lexicon name is empty: give a lexicon file, an installed edition or name, or `embedded`")]
    EmptyName,
    /// The default record names something other than a file of the data folder.
    #[error("{}:1: not the file name of an installed lexicon: '{name}'", record.display())]
    BadDefaultRecord {
        /// The record file.
        record: PathBuf,
        /// What it holds.
        name: String,
    },
    /// A path with no file name was to be made the default.
    #[error("an installed lexicon's file name")]
    NoFileName,
    /// No installed lexicon has the edition, file name or name given.
    #[error(
        "no installed lexicon has the edition or name '{name}' (in {}): `lexico lexicons` lists \
         them, `lexico install FILE` adds one",
        dir.display()
    )]
    NotInstalled {
        /// The name given.
        name: String,
        /// The data folder searched.
        dir: PathBuf,
    },
    /// Several installed lexicons answer to the name given.
    #[error("'{name}' names {} installed lexicons: {}; name one by its edition or path", found.len(), found.join(", "))]
    Ambiguous {
        /// The name given.
        name: String,
        /// Each lexicon that answers, as `TITLE (PATH)`.
        found: Vec<String>,
    },
    /// An error about a file, which the message names first (a damaged installed lexicon, an
    /// unreadable trusted key).
    #[error("{}: {source}", path.display())]
    InFile {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        source: Box<StoreError>,
    },
    /// Text that is not a minisign public key.
    #[error("not a minisign public key: {0}")]
    NotAPublicKey(String),
    /// An unsigned lexicon file while keys are trusted.
    #[error(
        "{}: unsigned, and {keys} key{} trusted (`lexico trust list`): a station uses only signed \
         lexicons once a key is trusted; `lexico sign` signs one",
        path.display(),
        if *keys == 1 { " is" } else { "s are" }
    )]
    Unsigned {
        /// The lexicon file.
        path: PathBuf,
        /// How many keys are trusted.
        keys: usize,
    },
    /// A signature file whose structure is not minisign's, or that minisign cannot read.
    #[error("{}: not a minisign signature: {reason}", signature.display())]
    NotASignature {
        /// The signature file.
        signature: PathBuf,
        /// What minisign said.
        reason: String,
    },
    /// A signature by a key that is not trusted.
    #[error(
        "{}: signed by key {id}, which is not trusted (`lexico trust list`; `lexico trust add` trusts a key)",
        path.display()
    )]
    UntrustedKey {
        /// The lexicon file.
        path: PathBuf,
        /// The signing key's id.
        id: String,
    },
    /// A signature by a trusted key that does not match the file.
    #[error(
        "{}: the signature by key {id} does not verify ({reason}): the file is not the one signed",
        path.display()
    )]
    BadSignature {
        /// The lexicon file.
        path: PathBuf,
        /// The signing key's id.
        id: String,
        /// What minisign said.
        reason: String,
    },
    /// A file of the store's kind (a key, a signature, a record) that is not a regular file.
    #[error("{}: {kind}, not a {what} (read only from a regular file)", path.display())]
    NotARegularFile {
        /// The file.
        path: PathBuf,
        /// What it is instead (`a FIFO`, `a device`, `a folder`).
        kind: &'static str,
        /// What it should be.
        what: &'static str,
    },
    /// A key, signature or record file larger than any file of its kind.
    #[error("{}: {len} bytes, larger than any {what} (at most {limit})", path.display())]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size, or what was read of it.
        len: u64,
        /// What it should be.
        what: &'static str,
        /// The most a file of its kind may hold.
        limit: u64,
    },
    /// A key, signature or record file that is not UTF-8 text.
    #[error("{}: not UTF-8 text, so not a {what}", path.display())]
    NotText {
        /// The file.
        path: PathBuf,
        /// What it should be.
        what: &'static str,
    },
    /// Not a key id.
    #[error("'{0}' is not a key id (16 hex digits, as `lexico trust list` shows)")]
    NotAKeyId(String),
    /// A key id that no trusted key has.
    #[error("key {0} is not trusted (`lexico trust list` lists the trusted keys)")]
    NotTrusted(String),
    /// A secret key file that is not one, or whose password is wrong.
    #[error("{}: not a usable minisign secret key: {reason}", path.display())]
    NotASecretKey {
        /// The key file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// A key pair that minisign could not make or sign with.
    #[error("{what}: {reason}")]
    Minisign {
        /// What was being done.
        what: String,
        /// What minisign said.
        reason: String,
    },
    /// A key file that exists already.
    #[error("{}: already exists; a key is never overwritten", path.display())]
    KeyExists {
        /// The file.
        path: PathBuf,
    },
    /// An installed file of the same name as the lexicon to install holds another lexicon.
    #[error(
        "{} holds a different lexicon ({held}) than this one ({title}, payload sha256 {short}); \
         --force replaces it",
        path.display()
    )]
    HoldsAnother {
        /// The installed file.
        path: PathBuf,
        /// What it holds, as `TITLE, payload sha256 DIGEST`, or why it cannot be read.
        held: String,
        /// The title of the lexicon to install.
        title: String,
        /// The first 16 hex digits of its payload digest.
        short: String,
    },
    /// An installed copy whose bytes are no longer those it was installed with.
    #[error("{}: its SHA-256 {got} is not the {installed} it was installed with: the file was changed after it was installed (`lexico install` it again)", path.display())]
    ChangedSinceInstalled {
        /// The copy.
        path: PathBuf,
        /// The digest of the bytes read.
        got: String,
        /// The digest it was installed with (its name in the store).
        installed: String,
    },
    /// A file named like an installed lexicon's entry that is not one.
    #[error("{}: not an installed lexicon's entry (`lexico install FILE` installs a lexicon)", path.display())]
    NotAnEntry {
        /// The file.
        path: PathBuf,
    },
    /// An installed lexicon's entry that is not there.
    #[error("{}: no such installed lexicon (`lexico lexicons` lists them)", path.display())]
    EntryMissing {
        /// The entry.
        path: PathBuf,
    },
    /// A copy an entry names that is not there.
    #[error(
        "{}: its copy {} is missing (`lexico install FILE` installs the lexicon again)",
        entry.display(),
        object.display()
    )]
    ObjectMissing {
        /// The entry.
        entry: PathBuf,
        /// The missing copy.
        object: PathBuf,
    },
    /// The default lexicon's entry is gone.
    #[error(
        "{}: the default lexicon is not installed any more: `lexico install FILE --default` installs it \
         again, `lexico install --default NAME` chooses another",
        path.display()
    )]
    DefaultMissing {
        /// The entry the default record names.
        path: PathBuf,
    },
    /// A data folder with installed lexicons and no default record.
    #[error(
        "{}: missing, so the default lexicon is unknown, though lexicons are installed beside it: \
         `lexico install --default NAME` chooses it (`lexico install --default embedded`: the \
         lexicon embedded in the binary)",
        record.display()
    )]
    DefaultLost {
        /// The record that should be there.
        record: PathBuf,
    },
    /// A default record that names an entry no longer installed (`crate::listing`).
    #[error(
        "{}: the default lexicon is not installed (`lexico install --default NAME` chooses another)",
        path.display()
    )]
    DefaultNotInstalled {
        /// The entry the default record names.
        path: PathBuf,
    },
    /// A key whose id is trusted with other key bytes.
    #[error(
        "key {id} is already trusted with other key bytes ({}): `lexico trust add --replace` \
         replaces it",
        file.display()
    )]
    KeyIdTaken {
        /// The key id.
        id: String,
        /// The trusted key's file.
        file: PathBuf,
    },
    /// A public key that verifies signatures anyone can make.
    #[error("not a usable minisign public key: {0}")]
    WeakKey(&'static str),
    /// An output that exists and is not a regular file.
    #[error(
        "{}: {what}, not a regular file; the output must be a regular file or not exist yet",
        path.display()
    )]
    NotAnOutput {
        /// The output.
        path: PathBuf,
        /// What it is.
        what: &'static str,
    },
    /// An output whose name holds a character Windows forbids in file names.
    #[error("{}: Windows forbids '{character}' in a file name", path.display())]
    ForbiddenName {
        /// The output.
        path: PathBuf,
        /// The first forbidden character.
        character: char,
    },
    /// A release folder that is not a folder.
    #[error("{}: not a folder; a release folder must be a folder or not exist yet", dir.display())]
    NotAReleaseFolder {
        /// The folder.
        dir: PathBuf,
    },
    /// A release folder holding a file that is not part of a release.
    #[error(
        "{}: holds {name}, which is not part of a release; a release folder is replaced whole, so \
         give an empty or new folder",
        dir.display()
    )]
    ForeignInRelease {
        /// The folder.
        dir: PathBuf,
        /// The file's name.
        name: String,
    },
    /// An error with what was being done when it happened (`nothing installed`).
    #[error("{what}: {source}")]
    Context {
        /// What was being done, or what did not happen because of it.
        what: String,
        /// The error.
        source: Box<StoreError>,
    },
}

impl StoreError {
    /// This error, saying first what was being done or what did not happen because of it.
    pub fn context(self, what: impl Into<String>) -> StoreError {
        StoreError::Context { what: what.into(), source: Box::new(self) }
    }

    /// Returns true if and only if this error is about a file that is not there.
    pub fn is_not_found(&self) -> bool {
        match self {
            StoreError::Io { source, .. } => source.kind() == std::io::ErrorKind::NotFound,
            StoreError::Lexicon { source: LexiconError::Io(e), .. } => {
                e.kind() == std::io::ErrorKind::NotFound
            }
            _ => false,
        }
    }

    /// An I/O error about the file `path`.
    pub(crate) fn io(path: &std::path::Path) -> impl FnOnce(std::io::Error) -> StoreError + '_ {
        move |source| StoreError::Io { label: path.display().to_string(), source }
    }
}
