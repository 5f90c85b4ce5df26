//! Our own LLVM code generation step, through the C API of the very LLVM inside the pinned
//! rustc (its libLLVM exports it).
//!
//! Why: LLVM's M68k instruction selector drops the index of an address "stack object +
//! variable index" (docs/toolchain.md, defect class "frame-index index dropped";
//! llvm-project #200984). `buf[i] = v` on a local array stores to `buf[0]`. The assembly no
//! longer contains the index, so it cannot be repaired afterwards; it must be prevented
//! before instruction selection. rustc emits the whole program after LTO as bitcode; we
//! load it, hide from the selector the stack addresses that meet a variable index
//! (`frame_barrier`), and generate the assembly ourselves with the same LLVM, CPU and
//! options rustc would use.

pub mod api;
pub mod bit_test_barrier;
pub mod ext_load_barrier;
pub mod frame_barrier;
pub mod listing;
pub mod mul_overflow;

use std::ffi::{CStr, CString};
use std::path::Path;

use api::{Api, Ref};

/// Generates assembly for `bitcode` into `asm`, applying the frame-index barrier.
/// Returns how many stack objects got a barrier.
pub fn codegen(bitcode: &Path, asm: &Path, opt_level: &str) -> Result<usize, String> {
    codegen_with(bitcode, asm, opt_level, true)
}

/// `codegen`, with the barrier optional (to show the defect in a reproducer).
pub fn codegen_with(bitcode: &Path, asm: &Path, opt_level: &str, barrier: bool) -> Result<usize, String> {
    let llvm = Api::load()?;
    // SAFETY: the C API is used as documented in llvm-c/*.h; every handle comes from it.
    unsafe {
        let ctx = (llvm.LLVMContextCreate)();
        let path = CString::new(bitcode.to_string_lossy().as_bytes()).map_err(|e| e.to_string())?;
        let mut buf = std::ptr::null_mut();
        let mut msg: *mut std::ffi::c_char = std::ptr::null_mut();
        if (llvm.LLVMCreateMemoryBufferWithContentsOfFile)(path.as_ptr(), &mut buf, &mut msg) != 0 {
            return Err(format!("{}: {}", bitcode.display(), CStr::from_ptr(msg).to_string_lossy()));
        }
        let mut module = std::ptr::null_mut();
        if (llvm.LLVMParseBitcodeInContext2)(ctx, buf, &mut module) != 0 {
            return Err(format!("{}: not LLVM bitcode this LLVM reads", bitcode.display()));
        }
        emit(&llvm, ctx, module, asm, opt_level, barrier)
    }
}

/// Sends this process's standard error (file descriptor 2, where LLVM prints) to a file while
/// it lives.
struct StderrTo {
    saved: i32,
}

unsafe extern "C" {
    fn dup(fd: i32) -> i32;
    fn dup2(from: i32, to: i32) -> i32;
    fn close(fd: i32) -> i32;
}

impl StderrTo {
    fn file(path: &Path) -> Result<StderrTo, String> {
        use std::os::fd::AsRawFd;
        let f = std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?;
        // SAFETY: plain descriptor calls; 2 is restored on drop.
        unsafe {
            let saved = dup(2);
            if saved < 0 || dup2(f.as_raw_fd(), 2) < 0 {
                return Err("cannot redirect standard error".into());
            }
            Ok(StderrTo { saved })
        }
    }
}

impl Drop for StderrTo {
    fn drop(&mut self) {
        // SAFETY: `saved` is the descriptor dup() gave.
        unsafe {
            dup2(self.saved, 2);
            close(self.saved);
        }
    }
}

/// Where the diagnostic handler puts LLVM's errors.
struct DiagnosticSink {
    severity: unsafe extern "C" fn(api::Ref) -> std::ffi::c_int,
    description: unsafe extern "C" fn(api::Ref) -> *mut std::ffi::c_char,
    errors: Vec<String>,
}

/// LLVM diagnostic handler: keeps the errors (severity 0), ignores warnings and remarks.
unsafe extern "C" fn collect_errors(info: api::Ref, sink: *mut std::ffi::c_void) {
    // SAFETY: LLVM passes a live diagnostic and the DiagnosticSink we registered.
    unsafe {
        let sink = &mut *(sink as *mut DiagnosticSink);
        if (sink.severity)(info) == 0 {
            let d = (sink.description)(info);
            sink.errors.push(CStr::from_ptr(d).to_string_lossy().into_owned());
        }
    }
}

