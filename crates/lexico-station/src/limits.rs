//! What one table or one client address may ask of a station: judgements per table and minute
//! ([`PerMinute`]), and wrong access codes per address, after which that address is locked out of
//! every code check for a while ([`CodeAttempts`]). Pages and static files have no limit of
//! their own (the connections of an address are bounded in [`crate::listen`]), so neither limit
//! ever keeps a browser from the judge page.

use std::collections::HashMap;
use std::hash::Hash;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Wrong codes one address may give within [`CODE_WINDOW`] before it is locked out.
pub const CODE_TRIES: u32 = 10;
/// The time over which wrong codes are counted, from the first.
pub const CODE_WINDOW: Duration = Duration::from_secs(10 * 60);
/// How long an address that gave [`CODE_TRIES`] wrong codes has no code checked.
pub const CODE_LOCKOUT: Duration = Duration::from_secs(5 * 60);

/// Entries kept before the ones of past periods are forgotten, so that a table stays as small
/// as the hall that fills it.
const FORGET_ABOVE: usize = 4096;

/// Whole seconds from now until `until`, at least 1.
fn seconds_until(now: Instant, until: Instant) -> u64 {
    let left = until.saturating_duration_since(now);
    (left.as_secs() + u64::from(left.subsec_nanos() > 0)).max(1)
}

/// A limit of events per key and minute.
pub struct PerMinute<K> {
    limit: u32,
    counts: Mutex<HashMap<K, (Instant, u32)>>,
}

impl<K: Eq + Hash> PerMinute<K> {
    /// At most `limit` events a minute for each key (0: no limit).
    pub fn new(limit: u32) -> PerMinute<K> {
        PerMinute { limit, counts: Mutex::new(HashMap::new()) }
    }

    /// Counts an event of `key`: `Err(seconds)` when it is over the limit of this minute, with
    /// the seconds until the next minute starts for it.
    pub fn allow(&self, key: K) -> Result<(), u64> {
        if self.limit == 0 {
            return Ok(());
        }
        let minute = Duration::from_secs(60);
        let now = Instant::now();
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        if counts.len() > FORGET_ABOVE {
            counts.retain(|_, (start, _)| now.duration_since(*start) < minute);
        }
        let entry = counts.entry(key).or_insert((now, 0));
        if now.duration_since(entry.0) >= minute {
            *entry = (now, 0);
        }
        entry.1 = entry.1.saturating_add(1);
        if entry.1 <= self.limit {
            Ok(())
        } else {
            Err(seconds_until(now, entry.0 + minute))
        }
    }
}

/// The wrong codes of each client address, and the addresses locked out.
#[derive(Default)]
pub struct CodeAttempts {
    by_address: Mutex<HashMap<IpAddr, Attempts>>,
}

#[derive(Clone, Copy)]
struct Attempts {
    /// When the first wrong code of the current window was given.
    first: Instant,
    wrong: u32,
    locked_until: Option<Instant>,
}

impl CodeAttempts {
    /// `Err(seconds)` while `ip` is locked out, with the seconds left.
    pub fn locked(&self, ip: IpAddr) -> Result<(), u64> {
        let now = Instant::now();
        let map = self.by_address.lock().unwrap_or_else(|e| e.into_inner());
        match map.get(&ip).and_then(|a| a.locked_until) {
            Some(until) if until > now => Err(seconds_until(now, until)),
            _ => Ok(()),
        }
    }

    /// Counts a wrong code from `ip`; the [`CODE_TRIES`]th within [`CODE_WINDOW`] locks it out
    /// for [`CODE_LOCKOUT`]. A right code resets nothing: whoever holds one code could otherwise
    /// guess the other without end.
    pub fn wrong(&self, ip: IpAddr) {
        let now = Instant::now();
        let mut map = self.by_address.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() > FORGET_ABOVE {
            map.retain(|_, a| {
                now.duration_since(a.first) < CODE_WINDOW || a.locked_until.is_some_and(|u| u > now)
            });
        }
        let a = map.entry(ip).or_insert(Attempts { first: now, wrong: 0, locked_until: None });
        if now.duration_since(a.first) >= CODE_WINDOW {
            *a = Attempts { first: now, wrong: 0, locked_until: a.locked_until };
        }
        a.wrong += 1;
        if a.wrong >= CODE_TRIES {
            *a = Attempts { first: now, wrong: 0, locked_until: Some(now + CODE_LOCKOUT) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_key_has_its_own_minute() {
        let limit = PerMinute::new(2);
        assert_eq!(limit.allow("12"), Ok(()));
        assert_eq!(limit.allow("12"), Ok(()));
        let seconds = limit.allow("12").unwrap_err();
        assert!((1..=60).contains(&seconds), "{seconds}");
        assert_eq!(limit.allow("13"), Ok(()));
        let none = PerMinute::new(0);
        assert!((0..100).all(|_| none.allow("12").is_ok()));
    }

    #[test]
    fn the_tenth_wrong_code_locks_its_address_out_and_no_other() {
        let attempts = CodeAttempts::default();
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        for _ in 1..CODE_TRIES {
            attempts.wrong(a);
            assert_eq!(attempts.locked(a), Ok(()));
        }
        attempts.wrong(a);
        let seconds = attempts.locked(a).unwrap_err();
        assert!(seconds > CODE_LOCKOUT.as_secs() - 5 && seconds <= CODE_LOCKOUT.as_secs(), "{seconds}");
        assert_eq!(attempts.locked(b), Ok(()));
    }
}
