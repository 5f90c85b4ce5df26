//! The few LLVM C API functions we call, loaded at run time from the pinned toolchain's
//! libLLVM (so they are exactly rustc's LLVM).

#![allow(non_snake_case)]

use std::ffi::{c_char, c_int, c_uint, c_void};
use std::path::PathBuf;

pub type Ref = *mut c_void;

macro_rules! api {
    ($( fn $name:ident ( $($arg:ty),* ) $(-> $ret:ty)? ; )*) => {
        /// Function pointers into libLLVM.
        pub struct Api {
            _lib: libloading::Library,
            $( pub $name: unsafe extern "C" fn($($arg),*) $(-> $ret)?, )*
        }

        impl Api {
            /// Loads libLLVM from the pinned toolchain.
            pub fn load() -> Result<Api, String> {
                let path = library_path()?;
                // SAFETY: loading LLVM runs only its static initialisers.
                let lib = unsafe { libloading::Library::new(&path) }.map_err(|e| format!("{}: {e}", path.display()))?;
                // SAFETY: each symbol is the C function of that name with this signature
                // (llvm-c headers of LLVM 23).
                unsafe {
                    Ok(Api {
                        $( $name: *lib.get(concat!(stringify!($name), "\0").as_bytes())
                            .map_err(|e| format!("{}: {e}", stringify!($name)))?, )*
                        _lib: lib,
                    })
                }
            }
        }
    };
}

