//! Trusted public keys and minisign signatures: the `trusted/` folder of a data folder, and the
//! checks a key or signature file passes before minisign reads it.
//!
//! minisign trusts the structure of what it is given (a signature whose last line decodes to
//! fewer than 64 bytes makes it panic), so every key and signature is read as a regular file of
//! bounded size and its lines, base64 and sizes are checked here first.

use std::io::ErrorKind;
use std::path::{Path, PathBuf};

#[cfg(test)]
use ct_codecs::Encoder;
use ct_codecs::{Base64, Decoder};

use crate::atomic::{lock_folder, write_atomically};
use crate::read::read_small;
use crate::record::{sweep, TRUSTED_DIR};
use crate::StoreError;

/// What a public key file is called in messages.
const PUBLIC_KEY: &str = "minisign public key";

/// What a signature file is called in messages.
const SIGNATURE: &str = "minisign signature";

/// The prefix of a signature's or key's first line.
const UNTRUSTED_COMMENT: &str = "untrusted comment:";

/// The prefix of a signature's third line.
const TRUSTED_COMMENT: &str = "trusted comment: ";

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
/// lexico_store::trust_key_text(dir.path(), &pair.pk.to_box()?.to_string(), false)?;
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
    for (to, from) in n.iter_mut().zip(keynum) {
        *to = *from;
    }
    format!("{:016X}", u64::from_le_bytes(n))
}

/// `line` decoded from base64 if it is exactly `len` bytes of it, else why not.
fn decode_exactly(line: &str, len: usize, what: &str) -> Result<Vec<u8>, String> {
    let line = line.trim();
    let bytes = Base64::decode_to_vec(line, None).map_err(|_| format!("the {what} is not base64"))?;
    if bytes.len() != len {
        return Err(format!("the {what} is {} bytes, not {len}", bytes.len()));
    }
    Ok(bytes)
}

/// The signature algorithms minisign knows: Ed25519 over the file (`Ed`, legacy) or over its
/// BLAKE2b-512 hash (`ED`).
fn is_signature_algorithm(alg: &[u8]) -> bool {
    alg == b"Ed" || alg == b"ED"
}

/// Returns true if and only if the 32 bytes `key` encode the identity point of Ed25519 (y = 1,
/// x = 0), in the canonical encoding or with y written as p + 1, the sign bit set or not: with it
/// as the public key, the check of a signature reduces to one its maker chooses, so every
/// signature verifies.
fn is_identity_point(key: &[u8]) -> bool {
    let Some((last, rest)) = key.split_last() else { return false };
    let last = last & 0x7f;
    // y = 1, and y = p + 1 = 2^255 - 18, little-endian.
    let one = rest[0] == 1 && rest[1..].iter().all(|&b| b == 0) && last == 0;
    let p_plus_one = rest[0] == 0xee && rest[1..].iter().all(|&b| b == 0xff) && last == 0x7f;
    one || p_plus_one
}

/// Reads a public key: a minisign public key file's text (comment line and key line) or the
/// key's base64 line alone. Returns the key and its comment.
///
/// ```
/// let err = lexico_store::parse_public_key("hello").err().expect("not a key");
/// assert!(err.to_string().starts_with("not a minisign public key: "));
/// ```
pub fn parse_public_key(text: &str) -> Result<(minisign::PublicKey, String), StoreError> {
    let not_a_key = |why: String| StoreError::NotAPublicKey(why);
    let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let (comment, line) = match lines[..] {
        [line] => ("", line),
        [comment, line] => (comment.strip_prefix(UNTRUSTED_COMMENT).unwrap_or(comment).trim(), line),
        _ => {
            return Err(not_a_key(
                "expected a comment line and a key line, or the key line alone".to_string(),
            ))
        }
    };
    // Algorithm (2 bytes), key number (8), Ed25519 public key (32).
    let bytes = decode_exactly(line, 42, "key line").map_err(not_a_key)?;
    if &bytes[..2] != b"Ed" {
        return Err(not_a_key("the key line does not hold an Ed25519 key".to_string()));
    }
    if is_identity_point(&bytes[10..]) {
        return Err(StoreError::WeakKey(
            "the key is the identity point of Ed25519, which makes any signature verify",
        ));
    }
    let key = minisign::PublicKey::from_base64(line).map_err(|e| not_a_key(e.to_string()))?;
    Ok((key, comment.to_string()))
}

