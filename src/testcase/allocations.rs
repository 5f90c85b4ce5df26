//! Counting heap allocations, for the tests that hold code to the project's rule: allocation
//! at start-up and game start only, nothing in a frame (docs/architecture.md).
//!
//! [`count`] is the number of allocations (`alloc`, `alloc_zeroed`, `realloc`) made so far,
//! [`during`] how many a closure made. Frees are not counted: a loop that allocates and frees
//! at once still breaks the rule (it costs the 68030 a walk of the heap's list, and can fail).
//!
//! - On the 68030 the runtime's allocator counts (`runtime::heap::allocations`): one program,
//!   one thread, so a test sees exactly its own.
//! - On the host the library's own tests (`cargo test`, `cfg(test)`) run on [`Counting`], the
//!   system allocator with a count per thread: the test harness runs tests in parallel
//!   threads, and a test sees only what its own thread allocated.
//! - falcon-selftest's host build compiles the cases but never runs them; there is no counter
//!   there and [`count`] panics.

/// Allocations made so far (on the host: by this thread).
pub fn count() -> u64 {
    #[cfg(all(target_arch = "m68k", feature = "target"))]
    return crate::runtime::heap::allocations() as u64;
    #[cfg(all(test, not(all(target_arch = "m68k", feature = "target"))))]
    return host::count();
    #[cfg(not(any(test, all(target_arch = "m68k", feature = "target"))))]
    panic!("no allocation counter in this build: the library's tests and the 68030's count");
}

/// How many allocations `f` made, and what it returned.
pub fn during<R>(f: impl FnOnce() -> R) -> (u64, R) {
    let before = count();
    let r = f();
    (count() - before, r)
}

#[cfg(all(test, not(all(target_arch = "m68k", feature = "target"))))]
mod host {
    use core::alloc::{GlobalAlloc, Layout};
    use core::cell::Cell;

    std::thread_local! {
        /// This thread's allocations. A `const` cell without a destructor: reading it never
        /// allocates (no lazy set-up), so the allocator itself may use it.
        static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
    }

    /// The system allocator, counting each thread's allocations.
    pub struct Counting;

    #[global_allocator]
    static COUNTING: Counting = Counting;

    fn counted() {
        // A thread being torn down may have dropped its locals: then nothing is counted.
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
    }

    pub fn count() -> u64 {
        ALLOCATIONS.try_with(Cell::get).unwrap_or(0)
    }

    // SAFETY: every call is passed on to the system allocator unchanged.
    unsafe impl GlobalAlloc for Counting {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            counted();
            // SAFETY: forwarded from the caller.
            unsafe { std::alloc::System.alloc(layout) }
        }
        unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
            counted();
            // SAFETY: forwarded from the caller.
            unsafe { std::alloc::System.alloc_zeroed(layout) }
        }
        unsafe fn realloc(&self, p: *mut u8, layout: Layout, size: usize) -> *mut u8 {
            counted();
            // SAFETY: forwarded from the caller.
            unsafe { std::alloc::System.realloc(p, layout, size) }
        }
        unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
            // SAFETY: forwarded from the caller.
            unsafe { std::alloc::System.dealloc(p, layout) }
        }
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
