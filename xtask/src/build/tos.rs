//! Writes a TOS executable (.PRG/.GTP/.ACC/.TOS) from the linked ELF.
//!
//! Layout (Atari Compendium, "GEMDOS executable format"):
//!   header (28 bytes): $601A, text, data, bss and symbol-table sizes, reserved long,
//!                      program flags, absflag word (0: relocate);
//!   text, data, the DRI symbol table, the fixup table.
//! Fixups: every long in text+data holding an absolute address (R_68K_32 in the ELF kept by
//! `ld -q`) is listed; GEMDOS adds the load address to each. The table is the first offset
//! as a long, then one byte per further fixup: the distance to it, 1 for "advance 254
//! without a fixup", 0 to end. A program without fixups has a long 0.

use object::elf;
use object::read::elf::{ElfFile32, FileHeader, ProgramHeader as _};
use object::{Object, ObjectSection, ObjectSymbol, RelocationTarget, SectionIndex, SymbolSection};

/// Program flags (header offset $16): fastload, load into TT-RAM, Malloc from TT-RAM, as
/// TETRHEX's manual (section 8.1) recommends; memory protection bits 4-5 left 0 (private).
pub const PRGFLAGS: u32 = 0b111;

/// The parts of a TOS executable.
#[derive(Debug, Default)]
pub struct Image {
    pub text: Vec<u8>,
    pub data: Vec<u8>,
    pub bss_len: u32,
    /// Offsets (from the start of text) of longs to relocate, ascending.
    pub fixups: Vec<u32>,
    /// (name, section kind, value) for the DRI symbol table.
    pub symbols: Vec<(String, SymbolKind, u32)>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SymbolKind {
    Text,
    Data,
    Bss,
}

/// Reads text, data, bss, fixups and function symbols from the ELF linked with our script
/// (text at 0, data right after it, bss right after data).
pub fn image_from_elf(bytes: &[u8]) -> Result<Image, String> {
    let file = ElfFile32::<object::BigEndian>::parse(bytes).map_err(|e| format!("not an m68k ELF: {e}"))?;
    let endian = file.endian();
    let _ = file.elf_header().e_machine(endian);
    let section = |name: &str| file.section_by_name(name);
    let text = section(".text").ok_or("no .text section")?;
    let mut image = Image { text: text.data().map_err(|e| e.to_string())?.to_vec(), ..Image::default() };
    if text.address() != 0 {
        return Err(format!(".text starts at {:#x}, not 0", text.address()));
    }
    let text_end = image.text.len() as u64;
    let mut data_index = None;
    if let Some(data) = section(".data") {
        if data.address() != text_end {
            return Err(format!(".data at {:#x} does not follow .text (ends {:#x})", data.address(), text_end));
        }
        image.data = data.data().map_err(|e| e.to_string())?.to_vec();
        data_index = Some(data.index());
    }
    let data_end = text_end + image.data.len() as u64;
    let mut bss_index = None;
    if let Some(bss) = section(".bss") {
        if bss.size() > 0 && bss.address() != data_end {
            return Err(format!(".bss at {:#x} does not follow .data (ends {:#x})", bss.address(), data_end));
        }
        image.bss_len = bss.size() as u32;
        bss_index = Some(bss.index());
    }
    // No other allocated section may exist: it would be lost.
    for s in file.sections() {
        let name = s.name().unwrap_or("?");
        let alloc =
            matches!(s.flags(), object::SectionFlags::Elf { sh_flags } if sh_flags & elf::SHF_ALLOC as u64 != 0);
        if alloc && s.size() > 0 && ![".text", ".data", ".bss"].contains(&name) {
            return Err(format!("unexpected allocated section {name}"));
        }
    }
    for seg in file.elf_program_headers() {
        let _ = seg.p_type(endian);
    }

    // In a linked executable a relocation's offset is the address it patches (text is at 0,
    // so it is also the offset in the text+data image).
    for index in [Some(text.index()), data_index] {
        let Some(index) = index else { continue };
        let s = file.section_by_index(index).map_err(|e| e.to_string())?;
        for (offset, reloc) in s.relocations() {
            let kind = reloc.flags();
            let object::RelocationFlags::Elf { r_type } = kind else { continue };
            let absolute_target = match reloc.target() {
                RelocationTarget::Symbol(si) => {
                    let sym = file.symbol_by_index(si).map_err(|e| e.to_string())?;
                    matches!(sym.section(), SymbolSection::Absolute)
                }
                RelocationTarget::Absolute => true,
                _ => false,
            };
            match r_type {
                elf::R_68K_32 if !absolute_target => {
                    let at = offset;
                    if at % 2 != 0 {
                        return Err(format!("relocation at odd offset {at:#x}"));
                    }
                    image.fixups.push(at as u32);
                }
                elf::R_68K_PC8 | elf::R_68K_PC16 | elf::R_68K_PC32 | elf::R_68K_NONE => {}
                _ if absolute_target => {}
                elf::R_68K_16 | elf::R_68K_8 => {
                    return Err(format!("16/8-bit absolute relocation at {:#x}: cannot be relocated by TOS", offset));
                }
                other => return Err(format!("unsupported relocation type {other} at {:#x}", offset)),
            }
        }
    }
    image.fixups.sort_unstable();
    image.fixups.dedup();

    for sym in file.symbols() {
        let Ok(name) = sym.name() else { continue };
        if name.is_empty()
            || name.starts_with('.')
            || name.starts_with("$")
            || sym.kind() == object::SymbolKind::Section
        {
            continue;
        }
        let kind = match sym.section_index() {
            Some(i) if i == text.index() => SymbolKind::Text,
            Some(i) if Some(i) == data_index => SymbolKind::Data,
            Some(i) if Some(i) == bss_index => SymbolKind::Bss,
            _ => continue,
        };
        let _: Option<SectionIndex> = sym.section_index();
        image.symbols.push((short_name(name), kind, sym.address() as u32));
    }
    image.symbols.sort_by_key(|s| s.2);
    Ok(image)
}

/// A readable name for Hatari's debugger: demangled, without the hash, the last path
/// segments kept within the 22 characters a GST extended DRI name holds.
pub fn short_name(mangled: &str) -> String {
    let demangled = format!("{:#}", rustc_demangle::demangle(mangled));
    let mut name: String = demangled.chars().filter(|c| !matches!(c, ' ' | '<' | '>')).collect();
    while name.len() > 22 {
        match name.find("::") {
            Some(i) => name = name[i + 2..].to_string(),
            None => {
                name.truncate(22);
                break;
            }
        }
    }
    name
}

/// Encodes the GEMDOS fixup table.
pub fn encode_fixups(fixups: &[u32]) -> Vec<u8> {
    let mut out = Vec::new();
    let Some((&first, rest)) = fixups.split_first() else {
        out.extend_from_slice(&0u32.to_be_bytes());
        return out;
    };
    out.extend_from_slice(&first.to_be_bytes());
    let mut at = first;
    for &f in rest {
        let mut delta = f - at;
        while delta > 254 {
            out.push(1);
            delta -= 254;
        }
        out.push(delta as u8);
        at = f;
    }
    out.push(0);
    out
}

/// Encodes a DRI symbol table with GST extended names (type bit $48: the next 14-byte slot
/// continues the name), which Hatari's debugger reads.
pub fn encode_symbols(symbols: &[(String, SymbolKind, u32)]) -> Vec<u8> {
    let mut out = Vec::new();
    for (name, kind, value) in symbols {
        let bytes = name.as_bytes();
        let mut ty: u16 = 0x8000 | 0x2000; // defined, global
        ty |= match kind {
            SymbolKind::Text => 0x0200,
            SymbolKind::Data => 0x0400,
            SymbolKind::Bss => 0x0100,
        };
        let extended = bytes.len() > 8;
        if extended {
            ty |= 0x0048;
        }
        let mut first = [0u8; 8];
        first[..bytes.len().min(8)].copy_from_slice(&bytes[..bytes.len().min(8)]);
        out.extend_from_slice(&first);
        out.extend_from_slice(&ty.to_be_bytes());
        out.extend_from_slice(&value.to_be_bytes());
        if extended {
            let mut more = [0u8; 14];
            let tail = &bytes[8..bytes.len().min(22)];
            more[..tail.len()].copy_from_slice(tail);
            out.extend_from_slice(&more);
        }
    }
    out
}

/// The whole executable file.
pub fn write_executable(image: &Image, with_symbols: bool) -> Vec<u8> {
    let symbols = if with_symbols { encode_symbols(&image.symbols) } else { Vec::new() };
    let mut out = Vec::new();
    out.extend_from_slice(&0x601Au16.to_be_bytes());
    out.extend_from_slice(&(image.text.len() as u32).to_be_bytes());
    out.extend_from_slice(&(image.data.len() as u32).to_be_bytes());
    out.extend_from_slice(&image.bss_len.to_be_bytes());
    out.extend_from_slice(&(symbols.len() as u32).to_be_bytes());
    out.extend_from_slice(&0u32.to_be_bytes());
    out.extend_from_slice(&PRGFLAGS.to_be_bytes());
    out.extend_from_slice(&0u16.to_be_bytes());
    out.extend_from_slice(&image.text);
    out.extend_from_slice(&image.data);
    out.extend_from_slice(&symbols);
    out.extend_from_slice(&encode_fixups(&image.fixups));
    out
}

#[cfg(test)]
mod tests;
