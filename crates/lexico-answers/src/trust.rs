//! Proving a lexicon's bytes where there is no data folder (a web page, a JavaScript program):
//! with the public keys and the payload digest a program was given when it was made, never with
//! anything the bytes say of themselves.
//!
//! [`open_proven`] checks, on the bytes given and in this order: the minisign signature by one of
//! the trusted keys (when keys are given and the lexicon is not the one a program embeds), the
//! SHA-256 of the whole file against the one expected (which covers every byte, the padding
//! between sections too), and only then reads the format. A program that gives the SHA-256 has
//! verified those bytes whole before (`lexico page` does, before it writes a page); without it,
//! every section's checksum, the payload digest and the counts are checked
//! ([`Lexicon::verify`]). Only then is the lexicon handed over, with who vouches for
//! it ([`Signer`]). Nothing here reads a file: it builds for `wasm32-unknown-unknown`.

use ct_codecs::{Base64, Decoder};
use lexico_lexicon::{Lexicon, LexiconError};
use sha2::{Digest, Sha256};

use crate::i18n::{msg, Arg, Lang};
use crate::Signer;

/// A minisign public key a program trusts, with its id and comment.
#[derive(Clone, Debug)]
pub struct PublicKey {
    /// The key id, 16 upper-case hex digits, as minisign prints it.
    pub id: String,
    /// The comment of its file (`untrusted comment: …`), or empty.
    pub comment: String,
    key: minisign_verify::PublicKey,
}

/// Why a lexicon's bytes were not accepted.
#[derive(Debug, thiserror::Error)]
pub enum TrustError {
    /// The bytes are no lexicon, or a damaged one (truncated, a checksum or count wrong, the
    /// digest not the manifest's).
    #[error("not a whole lexicon: {0}")]
    Damaged(#[from] LexiconError),
    /// The SHA-256 of the file is not the one expected.
    #[error("the lexicon's SHA-256 is {got}, not the {expected} expected: it was altered")]
    Altered {
        /// The digest expected.
        expected: String,
        /// The digest computed.
        got: String,
    },
    /// Keys are trusted and the lexicon has no signature.
    #[error("the lexicon is not signed, and only lexicons signed by a trusted key are accepted")]
    Unsigned,
    /// The signature's text is not a minisign signature.
    #[error("the signature is not a minisign signature")]
    NotASignature,
    /// No trusted key made the signature, or it does not match the bytes.
    #[error("the signature is not by a trusted key, or does not match the lexicon")]
    BadSignature,
    /// A public key's text is not a minisign public key.
    #[error("not a minisign public key: {0}")]
    NotAKey(String),
}

impl TrustError {
    /// The error in `lang`, as one line for people.
    pub fn say(&self, lang: Lang) -> String {
        match self {
            TrustError::Damaged(e) => {
                msg(lang, "trust-damaged", &[("why", Arg::Str(&crate::say::Localize::localize(e, lang)))])
            }
            TrustError::Altered { .. } => msg(lang, "trust-altered", &[]),
            TrustError::Unsigned => msg(lang, "trust-unsigned", &[]),
            TrustError::NotASignature | TrustError::BadSignature => msg(lang, "trust-bad-signature", &[]),
            TrustError::NotAKey(why) => msg(lang, "trust-not-a-key", &[("why", Arg::Str(why))]),
        }
    }

    /// A stable one-word name for programs: `damaged`, `altered`, `unsigned`, `bad-signature`,
    /// `not-a-key`.
    pub fn code(&self) -> &'static str {
        match self {
            TrustError::Damaged(_) => "damaged",
            TrustError::Altered { .. } => "altered",
            TrustError::Unsigned => "unsigned",
            TrustError::NotASignature | TrustError::BadSignature => "bad-signature",
            TrustError::NotAKey(_) => "not-a-key",
        }
    }
}