/// Reads a minisign signature file's text, its structure checked first: an untrusted comment
/// line, the signature line (algorithm, key number and Ed25519 signature: 74 bytes of base64),
/// the trusted comment line and its signature (64 bytes of base64), and nothing after them but
/// blank lines. Returns why it is not one otherwise.
///
/// ```
/// assert!(lexico_store::parse_signature("untrusted comment: x\n").is_err());
/// ```
pub fn parse_signature(text: &str) -> Result<minisign::SignatureBox, String> {
    let mut lines = text.lines();
    let mut next = |what: &str| lines.next().ok_or_else(|| format!("the {what} line is missing"));
    let comment = next("untrusted comment")?;
    if !comment.starts_with(UNTRUSTED_COMMENT) {
        return Err(format!("the first line does not start with '{UNTRUSTED_COMMENT}'"));
    }
    let signature = decode_exactly(next("signature")?, 74, "signature line")?;
    if !is_signature_algorithm(&signature[..2]) {
        return Err("the signature line names no algorithm minisign knows".to_string());
    }
    if !next("trusted comment")?.starts_with(TRUSTED_COMMENT) {
        return Err(format!("the third line does not start with '{TRUSTED_COMMENT}'"));
    }
    decode_exactly(next("trusted comment signature")?, 64, "trusted comment signature")?;
    if lines.any(|l| !l.trim().is_empty()) {
        return Err("text follows the signature".to_string());
    }
    minisign::SignatureBox::from_string(text).map_err(|e| e.to_string())
}

/// The keys trusted in data folder `dir`: the `.pub` files of its `trusted/` folder, by key id
/// (see [`TrustedKey`]). A folder without `trusted/` trusts none. A `.pub` entry that is not a
/// regular file of a key (a FIFO, a device, a folder, a damaged key) is an error naming it: a
/// station whose trusted keys cannot all be read says so rather than judge with fewer.
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
        let in_file = |e| StoreError::InFile { path: path.clone(), source: Box::new(e) };
        // Listed a moment ago: a key removed since is no longer trusted.
        let Some(text) = read_small(&path, PUBLIC_KEY)? else { continue };
        let (key, comment) = parse_public_key(&text).map_err(in_file)?;
        keys.push(TrustedKey { id: key_id(key.keynum()), comment, key });
    }
    keys.sort_by(|a, b| a.id.cmp(&b.id));
    Ok(keys)
}

/// A key just trusted, and the file that keeps it.
#[derive(Debug)]
pub struct Trusted {
    /// The key id.
    pub id: String,
    /// The comment kept with it.
    pub comment: String,
    /// Its file in the `trusted/` folder.
    pub file: PathBuf,
}

/// Trusts the public key `text` (a minisign public key file's text, or its base64 line) in data
/// folder `dir`: written atomically as `trusted/<KEY ID>.pub`, with its comment, or `minisign
/// public key <KEY ID>` when it has none, under the data folder's lock. A key id names one key:
/// when another key of the same id is trusted already, the key is refused unless `replace`
/// (trusting the same key again keeps it, with the new comment).
///
/// ```
/// let dir = tempfile::tempdir()?;
/// let pair = minisign::KeyPair::generate_unencrypted_keypair()?;
/// let trusted = lexico_store::trust_key_text(dir.path(), &pair.pk.to_base64(), false)?;
/// assert_eq!(trusted.comment, format!("minisign public key {}", trusted.id));
/// assert!(trusted.file.ends_with(format!("trusted/{}.pub", trusted.id)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn trust_key_text(dir: &Path, text: &str, replace: bool) -> Result<Trusted, StoreError> {
    let (public, comment) = parse_public_key(text)?;
    let id = key_id(public.keynum());
    let folder = dir.join(TRUSTED_DIR);
    let file = folder.join(format!("{id}.pub"));
    let comment = if comment.is_empty() { format!("minisign public key {id}") } else { comment };
    let body = format!("untrusted comment: {comment}\n{}\n", public.to_base64());
    std::fs::create_dir_all(&folder).map_err(StoreError::io(&folder))?;
    let _lock = lock_folder(dir)?;
    sweep(dir);
    if !replace {
        if let Some(held) = read_small(&file, PUBLIC_KEY)? {
            let same = parse_public_key(&held).is_ok_and(|(key, _)| key.to_base64() == public.to_base64());
            if !same {
                return Err(StoreError::KeyIdTaken { id, file });
            }
        }
    }
    write_atomically(&file, body.as_bytes())?;
    Ok(Trusted { id, comment, file })
}