api! {
    fn LLVMContextCreate() -> Ref;
    fn LLVMContextSetDiagnosticHandler(Ref, Option<unsafe extern "C" fn(Ref, *mut c_void)>, *mut c_void);
    fn LLVMGetDiagInfoSeverity(Ref) -> c_int;
    fn LLVMGetDiagInfoDescription(Ref) -> *mut c_char;
    fn LLVMCreateMemoryBufferWithContentsOfFile(*const c_char, *mut Ref, *mut *mut c_char) -> c_int;
    fn LLVMParseBitcodeInContext2(Ref, Ref, *mut Ref) -> c_int;
    fn LLVMCreateMemoryBufferWithMemoryRangeCopy(*const c_char, usize, *const c_char) -> Ref;
    fn LLVMParseIRInContext(Ref, Ref, *mut Ref, *mut *mut c_char) -> c_int;
    fn LLVMVerifyModule(Ref, c_int, *mut *mut c_char) -> c_int;
    fn LLVMGetFirstFunction(Ref) -> Ref;
    fn LLVMGetNextFunction(Ref) -> Ref;
    fn LLVMGetFirstBasicBlock(Ref) -> Ref;
    fn LLVMGetNextBasicBlock(Ref) -> Ref;
    fn LLVMGetFirstInstruction(Ref) -> Ref;
    fn LLVMGetNextInstruction(Ref) -> Ref;
    fn LLVMIsAAllocaInst(Ref) -> Ref;
    fn LLVMIsAGetElementPtrInst(Ref) -> Ref;
    fn LLVMIsAPtrToIntInst(Ref) -> Ref;
    fn LLVMIsAPHINode(Ref) -> Ref;
    fn LLVMIsASelectInst(Ref) -> Ref;
    fn LLVMCountIncoming(Ref) -> c_uint;
    fn LLVMGetIncomingValue(Ref, c_uint) -> Ref;
    fn LLVMGetIncomingBlock(Ref, c_uint) -> Ref;
    fn LLVMGetBasicBlockTerminator(Ref) -> Ref;
    fn LLVMIsAZExtInst(Ref) -> Ref;
    fn LLVMIsASExtInst(Ref) -> Ref;
    fn LLVMIsALoadInst(Ref) -> Ref;
    fn LLVMIsAArgument(Ref) -> Ref;
    fn LLVMIsAStoreInst(Ref) -> Ref;
    fn LLVMIsAConstant(Ref) -> Ref;
    fn LLVMGetNumOperands(Ref) -> c_int;
    fn LLVMGetOperand(Ref, c_uint) -> Ref;
    fn LLVMSetOperand(Ref, c_uint, Ref);
    fn LLVMGetFirstUse(Ref) -> Ref;
    fn LLVMGetNextUse(Ref) -> Ref;
    fn LLVMGetUser(Ref) -> Ref;
    fn LLVMTypeOf(Ref) -> Ref;
    fn LLVMGetIntTypeWidth(Ref) -> c_uint;
    fn LLVMGetTypeKind(Ref) -> c_int;
    fn LLVMIsACallInst(Ref) -> Ref;
    fn LLVMGetCalledValue(Ref) -> Ref;
    fn LLVMGetValueName2(Ref, *mut usize) -> *const c_char;
    fn LLVMInt32TypeInContext(Ref) -> Ref;
    fn LLVMGetUndef(Ref) -> Ref;
    fn LLVMBuildZExt(Ref, Ref, Ref, *const c_char) -> Ref;
    fn LLVMBuildSExt(Ref, Ref, Ref, *const c_char) -> Ref;
    fn LLVMBuildTrunc(Ref, Ref, Ref, *const c_char) -> Ref;
    fn LLVMBuildMul(Ref, Ref, Ref, *const c_char) -> Ref;
    fn LLVMBuildICmp(Ref, c_int, Ref, Ref, *const c_char) -> Ref;
    fn LLVMBuildInsertValue(Ref, Ref, Ref, c_uint, *const c_char) -> Ref;
    fn LLVMReplaceAllUsesWith(Ref, Ref);
    fn LLVMInstructionEraseFromParent(Ref);
    fn LLVMFunctionType(Ref, *mut Ref, c_uint, c_int) -> Ref;
    fn LLVMGetInlineAsm(Ref, *const c_char, usize, *const c_char, usize, c_int, c_int, c_int, c_int) -> Ref;
    fn LLVMCreateBuilderInContext(Ref) -> Ref;
    fn LLVMPositionBuilderBefore(Ref, Ref);
    fn LLVMBuildCall2(Ref, Ref, Ref, *mut Ref, c_uint, *const c_char) -> Ref;
    fn LLVMDisposeBuilder(Ref);
    fn LLVMIsAInstruction(Ref) -> Ref;
    fn LLVMGetInstructionOpcode(Ref) -> c_int;
    fn LLVMIsAConstantInt(Ref) -> Ref;
    fn LLVMConstIntGetZExtValue(Ref) -> u64;
    fn LLVMParseCommandLineOptions(c_int, *const *const c_char, *const c_char);
    fn LLVMInitializeM68kTargetInfo();
    fn LLVMInitializeM68kTarget();
    fn LLVMInitializeM68kTargetMC();
    fn LLVMInitializeM68kAsmPrinter();
    fn LLVMGetTargetFromTriple(*const c_char, *mut Ref, *mut *mut c_char) -> c_int;
    fn LLVMCreateTargetMachine(Ref, *const c_char, *const c_char, *const c_char, c_int, c_int, c_int) -> Ref;
    fn LLVMTargetMachineEmitToFile(Ref, Ref, *mut c_char, c_int, *mut *mut c_char) -> c_int;
    fn LLVMPrintModuleToFile(Ref, *const c_char, *mut *mut c_char) -> c_int;
    fn LLVMWriteBitcodeToFile(Ref, *const c_char) -> c_int;
    fn LLVMIsDeclaration(Ref) -> c_int;
    fn LLVMDeleteBasicBlock(Ref);
    fn LLVMSetLinkage(Ref, c_int);
    fn LLVMSetComdat(Ref, Ref);
}

/// `<sysroot>/lib/libLLVM.so.*` of the pinned toolchain.
fn library_path() -> Result<PathBuf, String> {
    let out = std::process::Command::new("rustc")
        .env("RUSTUP_TOOLCHAIN", crate::build::toolchain::rust())
        .args(["--print", "sysroot"])
        .output()
        .map_err(|e| format!("rustc --print sysroot: {e}"))?;
    let lib = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim()).join("lib");
    std::fs::read_dir(&lib)
        .map_err(|e| format!("{}: {e}", lib.display()))?
        .flatten()
        .map(|e| e.path())
        .find(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with("libLLVM.so")))
        .ok_or_else(|| format!("no libLLVM.so in {}", lib.display()))
}
