//! Checking a word store (an fst, as the `fst` crate lays it out) before anything walks it.
//!
//! The `fst` crate trusts the bytes it is given: a node whose sizes or addresses point outside
//! the store makes a query index out of bounds, and it documents that a malformed store "will
//! probably panic". A section's CRC-32 stops accidental damage, but a file made on purpose
//! recomputes it. [`check`] decodes every node reachable from the root, with the layout of
//! `fst::raw::Node` (version 1 to 3) but every read and every subtraction checked, and refuses
//! the store unless each node lies inside it, each transition leads to a node written before it
//! (so every walk ends), the inputs of a node increase, every key is at most `max_len` bytes of
//! inputs `input_ok` accepts, no sum of outputs along a key overflows, and the store holds as
//! many keys as its footer says. A store that passes is one every query of the `fst` crate
//! walks without a panic; the walk visits each node once.

use fst::raw::Fst;

use crate::error::LexiconError;

/// The address the `fst` crate gives the final node with no transitions.
const EMPTY_ADDRESS: usize = 0;

/// Nodes of more transitions than this carry a 256-byte index of their inputs (version 2 on).
const TRANS_INDEX_THRESHOLD: usize = 32;

/// What a word store must be for [`check`].
pub(crate) struct Shape<'a> {
    /// The section's name in messages (`WORD`).
    pub name: &'static str,
    /// The longest key allowed, in bytes.
    pub max_len: usize,
    /// Whether a byte may be an input of the root's transitions.
    pub root_input_ok: &'a dyn Fn(u8) -> bool,
    /// Whether a byte may be an input anywhere else.
    pub input_ok: &'a dyn Fn(u8) -> bool,
}

/// A node, decoded and bounds-checked.
struct Node {
    /// The lowest address of the node's bytes; transitions lead below it.
    end: usize,
    is_final: bool,
    final_output: u64,
    /// For a node of one transition: (input, output, target).
    one: Option<(u8, u64, usize)>,
    /// For any other node: where its arrays are and how wide their entries.
    any: Any,
}

/// The arrays of a node of any number of transitions (`StateAnyTrans`).
#[derive(Default)]
struct Any {
    ntrans: usize,
    /// The address of the byte just above the inputs (`start - ntrans_len - 1 - index_size`).
    inputs_top: usize,
    /// The address just above the transition addresses.
    addrs_top: usize,
    /// The address just above the outputs.
    outputs_top: usize,
    tsize: usize,
    osize: usize,
}

/// What is known of a node once everything below it was checked.
#[derive(Clone, Copy)]
struct Below {
    /// Keys that end at or below the node.
    keys: u64,
    /// The longest path below it, in transitions.
    depth: usize,
    /// The largest sum of outputs (the final output included) below it.
    out: u64,
}

fn bad(name: &str, why: impl std::fmt::Display) -> LexiconError {
    LexiconError::Corrupt(format!("section {name}: the word store is malformed: {why}"))
}

/// `n` bytes at `at` of `data` as a little-endian integer (`fst`'s `unpack_uint`), `n` from 1
/// to 8.
fn unpack(data: &[u8], at: usize, n: usize) -> Option<u64> {
    let bytes = data.get(at..at.checked_add(n)?)?;
    Some(bytes.iter().rev().fold(0u64, |acc, &b| (acc << 8) | b as u64))
}