/// [`trust_key_text`] of the public key file `path` (a regular file of a few hundred bytes; a
/// FIFO, a device or a large file is refused before it is read).
pub fn trust_key_file(dir: &Path, path: &Path, replace: bool) -> Result<Trusted, StoreError> {
    let in_file = |e| StoreError::InFile { path: path.to_path_buf(), source: Box::new(e) };
    let text = read_small(path, PUBLIC_KEY)?
        .ok_or_else(|| StoreError::io(path)(std::io::Error::from(ErrorKind::NotFound)))?;
    trust_key_text(dir, &text, replace).map_err(|e| match e {
        e @ StoreError::KeyIdTaken { .. } => e,
        e => in_file(e),
    })
}

/// Stops trusting the key `id` (16 hex digits, any case) in data folder `dir`; returns the id
/// as the key's file names it.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// let err = lexico_store::untrust(dir.path(), "0123456789abcdef").unwrap_err();
/// assert!(err.to_string().starts_with("key 0123456789ABCDEF is not trusted"));
/// assert!(lexico_store::untrust(dir.path(), "nope").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn untrust(dir: &Path, id: &str) -> Result<String, StoreError> {
    let id = id.to_uppercase();
    if id.len() != 16 || !id.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(StoreError::NotAKeyId(id));
    }
    let file = dir.join(TRUSTED_DIR).join(format!("{id}.pub"));
    let _lock = lock_folder(dir).ok();
    match std::fs::remove_file(&file) {
        Ok(()) => Ok(id),
        Err(e) if e.kind() == ErrorKind::NotFound => Err(StoreError::NotTrusted(id)),
        Err(e) => Err(StoreError::io(&file)(e)),
    }
}

/// The text of the signature file `sig_path`, `None` when there is none. Only a regular file of
/// at most a few kilobytes is read: a FIFO or a device is refused without waiting.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// assert_eq!(lexico_store::read_signature(&dir.path().join("x.lex.minisig"))?, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_signature(sig_path: &Path) -> Result<Option<String>, StoreError> {
    read_small(sig_path, SIGNATURE)
}

/// The signature text of the lexicon at `path`: for an installed lexicon's entry
/// (`<EDITION>.entry`), the signature it was installed with (its copy in `objects/`), else
/// `FILE.minisig` beside the file; `None` when there is none.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// assert_eq!(lexico_store::signature_of(&dir.path().join("x.lex"))?, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn signature_of(path: &Path) -> Result<Option<String>, StoreError> {
    if !crate::entry::is_entry(path) {
        return read_signature(&signature_path(path));
    }
    let dir = crate::atomic::parent(path);
    match crate::entry::Entry::read(path)?.and_then(|e| e.signature) {
        Some(sha) => read_signature(&crate::record::signature_object_path(dir, &sha)),
        None => Ok(None),
    }
}

