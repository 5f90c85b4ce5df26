//! Keeps a widened load out of LLVM's M68k memory-to-memory MOVE (class I, docs/toolchain.md).
//!
//! `store (zext (load i8 p)) q` is selected as `move.l (p), (q)`: a long load where a byte
//! was meant (seen for the lengths of `match k { .. => "MOVE", .. }` strings, read from a
//! byte lookup table: `MOVE` got the length $04050746). The same happens to an argument
//! passed on the stack, which the backend loads from its slot: `store (zext i8 %arg)` became
//! `move.w (7,%sp), (q)`, the byte and the next argument's first byte. The selector's DAG
//! also makes such extending loads itself from a mask or shift of a load:
//! `store (and (load i16 p), 255) q` becomes a zero-extending byte load of `p + 1`, then
//! `move.w (1,p), (q)`, a word from an odd address (seen for `appl_getinfo`'s shell answer,
//! `a[0] & 0xff`, which read 0x0a00). For every `zext`/`sext` of a load or of an argument,
//! and every `and`/`lshr`/`ashr` with a constant that reaches a load through such
//! operations, whose value is stored, we insert right after it
//!     %h = call iN asm "", "=d,0"(iN %value)
//! and make those stores take `%h`. The empty inline assembly is opaque to the selector,
//! which then computes the value in a data register and stores the register.

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

/// `LLVMOpcode` values of llvm-c/Core.h.
const SHL: i32 = 20;
const LSHR: i32 = 21;
const ASHR: i32 = 22;
const AND: i32 = 23;
/// `LLVMTypeKind` of an integer type.
const INTEGER_TYPE_KIND: i32 = 8;

/// The opcode of `v` if it is an instruction.
///
/// # Safety
/// `v` is a live LLVM value.
unsafe fn opcode(llvm: &Api, v: Ref) -> Option<i32> {
    // SAFETY: querying a live value.
    unsafe { (!(llvm.LLVMIsAInstruction)(v).is_null()).then(|| (llvm.LLVMGetInstructionOpcode)(v)) }
}

/// Whether `v` is a load, or a mask or shift by a constant of one (up to `depth` steps):
/// what the selector may turn into a narrower extending load.
///
/// # Safety
/// `v` is a live LLVM value.
unsafe fn reaches_load(llvm: &Api, v: Ref, depth: u32) -> bool {
    // SAFETY: querying live values and their operands.
    unsafe {
        if !(llvm.LLVMIsALoadInst)(v).is_null() {
            return true;
        }
        if depth == 0 || !matches!(opcode(llvm, v), Some(SHL | LSHR | ASHR | AND)) {
            return false;
        }
        let (a, b) = ((llvm.LLVMGetOperand)(v, 0), (llvm.LLVMGetOperand)(v, 1));
        let constant = |x: Ref| !(llvm.LLVMIsAConstantInt)(x).is_null();
        (constant(b) && reaches_load(llvm, a, depth - 1)) || (constant(a) && reaches_load(llvm, b, depth - 1))
    }
}

/// Whether the value of `i` may be selected as an extending load folded into a store.
///
/// # Safety
/// `i` is a live instruction.
unsafe fn extends_a_load(llvm: &Api, i: Ref) -> bool {
    // SAFETY: querying live values.
    unsafe {
        let is_ext = !(llvm.LLVMIsAZExtInst)(i).is_null() || !(llvm.LLVMIsASExtInst)(i).is_null();
        if is_ext {
            // A load, or an argument: the backend loads a stack-passed argument from its
            // slot, and folds the extension into that load the same way.
            let source = (llvm.LLVMGetOperand)(i, 0);
            return !(llvm.LLVMIsALoadInst)(source).is_null() || !(llvm.LLVMIsAArgument)(source).is_null();
        }
        matches!(opcode(llvm, i), Some(LSHR | ASHR | AND)) && reaches_load(llvm, i, 3)
    }
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
                    // Only integers that fit one data register: a 64-bit value has no "=d"
                    // register (LLVM then fails to allocate one), and is not moved as one
                    // long anyway.
                    let ty = (llvm.LLVMTypeOf)(i);
                    let int = (llvm.LLVMGetTypeKind)(ty) == INTEGER_TYPE_KIND;
                    let fits = int && (llvm.LLVMGetIntTypeWidth)(ty) <= 32;
                    if fits && extends_a_load(llvm, i) {
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