/// Decodes the node at `addr` of the store `fst` (its bytes `data`; nodes lie below `limit`).
fn decode<D: AsRef<[u8]>>(fst: &Fst<D>, addr: usize, limit: usize) -> Result<Node, &'static str> {
    let data = fst.as_bytes();
    let version = version(data);
    if addr == EMPTY_ADDRESS {
        return Ok(Node { end: 0, is_final: true, final_output: 0, one: None, any: Any::default() });
    }
    if addr >= limit {
        return Err("a node lies outside the store");
    }
    let outside = "a node runs past the start of the store";
    let sub = |a: usize, b: usize| a.checked_sub(b).ok_or(outside);
    let v = data[addr];
    // A node of one transition names its input in the state byte (one of the 63 inputs the
    // `fst` crate codes short) or in the byte below it.
    let input_len = usize::from(v & 0b11_1111 == 0);
    match v >> 6 {
        0b11 => {
            // One transition, to the node written just before, with no output.
            let end = sub(addr, input_len)?;
            let target = sub(end, 1)?;
            // In bounds now, the `fst` crate reads the input as it will when walking.
            let input = fst.node(addr).transition(0).inp;
            Ok(Node {
                end,
                is_final: false,
                final_output: 0,
                one: Some((input, 0, target)),
                any: Any::default(),
            })
        }
        0b10 => {
            let sizes = data[sub(sub(addr, input_len)?, 1)?];
            let (tsize, osize) = ((sizes >> 4) as usize, (sizes & 0b1111) as usize);
            if !(1..=8).contains(&tsize) || osize > 8 {
                return Err("a pack size is not 1 to 8 bytes");
            }
            let end = sub(sub(sub(sub(addr, input_len)?, 1)?, tsize)?, osize)?;
            let output = if osize == 0 { 0 } else { unpack(data, end, osize).ok_or(outside)? };
            let delta = unpack(data, end + osize, tsize).ok_or(outside)?;
            let target = target(end, delta)?;
            let input = fst.node(addr).transition(0).inp;
            Ok(Node {
                end,
                is_final: false,
                final_output: 0,
                one: Some((input, output, target)),
                any: Any::default(),
            })
        }
        _ => {
            let is_final = v & 0b01_000000 != 0;
            let in_state = (v & 0b11_1111) as usize;
            let ntrans_len = usize::from(in_state == 0);
            let ntrans = match in_state {
                0 => match data[sub(addr, 1)?] {
                    1 => 256,
                    n => n as usize,
                },
                n => n,
            };
            let sizes_at = sub(sub(addr, ntrans_len)?, 1)?;
            let sizes = data[sizes_at];
            let (tsize, osize) = ((sizes >> 4) as usize, (sizes & 0b1111) as usize);
            if (ntrans > 0 && tsize == 0) || tsize > 8 || osize > 8 {
                return Err("a pack size is not 1 to 8 bytes");
            }
            let index = if version >= 2 && ntrans > TRANS_INDEX_THRESHOLD { 256 } else { 0 };
            let inputs_top = sub(sizes_at, index)?;
            let addrs_top = sub(inputs_top, ntrans)?;
            let outputs_top = sub(addrs_top, ntrans * tsize)?;
            let final_osize = if is_final { osize } else { 0 };
            let end = sub(sub(outputs_top, ntrans * osize)?, final_osize)?;
            let final_output = if final_osize > 0 { unpack(data, end, osize).ok_or(outside)? } else { 0 };
            let any = Any { ntrans, inputs_top, addrs_top, outputs_top, tsize, osize };
            let node = Node { end, is_final, final_output, one: None, any };
            if index > 0 {
                // The index maps each byte to its transition: it must agree with the inputs.
                let disagrees = "a node's index of inputs disagrees with its inputs";
                for b in 0..=255u8 {
                    let i = data[inputs_top + b as usize] as usize;
                    if i < ntrans && node.input(data, i) != b {
                        return Err(disagrees);
                    }
                }
                for i in 0..ntrans {
                    if data[inputs_top + node.input(data, i) as usize] as usize != i {
                        return Err(disagrees);
                    }
                }
            }
            Ok(node)
        }
    }
}

/// The node a transition leads to: `end - delta`, or the empty final node for a delta of 0.
fn target(end: usize, delta: u64) -> Result<usize, &'static str> {
    match usize::try_from(delta) {
        Ok(0) => Ok(EMPTY_ADDRESS),
        Ok(d) if d <= end => Ok(end - d),
        _ => Err("a transition leads outside the store"),
    }
}

impl Node {
    fn ntrans(&self) -> usize {
        if self.one.is_some() {
            1
        } else {
            self.any.ntrans
        }
    }

    /// The input of transition `i` (inputs are stored last first); in bounds by [`decode`].
    fn input(&self, data: &[u8], i: usize) -> u8 {
        match self.one {
            Some((input, _, _)) => input,
            None => data[self.any.inputs_top - i - 1],
        }
    }