/// Checks the minisign signature `sig` of `bytes` (the file `path`) against the trusted `keys`: a
/// missing signature, a malformed one, one by a key not trusted, or one that does not verify is
/// an error. Nothing of `bytes` is decoded: this runs before any reader of the lexicon format.
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
/// let cut = &sig[..sig.len() - 20];
/// assert!(matches!(check_signature(path, Some(cut), bytes, &keys), Err(StoreError::NotASignature { .. })));
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
    let sig = parse_signature(text)
        .map_err(|reason| StoreError::NotASignature { signature: signature_path(path), reason })?;
    let id = key_id(sig.keynum());
    let Some(key) = keys.iter().find(|k| k.id == id) else {
        return Err(StoreError::UntrustedKey { path: path.to_path_buf(), id });
    };
    minisign::verify(&key.key, &sig, std::io::Cursor::new(bytes), true, false, false).map_err(|e| {
        StoreError::BadSignature { path: path.to_path_buf(), id: id.clone(), reason: e.to_string() }
    })?;
    Ok(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair_and_signature() -> (minisign::KeyPair, String) {
        let pair = minisign::KeyPair::generate_unencrypted_keypair().unwrap();
        let sig =
            minisign::sign(None, &pair.sk, &b"bytes"[..], Some("file:x.lex"), None).unwrap().to_string();
        (pair, sig)
    }

    #[test]
    fn every_cut_of_a_signature_is_refused_or_verifies_never_panics() {
        let (pair, sig) = pair_and_signature();
        let keys =
            [TrustedKey { id: key_id(pair.pk.keynum()), comment: String::new(), key: pair.pk.clone() }];
        for len in 0..sig.len() {
            let cut = &sig[..len];
            let result = check_signature(Path::new("x.lex"), Some(cut), b"bytes", &keys);
            if cut.trim_end() == sig.trim_end() {
                assert!(result.is_ok(), "{len}");
            } else {
                assert!(matches!(result, Err(StoreError::NotASignature { .. })), "{len}: {:?}", result.err());
            }
        }
    }

    #[test]
    fn a_signature_with_a_short_or_long_line_is_refused_with_the_reason() {
        let (_, sig) = pair_and_signature();
        let lines: Vec<&str> = sig.lines().collect();
        let why = |text: &str| parse_signature(text).err().expect("refused");
        let with = |i: usize, line: &str| {
            let mut l = lines.clone();
            l[i] = line;
            l.join("\n")
        };
        let short = &lines[3][..lines[3].len() - 4];
        assert!(why(&with(3, short)).contains("trusted comment signature"));
        assert!(why(&with(1, "Zm9v")).contains("3 bytes, not 74"));
        assert!(why(&with(1, "%%%%")).contains("not base64"));
        assert!(why(&format!("{sig}more\n")).contains("text follows"));
        assert!(parse_signature(&with(0, "comment")).is_err());
        assert!(parse_signature(&sig).is_ok());
    }

    #[test]
    fn the_identity_point_is_not_a_key() {
        let pair = minisign::KeyPair::generate_unencrypted_keypair().unwrap();
        let mut bytes = Base64::decode_to_vec(pair.pk.to_base64(), None).unwrap();
        for (first, fill, last) in [(1u8, 0u8, 0u8), (1, 0, 0x80), (0xee, 0xff, 0x7f), (0xee, 0xff, 0xff)] {
            bytes[10] = first;
            bytes[11..41].fill(fill);
            bytes[41] = last;
            let line = ct_codecs::Base64::encode_to_string(&bytes).unwrap();
            let Err(err) = parse_public_key(&line) else { panic!("the identity point was read as a key") };
            let err = err.to_string();
            assert!(err.contains("identity point"), "{err}");
        }
    }

    #[test]
    fn a_second_key_with_a_trusted_keys_id_is_refused_unless_replacing() {
        let dir = tempfile::tempdir().unwrap();
        let pair = minisign::KeyPair::generate_unencrypted_keypair().unwrap();
        let first = trust_key_text(dir.path(), &pair.pk.to_base64(), false).unwrap();
        // Another Ed25519 key under the same key number.
        let mut bytes = Base64::decode_to_vec(pair.pk.to_base64(), None).unwrap();
        bytes[20] ^= 1;
        let other = ct_codecs::Base64::encode_to_string(&bytes).unwrap();
        let err = trust_key_text(dir.path(), &other, false).unwrap_err();
        assert!(matches!(err, StoreError::KeyIdTaken { .. }), "{err}");
        assert!(err.to_string().contains("--replace"), "{err}");
        assert_eq!(trusted_keys(dir.path()).unwrap()[0].key.to_base64(), pair.pk.to_base64());
        // The same key again is no conflict.
        trust_key_text(dir.path(), &format!("untrusted comment: FISE\n{}", pair.pk.to_base64()), false)
            .unwrap();
        let replaced = trust_key_text(dir.path(), &other, true).unwrap();
        assert_eq!((replaced.id, replaced.file), (first.id, first.file));
        assert_eq!(trusted_keys(dir.path()).unwrap()[0].key.to_base64(), other);
    }

    #[test]
    fn a_key_line_of_the_wrong_size_or_algorithm_is_not_a_key() {
        let pair = minisign::KeyPair::generate_unencrypted_keypair().unwrap();
        let line = pair.pk.to_base64();
        assert!(parse_public_key(&line).is_ok());
        assert!(parse_public_key(&line[..line.len() - 4]).is_err());
        assert!(parse_public_key(&format!("{line}AAAA")).is_err());
        assert!(parse_public_key("").is_err());
    }
}
