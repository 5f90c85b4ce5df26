//! Expands 8- and 16-bit multiplications with overflow before instruction selection
//! (class J, docs/toolchain.md).
//!
//! LLVM's M68k backend selects `llvm.umul.with.overflow.i8/i16` and
//! `llvm.smul.with.overflow.i8/i16` as a plain MULS/MULU and loses the overflow flag:
//! `checked_mul`, `saturating_mul` and `overflowing_mul` on u8/i8/u16/i16 never see an
//! overflow. We replace each call by the same computation on 32 bits, which the 68030 does
//! exactly (a 16×16 product fits in 32 bits):
//!     p = mul (ext a), (ext b)            ext = zext (unsigned) or sext (signed)
//!     overflow = p != ext (trunc p)
//!     result = { trunc p, overflow }

use std::ffi::c_uint;

use super::api::{Api, Ref};

const ICMP_NE: i32 = 33;

/// `Some(signed)` for the intrinsics we expand.
fn intrinsic_kind(name: &[u8]) -> Option<bool> {
    match name {
        b"llvm.umul.with.overflow.i8" | b"llvm.umul.with.overflow.i16" => Some(false),
        b"llvm.smul.with.overflow.i8" | b"llvm.smul.with.overflow.i16" => Some(true),
        _ => None,
    }
}

/// Expands every such call in `module`; returns how many.
///
/// # Safety
/// `ctx` and `module` come from the C API and are alive.
pub unsafe fn apply(llvm: &Api, ctx: Ref, module: Ref) -> usize {
    let mut count = 0;
    // SAFETY: iterating and editing a module we own, with the C API.
    unsafe {
        let builder = (llvm.LLVMCreateBuilderInContext)(ctx);
        let i32_ty = (llvm.LLVMInt32TypeInContext)(ctx);
        let mut sites = Vec::new();
        let mut f = (llvm.LLVMGetFirstFunction)(module);
        while !f.is_null() {
            let mut bb = (llvm.LLVMGetFirstBasicBlock)(f);
            while !bb.is_null() {
                let mut i = (llvm.LLVMGetFirstInstruction)(bb);
                while !i.is_null() {
                    if !(llvm.LLVMIsACallInst)(i).is_null() {
                        let callee = (llvm.LLVMGetCalledValue)(i);
                        let mut len = 0usize;
                        let name = (llvm.LLVMGetValueName2)(callee, &mut len);
                        if !name.is_null() {
                            if let Some(signed) = intrinsic_kind(std::slice::from_raw_parts(name.cast::<u8>(), len)) {
                                sites.push((i, signed));
                            }
                        }
                    }
                    i = (llvm.LLVMGetNextInstruction)(i);
                }
                bb = (llvm.LLVMGetNextBasicBlock)(bb);
            }
            f = (llvm.LLVMGetNextFunction)(f);
        }
        for (call, signed) in sites {
            let (a, b) = ((llvm.LLVMGetOperand)(call, 0), (llvm.LLVMGetOperand)(call, 1));
            let narrow = (llvm.LLVMTypeOf)(a);
            (llvm.LLVMPositionBuilderBefore)(builder, call);
            let ext = |v: Ref| {
                if signed {
                    (llvm.LLVMBuildSExt)(builder, v, i32_ty, c"mulo.ext".as_ptr())
                } else {
                    (llvm.LLVMBuildZExt)(builder, v, i32_ty, c"mulo.ext".as_ptr())
                }
            };
            let (wa, wb) = (ext(a), ext(b));
            let product = (llvm.LLVMBuildMul)(builder, wa, wb, c"mulo.p".as_ptr());
            let result = (llvm.LLVMBuildTrunc)(builder, product, narrow, c"mulo.r".as_ptr());
            let back = ext(result);
            let overflow = (llvm.LLVMBuildICmp)(builder, ICMP_NE, product, back, c"mulo.o".as_ptr());
            let pair_ty = (llvm.LLVMTypeOf)(call);
            let pair = (llvm.LLVMBuildInsertValue)(builder, (llvm.LLVMGetUndef)(pair_ty), result, 0, c"".as_ptr());
            let pair = (llvm.LLVMBuildInsertValue)(builder, pair, overflow, 1 as c_uint, c"mulo".as_ptr());
            (llvm.LLVMReplaceAllUsesWith)(call, pair);
            (llvm.LLVMInstructionEraseFromParent)(call);
            count += 1;
        }
        (llvm.LLVMDisposeBuilder)(builder);
    }
    count
}

#[cfg(test)]
mod tests;
