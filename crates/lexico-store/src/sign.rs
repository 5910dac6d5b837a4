//! Key pairs and signatures: minisign's, so the `minisign` tool makes and checks them too.
//!
//! A signature is minisign's (`FILE.minisig`, Ed25519 over the file's BLAKE2b-512 hash, with a
//! trusted comment naming the file). A secret key is read as minisign writes it, its structure
//! checked before minisign decodes it; an encrypted one needs its password.

use std::path::{Path, PathBuf};

use ct_codecs::{Base64, Decoder};
use lexico_lexicon::Lexicon;

use crate::atomic::{complete, publish_new, replace};
use crate::read::{read_lexicon, read_small};
use crate::trust::{key_id, signature_path};
use crate::StoreError;

/// What a secret key file is called in messages.
const SECRET_KEY: &str = "minisign secret key";

/// The size of a minisign secret key, decoded: algorithms (2 + 2 + 2), salt (32), limits
/// (8 + 8), key number (8), key (64), checksum (32).
const SECRET_KEY_BYTES: usize = 158;

/// The password of a secret key.
#[derive(Clone, Debug)]
pub enum Password {
    /// None: the key is not encrypted (a key made by `keygen --unencrypted`).
    None,
    /// This password.
    Given(String),
    /// Asked for on the terminal (by minisign), when the key turns out to be encrypted.
    AskOnTerminal,
}

/// A secret key and its id.
pub struct SecretKey {
    /// The key.
    pub key: minisign::SecretKey,
    /// Its key id, 16 upper-case hex digits.
    pub id: String,
}

/// Checks that `text` is laid out as a minisign secret key file (a comment line, then the key's
/// base64 of the right size with the algorithms minisign writes) before minisign decodes it.
fn check_secret_key(text: &str) -> Result<(), String> {
    let mut lines = text.lines();
    if !lines.next().is_some_and(|l| l.starts_with("untrusted comment:")) {
        return Err("the first line is not an untrusted comment".to_string());
    }
    let line = lines.next().ok_or("the key line is missing")?.trim();
    let bytes = Base64::decode_to_vec(line, None).map_err(|_| "the key line is not base64".to_string())?;
    if bytes.len() != SECRET_KEY_BYTES {
        return Err(format!("the key line is {} bytes, not {SECRET_KEY_BYTES}", bytes.len()));
    }
    let (signature, kdf, checksum) = (&bytes[0..2], &bytes[2..4], &bytes[4..6]);
    if signature != b"Ed" || !(kdf == b"Sc" || kdf == [0, 0]) || checksum != b"B2" {
        return Err("the key line names algorithms minisign does not use".to_string());
    }
    if lines.any(|l| !l.trim().is_empty()) {
        return Err("text follows the key".to_string());
    }
    Ok(())
}

/// Reads the minisign secret key file `path` (a regular file of a few hundred bytes: a FIFO or a
/// device is refused at once): unencrypted, else with `password`.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// let (public, secret) = (dir.path().join("k.pub"), dir.path().join("k.key"));
/// let id = lexico_store::keygen(&public, &secret, lexico_store::Password::None)?;
/// assert_eq!(lexico_store::load_secret_key(&secret, lexico_store::Password::None)?.id, id);
/// let err = lexico_store::load_secret_key(std::path::Path::new("/dev/zero"), lexico_store::Password::None);
/// assert!(err.err().expect("a device").to_string().contains("a device, not a minisign secret key"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn load_secret_key(path: &Path, password: Password) -> Result<SecretKey, StoreError> {
    let text = read_small(path, SECRET_KEY)?
        .ok_or_else(|| StoreError::io(path)(std::io::ErrorKind::NotFound.into()))?;
    parse_secret_key(&text, password)
        .map_err(|reason| StoreError::NotASecretKey { path: path.to_path_buf(), reason })
}

/// Reads the text of a minisign secret key file, its structure checked first: unencrypted, else
/// with `password`. Returns why it is not a usable key otherwise.
///
/// ```
/// use lexico_store::{parse_secret_key, Password};
/// assert!(parse_secret_key("untrusted comment: x\nAAAA\n", Password::None).is_err());
/// ```
pub fn parse_secret_key(text: &str, password: Password) -> Result<SecretKey, String> {
    check_secret_key(text)?;
    let parse = |password: Option<String>| minisign::SecretKey::from_box(text.to_string().into(), password);
    let key = match parse(Some(String::new())) {
        Ok(key) => key,
        Err(unencrypted) => match password {
            Password::None => Err(unencrypted),
            Password::Given(password) => parse(Some(password)),
            Password::AskOnTerminal => parse(None),
        }
        .map_err(|e| e.to_string())?,
    };
    let public = minisign::PublicKey::from_secret_key(&key).map_err(|e| e.to_string())?;
    Ok(SecretKey { id: key_id(public.keynum()), key })
}

