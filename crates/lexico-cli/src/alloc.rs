//! The process's allocator: the system's, except that on Linux a block of at least [`LARGE`]
//! bytes gets a mapping of its own, aligned to 2 MiB and a whole number of 2 MiB long, which
//! Linux is asked to back with transparent huge pages.
//!
//! A build holds tens of megabytes in a few large vectors (the source's text, its words'
//! places, the sorted words). In 4 KiB pages each page costs a fault when it is first written,
//! about 1.5 µs in a virtual machine: the default build took 14,000 faults, a fifth of its
//! time. A 2 MiB page costs one fault that clears it: the default build takes about 4,000
//! faults and runs about a tenth faster. Where Linux gives no huge page (transparent huge pages
//! `never`, or none free), the mapping works the same in 4 KiB pages, as the system allocator's
//! own mappings of large blocks do. A block takes at most 2 MiB more memory than it asks for.
//!
//! Blocks under [`LARGE`], nearly all of them, are the system allocator's: start-up is
//! unchanged, and the keys of a query (a megabyte or two, written once) do not pay for
//! clearing a whole huge page.

#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};

/// The smallest block with a mapping of its own.
pub const LARGE: usize = 4 << 20;

/// The size of a huge page, and the alignment and granule of large blocks' mappings.
pub const HUGE: usize = 2 << 20;

/// See the module text.
pub struct Alloc;

/// Whether a block of `size` bytes aligned to `align` has a mapping of its own.
#[inline]
fn large(size: usize, align: usize) -> bool {
    cfg!(target_os = "linux") && size >= LARGE && align <= HUGE
}

/// The length of the mapping of a large block of `size` bytes; `None` past the address space.
#[inline]
fn mapped(size: usize) -> Option<usize> {
    size.checked_next_multiple_of(HUGE)
}

#[cfg(target_os = "linux")]
mod map {
    use super::HUGE;

    /// A fresh zeroed mapping of `len` bytes (a multiple of [`HUGE`]) at an address aligned to
    /// [`HUGE`], advised to be backed with huge pages; null if it cannot be had.
    pub fn new(len: usize) -> *mut u8 {
        let Some(total) = len.checked_add(HUGE) else {
            return std::ptr::null_mut();
        };
        // SAFETY: a fresh anonymous mapping touches no memory of the program.
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                total,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if p == libc::MAP_FAILED {
            return std::ptr::null_mut();
        }
        let start = p as usize;
        let aligned = start.next_multiple_of(HUGE);
        let end = aligned + len;
        // SAFETY: what is unmapped lies in the mapping just made, before and after the block.
        unsafe {
            if aligned > start {
                libc::munmap(p, aligned - start);
            }
            if start + total > end {
                libc::munmap(end as *mut libc::c_void, start + total - end);
            }
            // Only advice: without huge pages the mapping works the same.
            libc::madvise(aligned as *mut libc::c_void, len, libc::MADV_HUGEPAGE);
        }
        aligned as *mut u8
    }

    /// Unmaps `len` bytes at `p`.
    ///
    /// # Safety
    /// They are a mapping made by [`new`] (or its tail), not used after.
    pub unsafe fn drop(p: *mut u8, len: usize) {
        // SAFETY: as the caller guarantees.
        unsafe { libc::munmap(p.cast(), len) };
    }

    /// The mapping of `old` bytes at `p` grown to `new` bytes, where it is or elsewhere (its
    /// pages are moved, not copied); null, and the mapping as it was, if it cannot be.
    ///
    /// # Safety
    /// `p` is a mapping of `old` bytes made by [`new`]; if the address returned is not null,
    /// only it is used from then on.
    pub unsafe fn grow(p: *mut u8, old: usize, new: usize) -> *mut u8 {
        // SAFETY: as the caller guarantees.
        let q = unsafe { libc::mremap(p.cast(), old, new, libc::MREMAP_MAYMOVE) };
        if q == libc::MAP_FAILED {
            return std::ptr::null_mut();
        }
        q.cast()
    }
}

#[cfg(not(target_os = "linux"))]
mod map {
    //! Never called: no block is large off Linux.
    pub fn new(_: usize) -> *mut u8 {
        std::ptr::null_mut()
    }
    pub unsafe fn drop(_: *mut u8, _: usize) {}
    pub unsafe fn grow(_: *mut u8, _: usize, _: usize) -> *mut u8 {
        std::ptr::null_mut()
    }
}

/// A fresh mapping for a large block of `size` bytes.
fn map_for(size: usize) -> *mut u8 {
    mapped(size).map_or(std::ptr::null_mut(), map::new)
}

