//! The machine code just before LLVM's MOVEM collapser, which the class L fix reads
//! (`crate::build::asm::movem`), made in parts.
//!
//! LLVM prints it with `-print-before=m68k-collapse-movem`, and each function's print first
//! numbers every piece of metadata of the whole module (`ModuleSlotTracker`): the cost grows
//! with the number of functions times the size of the module. For the test program (4,000
//! functions) that was most of its build: about 25 s of code generation, then many minutes of
//! printing. So the module is written once (after the barriers, before code generation
//! changes it), and other processes of this tool (`xtask movem-listing`) each load it, turn
//! every function but a share of them into a declaration, and generate code with the print
//! on: each print numbers only a small module. Code generation of a function does not
//! depend on the bodies of the others, and that is checked: every function's assembly in its
//! part must be the assembly of the whole module's, its local labels aside (they are
//! numbered across the module). A difference stops the build.

use std::collections::BTreeMap;
use std::ffi::{CStr, CString};
use std::path::{Path, PathBuf};
use std::process::Command;

use super::api::{Api, Ref};

/// At most this many function bodies in a part.
const FUNCTIONS_PER_PART: usize = 150;

/// The module written for the parts, and how many there are.
pub struct Parts {
    bitcode: PathBuf,
    parts: usize,
}

/// The functions of `module` with a body, in the module's order.
///
/// # Safety
/// `module` comes from `llvm` and is alive.
unsafe fn defined_functions(llvm: &Api, module: Ref) -> Vec<Ref> {
    let mut out = Vec::new();
    // SAFETY: walking the module's function list.
    unsafe {
        let mut f = (llvm.LLVMGetFirstFunction)(module);
        while !f.is_null() {
            if (llvm.LLVMIsDeclaration)(f) == 0 {
                out.push(f);
            }
            f = (llvm.LLVMGetNextFunction)(f);
        }
    }
    out
}

impl Parts {
    /// Writes `module` next to `asm` for the parts.
    ///
    /// # Safety
    /// `module` comes from `llvm` and is alive.
    pub unsafe fn prepare(llvm: &Api, module: Ref, asm: &Path) -> Result<Parts, String> {
        let bitcode = asm.with_extension("collapse.bc");
        let path = CString::new(bitcode.to_string_lossy().as_bytes()).map_err(|e| e.to_string())?;
        // SAFETY: the module is alive; the path a C string.
        let functions = unsafe {
            if (llvm.LLVMWriteBitcodeToFile)(module, path.as_ptr()) != 0 {
                return Err(format!("{}: cannot write the module", bitcode.display()));
            }
            defined_functions(llvm, module).len()
        };
        Ok(Parts { bitcode, parts: functions.div_ceil(FUNCTIONS_PER_PART).max(1) })
    }