/// Applies the barriers and the class L fix (when asked) to a loaded module and writes its
/// assembly; returns how many stack objects got the frame-index barrier.
///
/// # Safety
/// `ctx` and `module` come from `llvm` and are alive.
unsafe fn emit(llvm: &Api, ctx: Ref, module: Ref, asm: &Path, opt_level: &str, barrier: bool) -> Result<usize, String> {
    let mut msg: *mut std::ffi::c_char = std::ptr::null_mut();
    // SAFETY: as in `codegen_with`.
    unsafe {
        let barriers = if barrier { frame_barrier::apply(llvm, ctx, module) } else { 0 };
        if barrier {
            let ext = ext_load_barrier::apply(llvm, ctx, module);
            eprintln!(
                "code generation: {ext} extended loads and arguments kept out of memory-to-memory moves (class I)"
            );
            let mulo = mul_overflow::apply(llvm, ctx, module);
            eprintln!("code generation: {mulo} 8/16-bit multiplications with overflow expanded (class J)");
            let btst = bit_test_barrier::apply(llvm, ctx, module);
            eprintln!("code generation: {btst} bit tests of kept shifts moved to a register (class K)");
        }
        if (llvm.LLVMVerifyModule)(module, 2, &mut msg) != 0 {
            return Err(format!("module broken after the frame barrier: {}", CStr::from_ptr(msg).to_string_lossy()));
        }
        if let Ok(path) = std::env::var("FALCON_DUMP_IR") {
            let p = CString::new(path).map_err(|e| e.to_string())?;
            (llvm.LLVMPrintModuleToFile)(module, p.as_ptr(), &mut msg);
        }
        // Class L needs the machine code before LLVM's MOVEM collapser: written in parts by
        // other processes, from the module as it is now (code generation changes it).
        let parts = if barrier { Some(listing::Parts::prepare(llvm, module, asm)?) } else { None };
        generate(llvm, ctx, module, asm, opt_level)?;
        if let Some(parts) = parts {
            let text = std::fs::read_to_string(asm).map_err(|e| format!("{}: {e}", asm.display()))?;
            let mir = parts.listing(&text, opt_level)?;
            let (text, split) = crate::build::asm::movem::fix(&text, &mir)?;
            std::fs::write(asm, text).map_err(|e| format!("{}: {e}", asm.display()))?;
            eprintln!("code generation: {split} MOVEM merges of LLVM's collapser split back (class L)");
        }
        Ok(barriers)
    }
}

/// LLVM's code generation of `module` into the assembly file `asm`, with the CPU and
/// options rustc would use.
///
/// # Safety
/// `ctx` and `module` come from `llvm` and are alive.
unsafe fn generate(llvm: &Api, ctx: Ref, module: Ref, asm: &Path, opt_level: &str) -> Result<(), String> {
    let mut msg: *mut std::ffi::c_char = std::ptr::null_mut();
    // SAFETY: as in `codegen_with`.
    unsafe {
        (llvm.LLVMInitializeM68kTargetInfo)();
        (llvm.LLVMInitializeM68kTarget)();
        (llvm.LLVMInitializeM68kTargetMC)();
        (llvm.LLVMInitializeM68kAsmPrinter)();
        let triple = c"m68k";
        let mut target = std::ptr::null_mut();
        if (llvm.LLVMGetTargetFromTriple)(triple.as_ptr(), &mut target, &mut msg) != 0 {
            return Err(format!("no M68k target in this LLVM: {}", CStr::from_ptr(msg).to_string_lossy()));
        }
        // rustc's mapping of opt-levels to code generation levels.
        let level = match opt_level {
            "0" => 0,
            "1" => 1,
            "3" => 3,
            _ => 2,
        };
        const RELOC_STATIC: i32 = 1;
        const CODE_MODEL_LARGE: i32 = 6;
        let tm = (llvm.LLVMCreateTargetMachine)(
            target,
            triple.as_ptr(),
            c"M68030".as_ptr(),
            c"".as_ptr(),
            level,
            RELOC_STATIC,
            CODE_MODEL_LARGE,
        );
        let out = CString::new(asm.to_string_lossy().as_bytes()).map_err(|e| e.to_string())?;
        const ASSEMBLY_FILE: i32 = 0;
        let mut sink = DiagnosticSink {
            severity: llvm.LLVMGetDiagInfoSeverity,
            description: llvm.LLVMGetDiagInfoDescription,
            errors: Vec::new(),
        };
        (llvm.LLVMContextSetDiagnosticHandler)(ctx, Some(collect_errors), (&raw mut sink).cast());
        let failed =
            (llvm.LLVMTargetMachineEmitToFile)(tm, module, out.as_ptr() as *mut _, ASSEMBLY_FILE, &mut msg) != 0;
        (llvm.LLVMContextSetDiagnosticHandler)(ctx, None, std::ptr::null_mut());
        if failed {
            return Err(format!("LLVM code generation failed: {}", CStr::from_ptr(msg).to_string_lossy()));
        }
        // LLVM reports some errors (e.g. an inline-asm register it could not allocate) and
        // goes on writing assembly: that assembly is not trusted.
        if !sink.errors.is_empty() {
            return Err(format!("LLVM code generation reported errors:\n  {}", sink.errors.join("\n  ")));
        }
        Ok(())
    }
}

/// `codegen_with` for LLVM IR text (`cargo xtask codegen X.ll`, the barriers' unit tests).
pub fn codegen_ir(ir: &str, asm: &Path, opt_level: &str, barrier: bool) -> Result<usize, String> {
    let llvm = Api::load()?;
    // SAFETY: as in `codegen_with`; the buffer is a copy the parser takes over.
    unsafe {
        let ctx = (llvm.LLVMContextCreate)();
        let buf = (llvm.LLVMCreateMemoryBufferWithMemoryRangeCopy)(ir.as_ptr().cast(), ir.len(), c"ir".as_ptr());
        let mut module = std::ptr::null_mut();
        let mut msg: *mut std::ffi::c_char = std::ptr::null_mut();
        if (llvm.LLVMParseIRInContext)(ctx, buf, &mut module, &mut msg) != 0 {
            return Err(format!("IR: {}", CStr::from_ptr(msg).to_string_lossy()));
        }
        emit(&llvm, ctx, module, asm, opt_level, barrier)
    }
}

#[cfg(test)]
mod tests;
