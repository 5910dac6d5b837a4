//! Secret keys as the commands that sign read them (`sign`, `keygen`, `build --sign`): the
//! password of an encrypted key from [`PASSWORD_VAR`], else asked for on the terminal.

use std::path::Path;

use anyhow::Result;
use lexico_store::{Password, SecretKey};

/// The variable that gives the password of an encrypted secret key without a prompt.
pub const PASSWORD_VAR: &str = "LEXICO_KEY_PASSWORD";

/// The password of an encrypted key: [`PASSWORD_VAR`], else asked for on the terminal.
pub fn password() -> Password {
    match std::env::var(PASSWORD_VAR) {
        Ok(password) => Password::Given(password),
        Err(_) => Password::AskOnTerminal,
    }
}

/// Returns true if and only if a password would have to be asked for and there is no terminal
/// to ask it on ([`PASSWORD_VAR`] unset, no controlling terminal).
pub fn no_way_to_ask() -> bool {
    std::env::var_os(PASSWORD_VAR).is_none() && cfg!(unix) && std::fs::File::open("/dev/tty").is_err()
}

/// Reads a minisign secret key file: unencrypted, else with the password of [`PASSWORD_VAR`],
/// else asked for on the terminal. Without either, an encrypted key is one line saying so.
pub fn load_secret_key(path: &Path) -> Result<SecretKey> {
    if !no_way_to_ask() {
        return Ok(lexico_store::load_secret_key(path, password())?);
    }
    match lexico_store::load_secret_key(path, Password::None) {
        Err(lexico_store::StoreError::NotASecretKey { .. }) => anyhow::bail!(
            "{}: the secret key is encrypted and needs its password: set {PASSWORD_VAR} (there is no terminal to \
             ask it on)",
            path.display()
        ),
        other => Ok(other?),
    }
}