impl PublicKey {
    /// Reads a public key: a minisign public key file's text (comment line and key line) or the
    /// key's base64 line alone.
    ///
    /// ```
    /// use lexico_answers::trust::PublicKey;
    ///
    /// let key = PublicKey::parse("untrusted comment: FISE\nRWQf6LRCGA9i53mlYecO4IzT51TGPpvWucNSCh1CBM0QTaLn73Y7GFO3")?;
    /// assert_eq!((key.id.as_str(), key.comment.as_str()), ("E7620F1842B4E81F", "FISE"));
    /// assert!(PublicKey::parse("hello").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(text: &str) -> Result<PublicKey, TrustError> {
        let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        let (comment, line) = match lines[..] {
            [line] => ("", line),
            [comment, line] => (comment.strip_prefix("untrusted comment:").unwrap_or(comment).trim(), line),
            _ => return Err(TrustError::NotAKey("expected a comment line and a key line".into())),
        };
        // Algorithm (2 bytes), key number (8, little-endian), Ed25519 public key (32).
        let bytes = Base64::decode_to_vec(line, None)
            .map_err(|_| TrustError::NotAKey("the key line is not base64".into()))?;
        if bytes.len() != 42 || &bytes[..2] != b"Ed" {
            return Err(TrustError::NotAKey("the key line does not hold an Ed25519 key".into()));
        }
        let key =
            minisign_verify::PublicKey::from_base64(line).map_err(|e| TrustError::NotAKey(e.to_string()))?;
        let mut number = [0u8; 8];
        number.copy_from_slice(&bytes[2..10]);
        let id = format!("{:016X}", u64::from_le_bytes(number));
        Ok(PublicKey { id, comment: comment.to_string(), key })
    }
}

/// What a program was given to trust a lexicon with.
#[derive(Clone, Debug, Default)]
pub struct Trust {
    /// The keys whose signatures are accepted; when there is any, an unsigned lexicon is refused
    /// (but the embedded one).
    pub keys: Vec<PublicKey>,
    /// The SHA-256 of the whole file the lexicon must be (hex), when the program that gives it
    /// verified those bytes whole ([`Lexicon::verify`]).
    pub file_sha256: Option<String>,
    /// The lexicon is the one the program that made this one embeds: it is vouched for by that
    /// program and its digest, and needs no signature.
    pub embedded: bool,
}