    /// Transition `i`: input, output, target.
    fn transition(&self, data: &[u8], i: usize) -> Result<(u8, u64, usize), &'static str> {
        if let Some(one) = self.one {
            return Ok(one);
        }
        let a = &self.any;
        let delta = unpack(data, a.addrs_top - (i + 1) * a.tsize, a.tsize).ok_or("a transition is cut")?;
        let output = match a.osize {
            0 => 0,
            o => unpack(data, a.outputs_top - (i + 1) * o, o).ok_or("an output is cut")?,
        };
        Ok((self.input(data, i), output, target(self.end, delta)?))
    }
}

/// The `fst` format version of the store `data` (the `fst` crate reads 1 to 3).
fn version(data: &[u8]) -> u64 {
    unpack(data, 0, 8).unwrap_or(0)
}

/// The root address and the number of keys in the footer of the store `data` of `version`,
/// and where the nodes end.
fn footer(data: &[u8], version: u64) -> Option<(usize, u64, usize)> {
    let end = if version <= 2 { data.len() } else { data.len().checked_sub(4)? };
    let root = unpack(data, end.checked_sub(8)?, 8)?;
    let keys = unpack(data, end.checked_sub(16)?, 8)?;
    // Nodes lie between the 16-byte header and the footer (the number of keys, the root's
    // address): the root is the last node written, and it ends where the footer starts.
    let limit = end.checked_sub(16)?;
    Some((usize::try_from(root).ok()?, keys, limit))
}

/// One node being checked: its address, the node, its next transition to look at, and what
/// the transitions looked at so far lead to.
struct Frame {
    addr: usize,
    node: Node,
    next: usize,
    acc: Below,
}

