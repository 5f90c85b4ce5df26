//! Keeps a widened load out of LLVM's M68k memory-to-memory MOVE (class I, docs/toolchain.md).
//!
//! `store (zext (load i8 p)) q` is selected as `move.l (p), (q)`: a long load where a byte
//! was meant (seen for the lengths of `match k { .. => "MOVE", .. }` strings, read from a
//! byte lookup table: `MOVE` got the length $04050746). The same happens to an argument
//! passed on the stack, which the backend loads from its slot: `store (zext i8 %arg)` became
//! `move.w (7,%sp), (q)`, the byte and the next argument's first byte. For every
//! `zext`/`sext` of a load or of an argument whose value is stored, we insert right after
//! the extension
//!     %h = call iN asm "", "=d,0"(iN %ext)
//! and make those stores take `%h`. The empty inline assembly is opaque to the selector,
//! which then extends the load into a data register and stores the register.

use std::ffi::c_uint;

use super::api::{Api, Ref};

/// The stores among the users of `value` that store it (as the value, operand 0).
///
/// # Safety
/// `value` is a live LLVM value.
unsafe fn stores_of(llvm: &Api, value: Ref) -> Vec<Ref> {
    let mut out = Vec::new();
    // SAFETY: walking the use list of a live value.
    unsafe {
        let mut u = (llvm.LLVMGetFirstUse)(value);
        while !u.is_null() {
            let user = (llvm.LLVMGetUser)(u);
            if !(llvm.LLVMIsAStoreInst)(user).is_null()
                && (llvm.LLVMGetOperand)(user, 0) == value
                && !out.contains(&user)
            {
                out.push(user);
            }
            u = (llvm.LLVMGetNextUse)(u);
        }
    }
    out
}

/// Applies the barrier to every function of `module`; returns the number of extensions.
///
/// # Safety
/// `ctx` and `module` come from the C API and are alive.
pub unsafe fn apply(llvm: &Api, ctx: Ref, module: Ref) -> usize {
    let mut count = 0;
    // SAFETY: iterating and editing a module we own, with the C API.
    unsafe {
        let builder = (llvm.LLVMCreateBuilderInContext)(ctx);
        let mut f = (llvm.LLVMGetFirstFunction)(module);
        while !f.is_null() {
            let mut sites = Vec::new();
            let mut bb = (llvm.LLVMGetFirstBasicBlock)(f);
            while !bb.is_null() {
                let mut i = (llvm.LLVMGetFirstInstruction)(bb);
                while !i.is_null() {
                    let is_ext = !(llvm.LLVMIsAZExtInst)(i).is_null() || !(llvm.LLVMIsASExtInst)(i).is_null();
                    // Only what fits one data register: a 64-bit value has no "=d" register
                    // (LLVM then fails to allocate one), and is not moved as one long anyway.
                    let fits = is_ext && (llvm.LLVMGetIntTypeWidth)((llvm.LLVMTypeOf)(i)) <= 32;
                    // A load, or an argument: the backend loads a stack-passed argument from
                    // its slot, and folds the extension into that load the same way.
                    let from_memory = fits && {
                        let source = (llvm.LLVMGetOperand)(i, 0);
                        !(llvm.LLVMIsALoadInst)(source).is_null() || !(llvm.LLVMIsAArgument)(source).is_null()
                    };
                    if from_memory {
                        let stores = stores_of(llvm, i);
                        if !stores.is_empty() {
                            sites.push((i, stores));
                        }
                    }
                    i = (llvm.LLVMGetNextInstruction)(i);
                }
                bb = (llvm.LLVMGetNextBasicBlock)(bb);
            }
            for (ext, stores) in sites {
                let ty = (llvm.LLVMTypeOf)(ext);
                let mut params = [ty];
                let fn_ty = (llvm.LLVMFunctionType)(ty, params.as_mut_ptr(), 1, 0);
                let constraints = "=d,0";
                let asm = (llvm.LLVMGetInlineAsm)(
                    fn_ty,
                    c"".as_ptr(),
                    0,
                    constraints.as_ptr().cast(),
                    constraints.len(),
                    0,
                    0,
                    0,
                    0,
                );
                let next = (llvm.LLVMGetNextInstruction)(ext);
                (llvm.LLVMPositionBuilderBefore)(builder, next);
                let mut args = [ext];
                let hidden = (llvm.LLVMBuildCall2)(builder, fn_ty, asm, args.as_mut_ptr(), 1, c"ext.hidden".as_ptr());
                for store in stores {
                    let n = (llvm.LLVMGetNumOperands)(store) as c_uint;
                    for k in 0..n {
                        if (llvm.LLVMGetOperand)(store, k) == ext && k == 0 {
                            (llvm.LLVMSetOperand)(store, k, hidden);
                        }
                    }
                }
                count += 1;
            }
            f = (llvm.LLVMGetNextFunction)(f);
        }
        (llvm.LLVMDisposeBuilder)(builder);
    }
    count
}