// SAFETY: every block is either the system allocator's (small) or a mapping of its own
// (large), and which one follows from the size and alignment the caller gives back, as
// `GlobalAlloc` requires them to be those the block was made or last resized with.
unsafe impl GlobalAlloc for Alloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if large(layout.size(), layout.align()) {
            map_for(layout.size())
        } else {
            // SAFETY: forwarded as given.
            unsafe { System.alloc(layout) }
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if large(layout.size(), layout.align()) {
            // A fresh mapping is zeroed.
            map_for(layout.size())
        } else {
            // SAFETY: forwarded as given.
            unsafe { System.alloc_zeroed(layout) }
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if large(layout.size(), layout.align()) {
            // SAFETY: a large block is a mapping of `mapped(size)` bytes, which existed when
            // it was made.
            unsafe { map::drop(ptr, mapped(layout.size()).unwrap_or(0)) }
        } else {
            // SAFETY: a small block is the system allocator's.
            unsafe { System.dealloc(ptr, layout) }
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let align = layout.align();
        match (large(layout.size(), align), large(new_size, align)) {
            // SAFETY: a small block stays the system allocator's.
            (false, false) => unsafe { System.realloc(ptr, layout, new_size) },
            (true, true) => {
                let (Some(old), Some(new)) = (mapped(layout.size()), mapped(new_size)) else {
                    return std::ptr::null_mut();
                };
                if new <= old {
                    if new < old {
                        // SAFETY: the tail of the block's mapping, past its new length.
                        unsafe { map::drop(ptr.add(new), old - new) };
                    }
                    return ptr;
                }
                // SAFETY: the block is a mapping of `old` bytes; the caller uses the address
                // returned from now on.
                unsafe { map::grow(ptr, old, new) }
            }
            _ => {
                // From one kind of block to the other: a new block, the bytes copied.
                // SAFETY: `new_size` with the old alignment is a valid layout (the caller
                // guarantees it does not overflow when rounded up to the alignment), and the
                // old block is given back once its bytes are copied.
                unsafe {
                    let new_layout = Layout::from_size_align_unchecked(new_size, align);
                    let to = self.alloc(new_layout);
                    if !to.is_null() {
                        std::ptr::copy_nonoverlapping(ptr, to, layout.size().min(new_size));
                        self.dealloc(ptr, layout);
                    }
                    to
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A block of `size` bytes from `Alloc`, filled with a pattern of its offsets.
    fn filled(size: usize) -> (*mut u8, Layout) {
        let layout = Layout::from_size_align(size, 8).unwrap();
        // SAFETY: a valid layout of non-zero size.
        let p = unsafe { Alloc.alloc(layout) };
        assert!(!p.is_null());
        fill(p, size);
        (p, layout)
    }

    /// Writes the pattern of [`filled`] over the first `n` bytes at `p`.
    fn fill(p: *mut u8, n: usize) {
        // SAFETY: the callers' blocks hold at least `n` bytes.
        let bytes = unsafe { std::slice::from_raw_parts_mut(p, n) };
        for (i, b) in bytes.iter_mut().enumerate() {
            *b = (i % 251) as u8;
        }
    }

    /// Whether the first `n` bytes at `p` hold the pattern of [`filled`].
    fn holds_pattern(p: *const u8, n: usize) -> bool {
        // SAFETY: the callers' blocks hold at least `n` bytes.
        let bytes = unsafe { std::slice::from_raw_parts(p, n) };
        bytes.iter().enumerate().all(|(i, &b)| b == (i % 251) as u8)
    }

    #[test]
    fn large_blocks_are_aligned_to_huge_pages_and_small_ones_are_not_mapped() {
        let (p, layout) = filled(LARGE + 1);
        if cfg!(target_os = "linux") {
            assert_eq!(p as usize % HUGE, 0);
        }
        assert!(holds_pattern(p, LARGE + 1));
        // SAFETY: the block and layout `filled` made.
        unsafe { Alloc.dealloc(p, layout) };
        let (q, layout) = filled(1000);
        assert!(holds_pattern(q, 1000));
        // SAFETY: as above.
        unsafe { Alloc.dealloc(q, layout) };
    }

    #[test]
    fn large_zeroed_blocks_are_zeroed() {
        let layout = Layout::from_size_align(LARGE + 12345, 16).unwrap();
        // SAFETY: a valid layout of non-zero size.
        let p = unsafe { Alloc.alloc_zeroed(layout) };
        assert!(!p.is_null());
        // SAFETY: the block's bytes.
        assert!(unsafe { std::slice::from_raw_parts(p, layout.size()) }.iter().all(|&b| b == 0));
        // SAFETY: the block and its layout.
        unsafe { Alloc.dealloc(p, layout) };
    }

    /// Makes a block of `sizes[0]` bytes and resizes it to each of the others in turn,
    /// checking at every step that the bytes it held are kept.
    fn resize_through(sizes: &[usize]) {
        let (mut p, mut layout) = filled(sizes[0]);
        for &size in &sizes[1..] {
            // SAFETY: the block and the layout it was made or last resized with.
            let q = unsafe { Alloc.realloc(p, layout, size) };
            assert!(!q.is_null(), "resizing to {size}");
            assert!(holds_pattern(q, layout.size().min(size)), "resizing to {size}");
            // Filled again, so that the next step checks every byte of this size.
            fill(q, size);
            (p, layout) = (q, Layout::from_size_align(size, 8).unwrap());
        }
        // SAFETY: the last block and its layout.
        unsafe { Alloc.dealloc(p, layout) };
    }

    #[test]
    fn resizing_keeps_the_bytes_across_every_kind_of_block() {
        // Small to small, small to large, large grown past its mapping, large shrunk within
        // and below its mapping, large to small.
        resize_through(&[1000, 3000, LARGE + 10, 3 * LARGE + 7, 3 * LARGE, LARGE + HUGE / 2, LARGE, 500]);
    }

    #[test]
    fn vectors_grow_and_shrink_through_large_blocks() {
        // The sizes a vector doubling from 64 bytes asks for, as a build's lists do, then one
        // just under the large blocks'.
        let mut sizes: Vec<usize> =
            std::iter::successors(Some(64), |n| Some(n * 2)).take_while(|&n| n < 6 * LARGE).collect();
        sizes.push(LARGE - 1);
        resize_through(&sizes);
    }
}
