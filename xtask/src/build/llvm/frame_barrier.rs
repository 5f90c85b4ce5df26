//! Hides stack objects from LLVM's M68k address selection where it would drop an index.
//!
//! For every use of an `alloca` that makes a variable-index address from it (a
//! `getelementptr` with a non-constant index, directly or after constant GEPs, or a
//! `ptrtoint`, which can fold back into an address, or a PHI or select, or a load whose value
//! a select chooses — code generation turns that into a select of addresses), we insert
//! right before that use
//!     %p = call ptr asm "", "=a,0"(ptr %alloca)
//! and make the use take `%p`. The empty inline assembly is opaque to the selector: the
//! object's address arrives in an address register and "register + index" is selected as the
//! (d8,An,Xn) mode it is. Other uses (loads, stores, constant offsets, lifetime markers) keep
//! the stack slot itself. Cost: one LEA per such use.

use std::ffi::c_uint;

use super::api::{Api, Ref};

/// Does `user`, a user of the pointer `value`, make a variable-index address from it
/// (a GEP with a non-constant index, a `ptrtoint`, or a constant GEP whose result does)?
///
/// # Safety
/// Both are live LLVM values.
unsafe fn dangerous_use(llvm: &Api, user: Ref, value: Ref, depth: u32) -> bool {
    // SAFETY: reading live values and walking use lists.
    unsafe {
        // ptrtoint can fold back into an address; a pointer that flows through a PHI or a
        // select is what loop strength reduction (which runs after us, inside code
        // generation) turns into "object + induction variable".
        if !(llvm.LLVMIsAPtrToIntInst)(user).is_null()
            || !(llvm.LLVMIsAPHINode)(user).is_null()
            || !(llvm.LLVMIsASelectInst)(user).is_null()
        {
            return true;
        }
        // A load whose value a select chooses: the DAG combiner turns "select of two loads"
        // into "load of a select of the two addresses", which for two fields of one stack
        // object is "object + variable offset" again (found: `Option::unwrap_or` of a field
        // and another field of one local struct read field 0).
        if !(llvm.LLVMIsALoadInst)(user).is_null() {
            let mut u = (llvm.LLVMGetFirstUse)(user);
            while !u.is_null() {
                if !(llvm.LLVMIsASelectInst)((llvm.LLVMGetUser)(u)).is_null() {
                    return true;
                }
                u = (llvm.LLVMGetNextUse)(u);
            }
            return false;
        }
        if (llvm.LLVMIsAGetElementPtrInst)(user).is_null() || (llvm.LLVMGetOperand)(user, 0) != value {
            return false;
        }
        let n = (llvm.LLVMGetNumOperands)(user) as c_uint;
        if (1..n).any(|i| (llvm.LLVMIsAConstant)((llvm.LLVMGetOperand)(user, i)).is_null()) {
            return true;
        }
        if depth > 8 {
            return true;
        }
        let mut u = (llvm.LLVMGetFirstUse)(user);
        while !u.is_null() {
            if dangerous_use(llvm, (llvm.LLVMGetUser)(u), user, depth + 1) {
                return true;
            }
            u = (llvm.LLVMGetNextUse)(u);
        }
        false
    }
}

/// Applies the barrier to every function of `module`; returns the number of objects.
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
            // (alloca, user) pairs to rewrite, collected before editing use lists.
            let mut sites = Vec::new();
            let mut bb = (llvm.LLVMGetFirstBasicBlock)(f);
            while !bb.is_null() {
                let mut i = (llvm.LLVMGetFirstInstruction)(bb);
                while !i.is_null() {
                    if !(llvm.LLVMIsAAllocaInst)(i).is_null() {
                        let mut u = (llvm.LLVMGetFirstUse)(i);
                        let mut any = false;
                        while !u.is_null() {
                            let user = (llvm.LLVMGetUser)(u);
                            if dangerous_use(llvm, user, i, 0) && !sites.contains(&(i, user)) {
                                sites.push((i, user));
                                any = true;
                            }
                            u = (llvm.LLVMGetNextUse)(u);
                        }
                        count += any as usize;
                    }
                    i = (llvm.LLVMGetNextInstruction)(i);
                }
                bb = (llvm.LLVMGetNextBasicBlock)(bb);
            }
            for (alloca, user) in sites {
                let ptr_ty = (llvm.LLVMTypeOf)(alloca);
                let mut params = [ptr_ty];
                let fn_ty = (llvm.LLVMFunctionType)(ptr_ty, params.as_mut_ptr(), 1, 0);
                let constraints = "=a,0";
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
                let hide_before = |at: Ref| {
                    (llvm.LLVMPositionBuilderBefore)(builder, at);
                    let mut args = [alloca];
                    (llvm.LLVMBuildCall2)(builder, fn_ty, asm, args.as_mut_ptr(), 1, c"fi.hidden".as_ptr())
                };
                if !(llvm.LLVMIsAPHINode)(user).is_null() {
                    // Nothing may precede a PHI: hide the address at the end of the
                    // predecessor it comes from.
                    for k in 0..(llvm.LLVMCountIncoming)(user) {
                        if (llvm.LLVMGetIncomingValue)(user, k) == alloca {
                            let pred = (llvm.LLVMGetIncomingBlock)(user, k);
                            let hidden = hide_before((llvm.LLVMGetBasicBlockTerminator)(pred));
                            (llvm.LLVMSetOperand)(user, k, hidden);
                        }
                    }
                    continue;
                }
                // Right before the use: inside the object's lifetime, in the use's block.
                let hidden = hide_before(user);
                let n = (llvm.LLVMGetNumOperands)(user) as c_uint;
                for k in 0..n {
                    if (llvm.LLVMGetOperand)(user, k) == alloca {
                        (llvm.LLVMSetOperand)(user, k, hidden);
                    }
                }
            }
            f = (llvm.LLVMGetNextFunction)(f);
        }
        (llvm.LLVMDisposeBuilder)(builder);
    }
    count
}