/// The minisign signature (the text of a `.minisig` file) of `bytes`, the content of `file`,
/// with the trusted comment `file:NAME`.
pub fn sign_bytes(key: &SecretKey, bytes: &[u8], file: &Path) -> Result<String, StoreError> {
    let name = file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let trusted = format!("file:{name}");
    let sig =
        minisign::sign(None, &key.key, std::io::Cursor::new(bytes), Some(&trusted), None).map_err(|e| {
            StoreError::Minisign { what: format!("signing {}", file.display()), reason: e.to_string() }
        })?;
    Ok(sig.into_string())
}

/// Signs the lexicon file `file` with `key`: the file is read once, proven whole (a signature
/// vouches for what the file says, so a damaged file is never signed), and its signature written
/// atomically beside it as `FILE.minisig` (under the lock on its folder, removing what a killed
/// `sign` left), which is returned.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// let (public, secret) = (dir.path().join("k.pub"), dir.path().join("k.key"));
/// lexico_store::keygen(&public, &secret, lexico_store::Password::None)?;
/// let key = lexico_store::load_secret_key(&secret, lexico_store::Password::None)?;
/// let lex = dir.path().join("x.lex");
/// std::fs::write(&lex, lexico_lexicon::Lexicon::from_words(["casa"])?.as_bytes())?;
/// let sig = lexico_store::sign_file(&lex, &key)?;
/// assert_eq!(sig, dir.path().join("x.lex.minisig"));
/// std::fs::write(&lex, b"not a lexicon")?;
/// assert!(lexico_store::sign_file(&lex, &key).err().expect("refused").to_string().contains("not signed"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn sign_file(file: &Path, key: &SecretKey) -> Result<PathBuf, StoreError> {
    let label = file.display().to_string();
    let not_signed = |e: StoreError| e.context(format!("{label}: not signed"));
    let (bytes, _) = read_lexicon(file, &label)?;
    let lexicon = Lexicon::from_image(bytes).map_err(|e| not_signed(e.into()))?;
    lexicon.verify().map_err(|e| not_signed(e.into()))?;
    let sig = sign_bytes(key, lexicon.as_bytes(), file)?;
    let sig_path = signature_path(file);
    replace(&sig_path, sig.as_bytes())?;
    Ok(sig_path)
}

/// Makes a key pair: the public key is written to `public` (readable by all), the secret key to
/// `secret` (readable by its owner only), encrypted with `password` unless it is
/// [`Password::None`]. Neither file may exist: a key is never overwritten. The two are written as
/// a set ([`crate::atomic::publish_new`]): both or neither, and a `keygen` killed while renaming
/// them into place has its pair completed by the next `keygen` of the same files. Returns the key
/// id.
pub fn keygen(public: &Path, secret: &Path, password: Password) -> Result<String, StoreError> {
    // A pair a killed keygen left half renamed is completed first: it is a pair that exists.
    complete(secret, &[public, secret])?;
    for path in [public, secret] {
        if path.symlink_metadata().is_ok() {
            return Err(StoreError::KeyExists { path: path.to_path_buf() });
        }
    }
    fn minisign_error(what: &'static str) -> impl FnOnce(minisign::PError) -> StoreError {
        move |e| StoreError::Minisign { what: what.to_string(), reason: e.to_string() }
    }
    let password = match password {
        Password::None => Some(String::new()),
        Password::Given(password) => Some(password),
        Password::AskOnTerminal => None,
    };
    let pair = minisign::KeyPair::generate_encrypted_keypair(password)
        .map_err(minisign_error("generating a key pair"))?;
    let id = key_id(pair.pk.keynum());
    let public_text = pair.pk.to_box().map_err(minisign_error("writing the public key"))?.into_string();
    let secret_text = pair
        .sk
        .to_box(Some(&format!("lexico secret key {id}")))
        .map_err(minisign_error("writing the secret key"))?
        .into_string();
    let files = [
        (public.to_path_buf(), public_text.as_bytes(), 0o644),
        (secret.to_path_buf(), secret_text.as_bytes(), 0o600),
    ];
    publish_new(&files, |path| StoreError::KeyExists { path: path.to_path_buf() })?;
    Ok(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_key_of_the_wrong_size_or_shape_is_refused_before_minisign_reads_it() {
        let dir = tempfile::tempdir().unwrap();
        let (public, secret) = (dir.path().join("k.pub"), dir.path().join("k.key"));
        keygen(&public, &secret, Password::None).unwrap();
        let text = std::fs::read_to_string(&secret).unwrap();
        assert!(check_secret_key(&text).is_ok());
        for len in 0..text.len() {
            let cut = &text[..len];
            if cut.trim_end() != text.trim_end() {
                assert!(check_secret_key(cut).is_err(), "{len}");
            }
        }
        let path = dir.path().join("cut.key");
        std::fs::write(&path, &text[..text.len() / 2]).unwrap();
        let err = load_secret_key(&path, Password::None).err().unwrap();
        assert!(err.to_string().contains("not a usable minisign secret key"), "{err}");
        assert!(matches!(
            keygen(&public, &dir.path().join("other.key"), Password::None),
            Err(StoreError::KeyExists { .. })
        ));
    }
}
