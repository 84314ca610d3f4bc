//! Links wallrush-core and wallrush-engine into a binary that has no std at all.
#![no_std]
#![no_main]

use core::alloc::{GlobalAlloc, Layout};
use core::cell::UnsafeCell;
use core::panic::PanicInfo;
use core::sync::atomic::{AtomicUsize, Ordering};

/// A bump allocator over a static arena: enough for a few positions and move lists.
struct Bump {
    arena: UnsafeCell<[u8; 1 << 20]>,
    next: AtomicUsize,
}

// SAFETY: allocation hands out disjoint ranges via an atomic cursor.
unsafe impl Sync for Bump {}

unsafe impl GlobalAlloc for Bump {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let size = layout.size();
        let align = layout.align();
        let mut start = 0;
        let claimed = self.next.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |cur| {
            start = (cur + align - 1) & !(align - 1);
            (start + size <= 1 << 20).then_some(start + size)
        });
        match claimed {
            Ok(_) => unsafe { (self.arena.get() as *mut u8).add(start) },
            Err(_) => core::ptr::null_mut(),
        }
    }
    unsafe fn dealloc(&self, _ptr: *mut u8, _layout: Layout) {}
}

#[global_allocator]
static ALLOC: Bump = Bump { arena: UnsafeCell::new([0; 1 << 20]), next: AtomicUsize::new(0) };

/// The precompiled `alloc` refers to the unwinding personality; with `panic = "abort"`
/// it is never called.
#[unsafe(no_mangle)]
pub extern "C" fn rust_eh_personality() {}

#[panic_handler]
fn panic(_: &PanicInfo) -> ! {
    loop {}
}

// The C library provides the program entry (`_start` calls `main`), `exit`, and the
// memcpy/memset/bcmp that a bare-metal target would get from compiler-builtins. It is not
// std: a core that needed std would fail to link here (no `std` crate, no unwinding).
#[link(name = "c")]
unsafe extern "C" {
    fn exit(code: i32) -> !;
}

/// The C runtime's entry point: count the opening moves, play one, check the count and
/// the beginner's reply.
#[unsafe(no_mangle)]
pub extern "C" fn main(_argc: i32, _argv: *const *const u8) -> i32 {
    let mut pos = wallrush_core::Position::classic();
    let n = pos.legal_moves().len();
    pos.play_unchecked(wallrush_core::Move::Pawn(wallrush_core::Square::new(4, 1)));
    let big = wallrush_core::Position::new(
        wallrush_core::Variant::new(31, 4, 99, 30, wallrush_core::Goal::Centre).unwrap_or_default(),
    );
    // The engine is no_std too: the beginner answers e2 with a legal move.
    use wallrush_engine::Bot;
    let reply = wallrush_engine::Beginner::new(1).choose(&pos);
    let ok = n == 131
        && pos.legal_move_count() == 131
        && big.legal_move_count() > 0
        && reply.is_some_and(|m| pos.is_legal(m));
    unsafe { exit(if ok { 0 } else { 1 }) }
}
