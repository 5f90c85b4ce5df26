//! The global allocator: a linked-list heap over one block given at start-up.
//!
//! The program is single-threaded and interrupt handlers never allocate (a project rule), so
//! no lock is needed.

use core::alloc::{GlobalAlloc, Layout};
use core::cell::UnsafeCell;
use core::ptr::{self, NonNull};

use linked_list_allocator::Heap;

/// The heap, and the number of allocations made from it (`allocations`).
struct FalconHeap(UnsafeCell<Heap>, UnsafeCell<u32>);

// SAFETY: one thread, and no allocation from interrupt handlers.
unsafe impl Sync for FalconHeap {}

#[global_allocator]
static HEAP: FalconHeap = FalconHeap(UnsafeCell::new(Heap::empty()), UnsafeCell::new(0));

/// Gives the allocator its memory.
///
/// # Safety
/// `[start, start + size)` must be unused memory owned by the program until it exits;
/// call once, before any allocation.
pub unsafe fn init(start: *mut u8, size: usize) {
    // SAFETY: forwarded from the caller.
    unsafe { (*HEAP.0.get()).init(start, size) };
}

/// Bytes in use and bytes free.
pub fn usage() -> (usize, usize) {
    // SAFETY: single-threaded, see above.
    let heap = unsafe { &*HEAP.0.get() };
    (heap.used(), heap.free())
}

/// The allocations made so far (`alloc`, and `realloc`, which allocates through it),
/// wrapping at 2^32: the tests that hold a loop to "nothing allocates in a frame" count
/// with it (`testcase::allocations`). One addition per allocation.
pub fn allocations() -> u32 {
    // SAFETY: single-threaded, see above.
    unsafe { *HEAP.1.get() }
}

unsafe impl GlobalAlloc for FalconHeap {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: single-threaded, see above.
        let heap = unsafe { &mut *self.0.get() };
        // SAFETY: as the heap.
        unsafe { *self.1.get() = (*self.1.get()).wrapping_add(1) };
        heap.allocate_first_fit(layout).map_or(ptr::null_mut(), |p| p.as_ptr())
    }

    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        // SAFETY: single-threaded; p came from alloc with this layout.
        unsafe {
            let heap = &mut *self.0.get();
            heap.deallocate(NonNull::new_unchecked(p), layout);
        }
    }
}
