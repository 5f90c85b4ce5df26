//! Hides stack objects from LLVM's M68k address selection where it would drop an index.
//!
//! For every `alloca` whose address reaches a `getelementptr` with a non-constant index (or
//! a `ptrtoint`, which can fold back into an address), we insert right after it
//!     %p = call ptr asm "", "=a,0"(ptr %alloca)
//! and make every other use take `%p`. The empty inline assembly is opaque to the selector:
//! the object's address arrives in an address register and "register + index" is selected
//! as the (d8,An,Xn) mode it is. The cost is one LEA and one register per such object.

use std::ffi::c_uint;

use super::api::{Api, Ref};

/// Does a use of `value` (as pointer) lead to a variable-index address?
///
/// # Safety
/// `value` is a live LLVM value.
unsafe fn needs_barrier(llvm: &Api, value: Ref, depth: u32) -> bool {
    if depth > 8 {
        return true;
    }
    // SAFETY: walking the use list of a live value.
    unsafe {
        let mut u = (llvm.LLVMGetFirstUse)(value);
        while !u.is_null() {
            let user = (llvm.LLVMGetUser)(u);
            if !(llvm.LLVMIsAPtrToIntInst)(user).is_null() {
                return true;
            }
            if !(llvm.LLVMIsAGetElementPtrInst)(user).is_null() && (llvm.LLVMGetOperand)(user, 0) == value {
                let n = (llvm.LLVMGetNumOperands)(user) as c_uint;
                let variable = (1..n).any(|i| (llvm.LLVMIsAConstant)((llvm.LLVMGetOperand)(user, i)).is_null());
                if variable || needs_barrier(llvm, user, depth + 1) {
                    return true;
                }
            }
            u = (llvm.LLVMGetNextUse)(u);
        }
    }
    false
}

/// `llvm.lifetime.start/end` calls.
///
/// # Safety
/// `inst` is a live instruction.
unsafe fn is_lifetime_marker(llvm: &Api, inst: Ref) -> bool {
    // SAFETY: reading a live call's callee name.
    unsafe {
        if (llvm.LLVMIsACallInst)(inst).is_null() {
            return false;
        }
        let callee = (llvm.LLVMGetCalledValue)(inst);
        let mut len = 0usize;
        let name = (llvm.LLVMGetValueName2)(callee, &mut len);
        !name.is_null() && std::slice::from_raw_parts(name.cast::<u8>(), len).starts_with(b"llvm.lifetime.")
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
            let mut allocas = Vec::new();
            let mut bb = (llvm.LLVMGetFirstBasicBlock)(f);
            while !bb.is_null() {
                let mut i = (llvm.LLVMGetFirstInstruction)(bb);
                while !i.is_null() {
                    if !(llvm.LLVMIsAAllocaInst)(i).is_null() && needs_barrier(llvm, i, 0) {
                        allocas.push(i);
                    }
                    i = (llvm.LLVMGetNextInstruction)(i);
                }
                bb = (llvm.LLVMGetNextBasicBlock)(bb);
            }
            for alloca in allocas {
                let ptr_ty = (llvm.LLVMTypeOf)(alloca);
                let mut params = [ptr_ty];
                let fn_ty = (llvm.LLVMFunctionType)(ptr_ty, params.as_mut_ptr(), 1, 0);
                let constraints = "=a,0";
                let asm = (llvm.LLVMGetInlineAsm)(fn_ty, c"".as_ptr(), 0, constraints.as_ptr().cast(), constraints.len(), 0, 0, 0, 0);
                // Collect the users first: rewriting operands edits the use list.
                let mut users = Vec::new();
                let mut u = (llvm.LLVMGetFirstUse)(alloca);
                while !u.is_null() {
                    users.push((llvm.LLVMGetUser)(u));
                    u = (llvm.LLVMGetNextUse)(u);
                }
                let next = (llvm.LLVMGetNextInstruction)(alloca);
                (llvm.LLVMPositionBuilderBefore)(builder, next);
                let mut args = [alloca];
                let hidden = (llvm.LLVMBuildCall2)(builder, fn_ty, asm, args.as_mut_ptr(), 1, c"fi.hidden".as_ptr());
                for user in users {
                    // Lifetime markers must keep naming the alloca itself.
                    if is_lifetime_marker(llvm, user) {
                        continue;
                    }
                    let n = (llvm.LLVMGetNumOperands)(user) as c_uint;
                    for k in 0..n {
                        if (llvm.LLVMGetOperand)(user, k) == alloca {
                            (llvm.LLVMSetOperand)(user, k, hidden);
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