/// Opens the lexicon `bytes` once they are proven (see the module's documentation), with who
/// vouches for it. `signature` is the text of its minisign signature (`FILE.minisig`), if any.
///
/// ```
/// use lexico_answers::trust::{open_proven, Trust, TrustError};
/// use lexico_answers::Signer;
/// use lexico_lexicon::Lexicon;
///
/// let bytes = Lexicon::from_words(["casa", "perro"])?.into_bytes();
/// let (lex, signer) = open_proven(bytes.clone(), None, &Trust::default())?;
/// assert_eq!((lex.len(), signer), (2, Signer::Unsigned));
/// let mut altered = bytes.clone();
/// let middle = altered.len() / 2;
/// altered[middle] ^= 1;
/// assert!(open_proven(altered, None, &Trust::default()).is_err());
/// let pinned = Trust { file_sha256: Some("0".repeat(64)), ..Trust::default() };
/// assert!(matches!(open_proven(bytes, None, &pinned), Err(TrustError::Altered { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn open_proven(
    bytes: Vec<u8>,
    signature: Option<&str>,
    trust: &Trust,
) -> Result<(Lexicon, Signer), TrustError> {
    // The signature first, on the bytes as given, before any reader of the format sees them.
    let signer = if trust.embedded {
        Signer::Embedded
    } else if trust.keys.is_empty() {
        Signer::Unsigned
    } else {
        let text = signature.filter(|s| !s.trim().is_empty()).ok_or(TrustError::Unsigned)?;
        let signature = minisign_verify::Signature::decode(text).map_err(|_| TrustError::NotASignature)?;
        let key = trust
            .keys
            .iter()
            .find(|k| k.key.verify(&bytes, &signature, true).is_ok())
            .ok_or(TrustError::BadSignature)?;
        Signer::Key { id: key.id.clone(), comment: key.comment.clone() }
    };
    // Then the file's SHA-256, still before anything decodes the bytes.
    if let Some(expected) = &trust.file_sha256 {
        let got: String = Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect();
        if !expected.eq_ignore_ascii_case(&got) {
            return Err(TrustError::Altered { expected: expected.clone(), got });
        }
    }
    // Then the format: with the file's SHA-256 checked, these are the very bytes the program that
    // gave it verified whole, so the lexicon takes the payload digest their manifest gives (as a
    // verification record spares the command the checks it records); without it, every checksum,
    // the payload digest and the counts are checked here.
    let lex = Lexicon::from_vec(bytes)?;
    if trust.file_sha256.is_some() {
        let claimed = lex.manifest()?.payload_sha256.clone();
        lex.assume_verified(&claimed)?;
    } else {
        lex.verify()?;
    }
    Ok((lex, signer))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A new key pair's public key text, and the signature of `bytes` by it, as `lexico sign`
    /// writes them.
    fn sign(bytes: &[u8]) -> (String, String) {
        let pair = minisign::KeyPair::generate_unencrypted_keypair().unwrap();
        let public = pair.pk.to_box().unwrap().into_string();
        let sig =
            minisign::sign(None, &pair.sk, std::io::Cursor::new(bytes), Some("file:x.lex"), None).unwrap();
        (public, sig.into_string())
    }

    fn lexicon() -> Vec<u8> {
        Lexicon::from_words(["casa", "perro", "churro"]).unwrap().into_bytes()
    }

    #[test]
    fn a_signed_lexicon_opens_with_its_key_only() {
        let bytes = lexicon();
        let (public, sig) = sign(&bytes);
        let (other, _) = sign(&bytes);
        let key = PublicKey::parse(&public).unwrap();
        let trust = Trust { keys: vec![PublicKey::parse(&other).unwrap(), key.clone()], ..Trust::default() };
        let (lex, signer) = open_proven(bytes.clone(), Some(&sig), &trust).unwrap();
        assert_eq!(lex.len(), 3);
        assert_eq!(signer, Signer::Key { id: key.id.clone(), comment: key.comment.clone() });
        assert!(key.comment.contains(&key.id), "{}", key.comment);
        let only_other = Trust { keys: vec![PublicKey::parse(&other).unwrap()], ..Trust::default() };
        assert!(matches!(open_proven(bytes.clone(), Some(&sig), &only_other), Err(TrustError::BadSignature)));
        assert!(matches!(open_proven(bytes.clone(), None, &trust), Err(TrustError::Unsigned)));
        assert!(matches!(
            open_proven(bytes.clone(), Some("untrusted comment: x\nAAAA"), &trust),
            Err(TrustError::NotASignature)
        ));
        // One byte flipped anywhere: the signature no longer matches, before anything decodes.
        for at in [0, 100, bytes.len() / 2, bytes.len() - 1] {
            let mut altered = bytes.clone();
            altered[at] ^= 0x20;
            assert!(
                matches!(open_proven(altered, Some(&sig), &trust), Err(TrustError::BadSignature)),
                "{at}"
            );
        }
    }

    #[test]
    fn a_flipped_byte_or_a_truncated_file_is_refused_without_keys() {
        let bytes = lexicon();
        let digest = Lexicon::from_vec(bytes.clone()).unwrap().file_sha256();
        let pinned = Trust { file_sha256: Some(digest), ..Trust::default() };
        assert!(open_proven(bytes.clone(), None, &pinned).is_ok());
        for at in 0..bytes.len() {
            let mut altered = bytes.clone();
            altered[at] ^= 0x01;
            assert!(open_proven(altered, None, &pinned).is_err(), "byte {at} flipped and accepted");
        }
        for len in [0, 8, bytes.len() / 2, bytes.len() - 1] {
            assert!(open_proven(bytes[..len].to_vec(), None, &pinned).is_err(), "{len}");
        }
        let e = open_proven(b"not a lexicon".to_vec(), None, &Trust::default()).err().unwrap();
        assert_eq!(e.code(), "damaged");
        assert!(e.say(Lang::Es).starts_with("El léxico no está entero"), "{}", e.say(Lang::Es));
    }

    #[test]
    fn the_embedded_lexicon_needs_no_signature_but_its_digest() {
        let bytes = lexicon();
        let (public, _) = sign(&bytes);
        let digest = Lexicon::from_vec(bytes.clone()).unwrap().file_sha256();
        let trust = Trust {
            keys: vec![PublicKey::parse(&public).unwrap()],
            file_sha256: Some(digest),
            embedded: true,
        };
        assert_eq!(open_proven(bytes, None, &trust).unwrap().1, Signer::Embedded);
        let other = Lexicon::from_words(["gato"]).unwrap().into_bytes();
        let e = open_proven(other, None, &trust).err().unwrap();
        assert_eq!(e.code(), "altered");
        assert_eq!(
            e.say(Lang::Es),
            "El léxico fue alterado: su resumen no es el que se exportó. No se juzga nada con él."
        );
    }
}