/// Checks the word store `fst` (see the module's documentation).
pub(crate) fn check<D: AsRef<[u8]>>(fst: &Fst<D>, shape: &Shape<'_>) -> Result<(), LexiconError> {
    let (data, name) = (fst.as_bytes(), shape.name);
    let (root, keys, limit) = footer(data, version(data)).ok_or_else(|| bad(name, "its footer is cut"))?;
    if root != EMPTY_ADDRESS && (root.checked_add(1) != Some(limit) || root < 16) {
        return Err(bad(name, "the root is not the last node"));
    }
    // Where what is known below each node checked is kept, by address (0: not checked yet).
    let mut seen: Vec<u32> = vec![0; limit + 1];
    let mut below: Vec<Below> = Vec::new();
    let frame = |addr: usize| -> Result<Frame, LexiconError> {
        let node = decode(fst, addr, limit).map_err(|why| bad(name, why))?;
        let acc = Below { keys: u64::from(node.is_final), depth: 0, out: node.final_output };
        Ok(Frame { addr, node, next: 0, acc })
    };
    // The nodes being checked, from the root down to the one on top.
    let mut stack = vec![frame(root)?];
    loop {
        let depth = stack.len();
        let Some(top) = stack.last_mut() else { break };
        if top.next < top.node.ntrans() {
            let i = top.next;
            top.next += 1;
            let (input, _, to) = top.node.transition(data, i).map_err(|why| bad(name, why))?;
            let ok = if depth == 1 { (shape.root_input_ok)(input) } else { (shape.input_ok)(input) };
            if !ok {
                return Err(bad(name, format!("a key holds the byte {input}, which is not a tile")));
            }
            if i > 0 && top.node.input(data, i - 1) >= input {
                return Err(bad(name, "the inputs of a node do not increase"));
            }
            if to >= top.node.end && to != EMPTY_ADDRESS {
                return Err(bad(name, "a transition leads to a node not written before it"));
            }
            if seen[to] == 0 {
                if depth > shape.max_len {
                    return Err(bad(name, format!("a key is longer than {} bytes", shape.max_len)));
                }
                stack.push(frame(to)?);
            }
            continue;
        }
        // Every transition of the node is looked at: add up what lies below each.
        let Frame { addr, node, mut acc, .. } = stack.pop().expect("the node on top");
        for i in 0..node.ntrans() {
            let (_, output, to) = node.transition(data, i).map_err(|why| bad(name, why))?;
            let b = below[seen[to] as usize - 1];
            acc.keys = acc.keys.checked_add(b.keys).ok_or_else(|| bad(name, "it counts too many keys"))?;
            acc.depth = acc.depth.max(b.depth + 1);
            let out = output.checked_add(b.out).ok_or_else(|| bad(name, "the outputs of a key overflow"))?;
            acc.out = acc.out.max(out);
        }
        // The root's depth is that of the longest key: checked here for every node.
        if acc.depth > shape.max_len {
            return Err(bad(name, format!("a key is longer than {} bytes", shape.max_len)));
        }
        below.push(acc);
        seen[addr] = u32::try_from(below.len()).map_err(|_| bad(name, "it has too many nodes"))?;
    }
    let total = below[seen[root] as usize - 1].keys;
    if total != keys {
        return Err(bad(name, format!("it holds {total} keys, its footer says {keys}")));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(max_len: usize) -> Shape<'static> {
        Shape { name: "TEST", max_len, root_input_ok: &|_| true, input_ok: &|_| true }
    }

    fn store(keys: &[&[u8]]) -> Fst<Vec<u8>> {
        let mut b = fst::MapBuilder::memory();
        for (i, k) in keys.iter().enumerate() {
            b.insert(k, i as u64 * 1000).unwrap();
        }
        Fst::new(b.into_inner().unwrap()).unwrap()
    }

    #[test]
    fn a_built_store_passes_and_its_limits_are_kept() {
        // A node of 256 transitions (with an index of inputs), and one-transition nodes.
        let many: Vec<Vec<u8>> = (0u8..=255).map(|b| vec![1, b, 2]).collect();
        let mut keys: Vec<&[u8]> = vec![b"ab", b"abc", b"b", b"zzzz"];
        keys.extend(many.iter().map(Vec::as_slice));
        keys.sort();
        let fst = store(&keys);
        check(&fst, &shape(4)).unwrap();
        assert!(check(&fst, &shape(3)).is_err(), "a key of 4 bytes");
        let no_z = Shape { input_ok: &|b| b != b'z', ..shape(4) };
        assert!(check(&fst, &no_z).is_err(), "a refused input");
        check(&store(&[]), &shape(4)).unwrap();
        // A root address at the end of the address space (found by the fuzzer).
        let mut bytes = fst.as_bytes().to_vec();
        let at = bytes.len() - 12;
        bytes[at..at + 8].copy_from_slice(&u64::MAX.to_le_bytes());
        let err = check(&Fst::new(bytes).unwrap(), &shape(4)).unwrap_err().to_string();
        assert!(err.contains("the root is not the last node"), "{err}");
        // The footer's count of keys must be what the nodes hold.
        let mut bytes = fst.as_bytes().to_vec();
        let at = bytes.len() - 20;
        bytes[at] ^= 1;
        let err = check(&Fst::new(bytes).unwrap(), &shape(4)).unwrap_err().to_string();
        assert!(err.contains("keys, its footer says"), "{err}");
    }

    /// Every change of one byte of a built store is refused by the check, or walked by the
    /// `fst` crate without a panic.
    #[test]
    fn every_byte_change_is_refused_or_walked_without_a_panic() {
        use fst::{IntoStreamer, Streamer};
        let mut keys: Vec<Vec<u8>> =
            (0..300u32).map(|i| format!("{:03}", i * 7 % 1000).into_bytes()).collect();
        keys.extend((0u8..40).map(|b| vec![b'x', b, b'y']));
        keys.sort();
        keys.dedup();
        let refs: Vec<&[u8]> = keys.iter().map(Vec::as_slice).collect();
        let data = store(&refs).as_bytes().to_vec();
        let mut passed = 0;
        for at in 0..data.len() {
            for x in [1u8, 0x10, 0x80, 0xff] {
                let mut bad = data.clone();
                bad[at] ^= x;
                let Ok(map) = fst::Map::new(bad) else { continue };
                if check(map.as_fst(), &shape(16)).is_err() {
                    continue;
                }
                passed += 1;
                let mut n = 0;
                let mut stream = map.stream();
                while stream.next().is_some() {
                    n += 1;
                }
                assert_eq!(n, map.len(), "byte {at} ^ {x:#x}");
                for k in &refs {
                    let _ = map.get(k);
                }
                let mut range = map.range().ge(b"2").lt(b"5").into_stream();
                while range.next().is_some() {}
            }
        }
        // Changes to outputs and to the checksum leave a store that walks.
        assert!(passed > 0);
    }
}
