//! `lexico serve --tls CERT KEY` against the real binary: the station speaks HTTPS with the
//! hall's certificate (made here by `openssl`, read back by `curl` trusting only it), prints its
//! addresses as https://, answers the judge and offers the offline page there; a certificate or
//! key it cannot use is one line and exit 2 before anything listens.

use std::path::Path;
use std::process::Command;

mod harness;
use harness::{lexico, start, temp_dir, workspace};

/// A self-signed certificate for `localhost` and 127.0.0.1, and its key, in `dir`; `None` (and
/// a `skipped:` line) without `openssl`.
fn certificate(dir: &Path) -> Option<(String, String)> {
    let (cert, key) = (dir.join("cert.pem"), dir.join("key.pem"));
    let made = Command::new("openssl")
        .args(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"])
        .args([
            "-days",
            "2",
            "-subj",
            "/CN=localhost",
            "-addext",
            "subjectAltName=DNS:localhost,IP:127.0.0.1",
        ])
        .arg("-keyout")
        .arg(&key)
        .arg("-out")
        .arg(&cert)
        .output();
    match made {
        Ok(out) if out.status.success() => {
            Some((cert.to_str().unwrap().to_string(), key.to_str().unwrap().to_string()))
        }
        Ok(out) => panic!("openssl req: {}", String::from_utf8_lossy(&out.stderr)),
        Err(_) => {
            lexico_testdata::skip_without("openssl");
            None
        }
    }
}

/// `curl` trusting only `cert`: the status and the body of `url`; `None` without `curl`.
fn curl(cert: &str, url: &str) -> Option<(String, String)> {
    let out = Command::new("curl")
        .args(["--silent", "--show-error", "--cacert", cert, "--write-out", "\n%{http_code}", url])
        .output()
        .ok()?;
    assert!(out.status.success(), "curl {url}: {}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let (body, status) = text.rsplit_once('\n').unwrap();
    Some((status.to_string(), body.to_string()))
}

#[test]
fn the_station_serves_https_with_the_halls_certificate() {
    let dir = temp_dir("tls", "serve");
    let Some((cert, key)) = certificate(&dir) else { return };
    let st = start(&["--tls", &cert, &key]);
    let page = st.banner.iter().find(|l| l.starts_with("Judge page: ")).unwrap();
    assert!(page.starts_with("Judge page: https://127.0.0.1:"), "{page}");
    let arbiter = st.banner.iter().find(|l| l.starts_with("Arbiter page: ")).unwrap();
    assert!(arbiter.starts_with("Arbiter page: https://"), "{arbiter}");
    let port = st.addr.rsplit(':').next().unwrap().to_string();
    let base = format!("https://localhost:{port}");
    let Some((status, body)) = curl(&cert, &format!("{base}/api/v1/judge?play=casa%20perros")) else {
        lexico_testdata::skip_without("curl");
        return;
    };
    assert_eq!(status, "200", "{body}");
    assert!(body.contains("\"verdict\":\"ACCEPTABLE\""), "{body}");
    // The offline page, where this binary has it, is offered over HTTPS too: there phones may
    // install it.
    if let Some(line) = st.banner.iter().find(|l| l.starts_with("Offline page (")) {
        assert!(line.ends_with(&format!("https://127.0.0.1:{port}/sin-conexion/")), "{line}");
        let (status, body) = curl(&cert, &format!("{base}/sin-conexion/")).unwrap();
        assert_eq!(status, "200");
        assert!(body.contains("manifest.webmanifest"), "{body}");
    }
    // Plain HTTP on the same port gets no answer from the judge.
    let plain = Command::new("curl")
        .args(["--silent", "--max-time", "5", &format!("http://127.0.0.1:{port}/api/v1/judge?play=casa")])
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&plain.stdout).contains("ACCEPTABLE"));
    let (_, status) = st.stop();
    assert!(status.success());
}

#[test]
fn a_certificate_or_key_that_cannot_be_used_is_one_line_and_exit_2() {
    let dir = temp_dir("tls", "refused");
    let missing = dir.join("missing.pem");
    let not_pem = dir.join("not.pem");
    std::fs::write(&not_pem, "no certificate here\n").unwrap();
    for (cert, key, named) in [(&missing, &not_pem, &missing), (&not_pem, &not_pem, &not_pem)] {
        let out = lexico()
            .current_dir(workspace())
            .args(["serve", "--listen", "127.0.0.1:0", "--tls"])
            .args([cert, key])
            .env("LC_ALL", "C")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.starts_with("lexico: ") && stderr.contains(named.to_str().unwrap()), "{stderr}");
        assert!(out.stdout.is_empty(), "nothing listened: {}", String::from_utf8_lossy(&out.stdout));
    }
}
