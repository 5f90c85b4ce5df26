//! Keeps LLVM's M68k selector from making a BTST of a shifted value it also keeps (class K,
//! docs/toolchain.md).
//!
//! A bit of `lshr X, C` (C constant) tested by `trunc .. to i1` or `and .., 1`, when the
//! shifted value has other uses too, is selected as `btst #C, X` with the bit number in a
//! *register* operand where an immediate belongs: LLVM's assembly printer then stops at
//! `llvm_unreachable("Unknown immediate kind")` (SIGILL) and no program is built. Seen for an
//! `Option` tag read from a packed word in the mid end's game-ID parser. For every such test
//! we pass the shifted value through
//!     %h = call iN asm "", "=d,0"(iN %shifted)
//! and make the test take `%h`. The empty inline assembly is opaque to the selector, which
//! then tests bit 0 of the register.

use std::ffi::c_uint;

use super::api::{Api, Ref};

/// `LLVMOpcode` values of llvm-c/Core.h.
const LSHR: i32 = 21;
const AND: i32 = 23;
const TRUNC: i32 = 30;

/// Whether `v` is an instruction with the given opcode.
///
/// # Safety
/// `v` is a live LLVM value.
unsafe fn is_op(llvm: &Api, v: Ref, opcode: i32) -> bool {
    // SAFETY: querying a live value.
    unsafe { !(llvm.LLVMIsAInstruction)(v).is_null() && (llvm.LLVMGetInstructionOpcode)(v) == opcode }
}

/// The constant integer `v` holds, if it is one.
///
/// # Safety
/// `v` is a live LLVM value.
unsafe fn const_int(llvm: &Api, v: Ref) -> Option<u64> {
    // SAFETY: querying a live value.
    unsafe { (!(llvm.LLVMIsAConstantInt)(v).is_null()).then(|| (llvm.LLVMConstIntGetZExtValue)(v)) }
}

/// Whether `v` has more than one use.
///
/// # Safety
/// `v` is a live LLVM value.
unsafe fn used_twice(llvm: &Api, v: Ref) -> bool {
    // SAFETY: walking the use list of a live value.
    unsafe {
        let first = (llvm.LLVMGetFirstUse)(v);
        !first.is_null() && !(llvm.LLVMGetNextUse)(first).is_null()
    }
}

/// If `i` tests bit 0 of a kept `lshr` by a constant (`trunc .. to i1`, `and .., 1`): the
/// operand index of the shifted value.
///
/// # Safety
/// `i` is a live instruction.
unsafe fn bit_test_of_kept_shift(llvm: &Api, i: Ref) -> Option<c_uint> {
    // SAFETY: querying live values.
    unsafe {
        let candidates: &[c_uint] = if is_op(llvm, i, TRUNC) && (llvm.LLVMGetIntTypeWidth)((llvm.LLVMTypeOf)(i)) == 1 {
            &[0]
        } else if is_op(llvm, i, AND) {
            if const_int(llvm, (llvm.LLVMGetOperand)(i, 1)) == Some(1) {
                &[0]
            } else if const_int(llvm, (llvm.LLVMGetOperand)(i, 0)) == Some(1) {
                &[1]
            } else {
                &[]
            }
        } else {
            &[]
        };
        candidates.iter().copied().find(|&k| {
            let shifted = (llvm.LLVMGetOperand)(i, k);
            is_op(llvm, shifted, LSHR)
                && const_int(llvm, (llvm.LLVMGetOperand)(shifted, 1)).is_some()
                // Only what fits one data register ("=d").
                && (llvm.LLVMGetIntTypeWidth)((llvm.LLVMTypeOf)(shifted)) <= 32
                && used_twice(llvm, shifted)
        })
    }
}

/// Applies the barrier to every function of `module`; returns the number of bit tests.
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
                    if let Some(k) = bit_test_of_kept_shift(llvm, i) {
                        sites.push((i, k));
                    }
                    i = (llvm.LLVMGetNextInstruction)(i);
                }
                bb = (llvm.LLVMGetNextBasicBlock)(bb);
            }
            for (test, k) in sites {
                let shifted = (llvm.LLVMGetOperand)(test, k);
                let ty = (llvm.LLVMTypeOf)(shifted);
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
                (llvm.LLVMPositionBuilderBefore)(builder, test);
                let mut args = [shifted];
                let hidden = (llvm.LLVMBuildCall2)(builder, fn_ty, asm, args.as_mut_ptr(), 1, c"btst.hidden".as_ptr());
                (llvm.LLVMSetOperand)(test, k, hidden);
                count += 1;
            }
            f = (llvm.LLVMGetNextFunction)(f);
        }
        (llvm.LLVMDisposeBuilder)(builder);
    }
    count
}

#[cfg(test)]
mod tests;
