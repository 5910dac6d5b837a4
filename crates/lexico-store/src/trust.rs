//! Trusted public keys and minisign signatures.

use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use crate::StoreError;

/// The folder of trusted public keys in a data folder.
pub const TRUSTED_DIR: &str = "trusted";

/// Where the signature of `path` is: `FILE.minisig`, as minisign writes it.
///
/// ```
/// use std::path::Path;
/// assert_eq!(lexico_store::signature_path(Path::new("a/FISE-2.lex")), Path::new("a/FISE-2.lex.minisig"));
/// ```
pub fn signature_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".minisig");
    PathBuf::from(name)
}

/// A trusted public key.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// let pair = minisign::KeyPair::generate_unencrypted_keypair()?;
/// std::fs::create_dir(dir.path().join(lexico_store::TRUSTED_DIR))?;
/// std::fs::write(dir.path().join("trusted/federation.pub"), pair.pk.to_box()?.to_string())?;
/// let keys = lexico_store::trusted_keys(dir.path())?;
/// assert_eq!(keys.len(), 1);
/// assert_eq!(keys[0].id, lexico_store::key_id(pair.pk.keynum()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct TrustedKey {
    /// The key id, 16 upper-case hex digits, as minisign prints it.
    pub id: String,
    /// The comment it was added with (the public key file's untrusted comment).
    pub comment: String,
    /// The key.
    pub key: minisign::PublicKey,
}

/// The key id of a minisign key number (little-endian u64, printed in hex as minisign does).
///
/// ```
/// assert_eq!(lexico_store::key_id(&[1, 0, 0, 0, 0, 0, 0, 0xAB]), "AB00000000000001");
/// ```
pub fn key_id(keynum: &[u8]) -> String {
    let mut n = [0u8; 8];
    n.copy_from_slice(&keynum[..8]);
    format!("{:016X}", u64::from_le_bytes(n))
}

/// Reads a public key: a minisign public key file's text (comment line and key line) or the
/// key's base64 line alone. Returns the key and its comment.
///
/// ```
/// let err = lexico_store::parse_public_key("hello").err().expect("not a key");
/// assert!(err.to_string().starts_with("not a minisign public key: "));
/// ```
pub fn parse_public_key(text: &str) -> Result<(minisign::PublicKey, String), StoreError> {
    let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let (comment, line) = match lines[..] {
        [line] => ("", line),
        [comment, line] => (comment.strip_prefix("untrusted comment:").unwrap_or(comment).trim(), line),
        _ => {
            return Err(StoreError::NotAPublicKey(
                "expected a comment line and a key line, or the key line alone".to_string(),
            ))
        }
    };
    let key = minisign::PublicKey::from_base64(line).map_err(|e| StoreError::NotAPublicKey(e.to_string()))?;
    Ok((key, comment.to_string()))
}

/// The keys trusted in data folder `dir`: the `.pub` files of its `trusted/` folder, by key id
/// (see [`TrustedKey`]). A folder without `trusted/` trusts none.
pub fn trusted_keys(dir: &Path) -> Result<Vec<TrustedKey>, StoreError> {
    let folder = dir.join(TRUSTED_DIR);
    let entries = match std::fs::read_dir(&folder) {
        Ok(entries) => entries,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(StoreError::io(&folder)(e)),
    };
    let mut keys = Vec::new();
    for entry in entries {
        let path = entry.map_err(StoreError::io(&folder))?.path();
        if path.extension().is_none_or(|e| e != "pub") {
            continue;
        }
        let text = std::fs::read_to_string(&path).map_err(StoreError::io(&path))?;
        let (key, comment) = parse_public_key(&text)
            .map_err(|e| StoreError::InFile { path: path.clone(), source: Box::new(e) })?;
        keys.push(TrustedKey { id: key_id(key.keynum()), comment, key });
    }
    keys.sort_by(|a, b| a.id.cmp(&b.id));
    Ok(keys)
}

/// The text of the signature file `sig_path`, `None` when there is none.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// assert_eq!(lexico_store::read_signature(&dir.path().join("x.lex.minisig"))?, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_signature(sig_path: &Path) -> Result<Option<String>, StoreError> {
    match std::fs::read_to_string(sig_path) {
        Ok(text) => Ok(Some(text)),
        Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
        Err(e) => Err(StoreError::io(sig_path)(e)),
    }
}

/// Checks the minisign signature `sig` of `bytes` (the file `path`) against the trusted `keys`: a
/// missing signature, one by a key not trusted, or one that does not verify is an error.
///
/// ```
/// use lexico_store::{check_signature, key_id, StoreError, TrustedKey};
/// use std::path::Path;
///
/// let pair = minisign::KeyPair::generate_unencrypted_keypair()?;
/// let keys = [TrustedKey { id: key_id(pair.pk.keynum()), comment: String::new(), key: pair.pk.clone() }];
/// let bytes = b"a lexicon's bytes";
/// let sig = minisign::sign(None, &pair.sk, &bytes[..], None, None)?.to_string();
/// let path = Path::new("x.lex");
/// assert_eq!(check_signature(path, Some(&sig), bytes, &keys)?.id, keys[0].id);
/// let forged = check_signature(path, Some(&sig), b"other bytes", &keys);
/// assert!(matches!(forged, Err(StoreError::BadSignature { .. })));
/// assert!(matches!(check_signature(path, None, bytes, &keys), Err(StoreError::Unsigned { keys: 1, .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_signature<'k>(
    path: &Path,
    sig: Option<&str>,
    bytes: &[u8],
    keys: &'k [TrustedKey],
) -> Result<&'k TrustedKey, StoreError> {
    let Some(text) = sig else {
        return Err(StoreError::Unsigned { path: path.to_path_buf(), keys: keys.len() });
    };
    let sig = minisign::SignatureBox::from_string(text)
        .map_err(|e| StoreError::NotASignature { signature: signature_path(path), reason: e.to_string() })?;
    let id = key_id(sig.keynum());
    let Some(key) = keys.iter().find(|k| k.id == id) else {
        return Err(StoreError::UntrustedKey { path: path.to_path_buf(), id });
    };
    minisign::verify(&key.key, &sig, std::io::Cursor::new(bytes), true, false, false).map_err(|e| {
        StoreError::BadSignature { path: path.to_path_buf(), id: id.clone(), reason: e.to_string() }
    })?;
    Ok(key)
}