    /// Makes the listing of every part (as many at a time as the host has cores), checks
    /// each part's functions against `whole` (the assembly of the whole module) and returns
    /// the listings, one after the other.
    pub fn listing(&self, whole: &str, opt_level: &str) -> Result<String, String> {
        let exe = std::env::current_exe().map_err(|e| format!("this program's path: {e}"))?;
        let at_once = std::thread::available_parallelism().map_or(2, |n| n.get()).min(self.parts);
        let next = std::sync::atomic::AtomicUsize::new(0);
        let results: Vec<Result<(usize, String, String), String>> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..at_once)
                .map(|_| {
                    scope.spawn(|| {
                        let mut done = Vec::new();
                        loop {
                            let part = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                            if part >= self.parts {
                                return done;
                            }
                            done.push(self.run_part(&exe, part, opt_level));
                        }
                    })
                })
                .collect();
            workers
                .into_iter()
                .flat_map(|w| w.join().unwrap_or_else(|_| vec![Err("a part's thread panicked".into())]))
                .collect()
        });
        let _ = std::fs::remove_file(&self.bitcode);
        let mut parts: Vec<(usize, String, String)> = results.into_iter().collect::<Result<_, _>>()?;
        parts.sort_by_key(|p| p.0);
        let whole_functions = functions(whole);
        let mut seen = 0;
        let mut mir = String::new();
        for (part, asm, listing) in &parts {
            for (name, text) in functions(asm) {
                seen += 1;
                match whole_functions.get(name) {
                    Some(w) if *w == text => {}
                    Some(_) => {
                        return Err(format!(
                            "class L: {name}'s code differs between the whole module and part {part} of its listing"
                        ));
                    }
                    None => return Err(format!("class L: {name} is in part {part} of the listing only")),
                }
            }
            mir.push_str(listing);
        }
        if seen != whole_functions.len() {
            return Err(format!(
                "class L: {} functions in the assembly, {seen} in the listing's parts",
                whole_functions.len()
            ));
        }
        Ok(mir)
    }

    /// One part, in another process: its assembly and its listing.
    fn run_part(&self, exe: &Path, part: usize, opt_level: &str) -> Result<(usize, String, String), String> {
        let asm = self.bitcode.with_extension(format!("{part}.s"));
        let args = [
            self.bitcode.to_string_lossy().into_owned(),
            part.to_string(),
            self.parts.to_string(),
            asm.to_string_lossy().into_owned(),
            opt_level.to_string(),
        ];
        let out = part_command(exe, &args).output().map_err(|e| format!("{}: {e}", exe.display()))?;
        if !out.status.success() {
            return Err(format!(
                "the listing's part {part} of {}: {}{}",
                self.parts,
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        let read = |p: &Path| std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()));
        let mir_path = asm.with_extension("mir");
        let result = (part, read(&asm)?, read(&mir_path)?);
        let _ = std::fs::remove_file(&asm);
        let _ = std::fs::remove_file(&mir_path);
        Ok(result)
    }
}

/// The process that makes one part: `xtask movem-listing ARGS`.
#[cfg(not(test))]
fn part_command(exe: &Path, args: &[String]) -> Command {
    let mut command = Command::new(exe);
    command.arg("movem-listing").args(args);
    command
}

/// Under `cargo test` this program is the test harness, which has no `movem-listing`: the
/// part is made by the test `tests::part_made_in_a_child_process` of another harness
/// process, which reads its arguments from `PART_ARGUMENTS`.
#[cfg(test)]
fn part_command(exe: &Path, args: &[String]) -> Command {
    let mut command = Command::new(exe);
    command
        .args(["--exact", "build::llvm::listing::tests::part_made_in_a_child_process", "--test-threads=1", "-q"])
        .env(tests::PART_ARGUMENTS, args.join("\n"));
    command
}

/// `xtask movem-listing BITCODE PART PARTS OUT.s LEVEL`: part `PART` of `PARTS` of the
/// module in `BITCODE` (its share of the function bodies, the others made declarations),
/// generated into `OUT.s`, with the machine code before the MOVEM collapser in `OUT.mir`.
pub fn cmd_part(args: &[String]) -> Result<(), String> {
    let [bitcode, part, parts, asm, level] = args else {
        return Err("movem-listing BITCODE PART PARTS OUT.s LEVEL".into());
    };
    let number = |s: &str| s.parse::<usize>().map_err(|_| format!("{s}: not a number"));
    let (part, parts) = (number(part)?, number(parts)?);
    let asm = Path::new(asm);
    let llvm = Api::load()?;
    // SAFETY: the C API as documented in llvm-c/*.h; every handle comes from it.
    unsafe {
        let args = [c"xtask", c"-print-before=m68k-collapse-movem"];
        let ptrs: Vec<*const std::ffi::c_char> = args.iter().map(|a| a.as_ptr()).collect();
        (llvm.LLVMParseCommandLineOptions)(ptrs.len() as i32, ptrs.as_ptr(), c"".as_ptr());
        let ctx = (llvm.LLVMContextCreate)();
        let path = CString::new(bitcode.as_bytes()).map_err(|e| e.to_string())?;
        let mut buf = std::ptr::null_mut();
        let mut msg: *mut std::ffi::c_char = std::ptr::null_mut();
        if (llvm.LLVMCreateMemoryBufferWithContentsOfFile)(path.as_ptr(), &mut buf, &mut msg) != 0 {
            return Err(format!("{bitcode}: {}", CStr::from_ptr(msg).to_string_lossy()));
        }
        let mut module = std::ptr::null_mut();
        if (llvm.LLVMParseBitcodeInContext2)(ctx, buf, &mut module) != 0 {
            return Err(format!("{bitcode}: not LLVM bitcode this LLVM reads"));
        }
        let functions = defined_functions(&llvm, module);
        let n = functions.len();
        for (i, &f) in functions.iter().enumerate() {
            if i * parts / n != part {
                make_declaration(&llvm, f);
            }
        }
        if (llvm.LLVMVerifyModule)(module, 2, &mut msg) != 0 {
            return Err(format!("part {part}: module broken: {}", CStr::from_ptr(msg).to_string_lossy()));
        }
        let redirect = super::StderrTo::file(&asm.with_extension("mir"))?;
        let generated = super::generate(&llvm, ctx, module, asm, level);
        drop(redirect);
        generated
    }
}

/// Turns `f` into a declaration (LLVM's `Function::deleteBody`, which the C API lacks): every
/// value its instructions make is replaced by `undef`, its instructions and blocks erased, its
/// linkage made external (a declaration cannot be internal) and its comdat dropped.
///
/// # Safety
/// `f` is a function with a body, from `llvm`.
unsafe fn make_declaration(llvm: &Api, f: Ref) {
    const VOID_TYPE_KIND: std::ffi::c_int = 0;
    const EXTERNAL_LINKAGE: std::ffi::c_int = 0;
    // SAFETY: walking and editing one function's own blocks and instructions.
    unsafe {
        let mut blocks = Vec::new();
        let mut insts = Vec::new();
        let mut b = (llvm.LLVMGetFirstBasicBlock)(f);
        while !b.is_null() {
            blocks.push(b);
            let mut i = (llvm.LLVMGetFirstInstruction)(b);
            while !i.is_null() {
                insts.push(i);
                i = (llvm.LLVMGetNextInstruction)(i);
            }
            b = (llvm.LLVMGetNextBasicBlock)(b);
        }
        for &i in &insts {
            let ty = (llvm.LLVMTypeOf)(i);
            if (llvm.LLVMGetTypeKind)(ty) != VOID_TYPE_KIND {
                (llvm.LLVMReplaceAllUsesWith)(i, (llvm.LLVMGetUndef)(ty));
            }
        }
        for &i in &insts {
            (llvm.LLVMInstructionEraseFromParent)(i);
        }
        for &b in &blocks {
            (llvm.LLVMDeleteBasicBlock)(b);
        }
        (llvm.LLVMSetLinkage)(f, EXTERNAL_LINKAGE);
        (llvm.LLVMSetComdat)(f, std::ptr::null_mut());
    }
}

/// The functions of an assembly listing: name → its text from `.type NAME,@function` to
/// `.size NAME`, with its local labels (`.LBB12_3`, `.Ltmp7`, `.LCPI3_0`, numbered across
/// the module) renamed by their order of appearance in the function.
fn functions(asm: &str) -> BTreeMap<&str, String> {
    let mut out = BTreeMap::new();
    let mut current: Option<(&str, String, BTreeMap<String, usize>)> = None;
    for line in asm.lines() {
        let t = line.trim();
        if let Some(rest) = t.strip_prefix(".type\t").or_else(|| t.strip_prefix(".type ")) {
            if let Some(name) = rest.strip_suffix(",@function") {
                current = Some((name.trim(), String::new(), BTreeMap::new()));
                continue;
            }
        }
        let Some((name, text, labels)) = current.as_mut() else { continue };
        if t.starts_with(".size") && t.contains(&format!("{name},")) {
            let (name, text, _) = current.take().unwrap();
            out.insert(name, text);
            continue;
        }
        text.push_str(&local_labels_renamed(line, labels));
        text.push('\n');
    }
    out
}

/// `line` with each `.L` label replaced by `.L#<n>`, `n` its order of first appearance.
fn local_labels_renamed(line: &str, labels: &mut BTreeMap<String, usize>) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(at) = rest.find(".L") {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        let len = 2 + tail[2..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$'))
            .unwrap_or(tail.len() - 2);
        let next = labels.len();
        let n = *labels.entry(tail[..len].to_string()).or_insert(next);
        out.push_str(&format!(".L#{n}"));
        rest = &tail[len..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests;
