//! Truevision TGA pictures: colour-mapped, true-colour and grey, uncompressed or run-length
//! coded, 8, 15, 16, 24 and 32 bits a pixel.
//!
//! Header (18 bytes, little-endian): 0 length of the ID field; 1 colour-map type (0 none, 1
//! present); 2 image type (1 colour-mapped, 2 true colour, 3 grey; 9, 10, 11 the same
//! run-length coded); 3 first colour-map entry, 5 number of entries, 7 bits an entry (15, 16,
//! 24, 32); 8 and 10 origin; 12 width; 14 height; 16 bits a pixel; 17 descriptor (bits 0–3:
//! alpha bits; bit 4: right to left; bit 5: top to bottom). Then the ID, the colour map and
//! the pixels, bottom line first unless bit 5 says otherwise.
//!
//! Colours are stored blue, green, red (and alpha): 15 and 16 bits as a little-endian word
//! `ARRRRRGG GGGBBBBB`. Alpha counts only where the descriptor gives alpha bits (so the many
//! 32-bit files with an alpha of 0 and no alpha bits are opaque, as their programs meant).
//!
//! Run-length coding: a packet header `h`; `h & 7F` + 1 pixels follow as they are if bit 7 is
//! clear, or one pixel follows that many times if it is set. Packets run on across line ends
//! (TGA 1 allowed it and programs still write them); a packet past the last pixel is cut.
//! TGA has no signature: [`is_tga`] checks that the header is plausible, and [`sniff`](super::sniff)
//! tries it after every other format.

use alloc::vec::Vec;

use super::{Argb, Format, Image, PictureError, Pixels, argb, check_size, le16, try_vec};

const F: Format = Format::Tga;

/// The parts of the header this decoder uses.
#[derive(Clone, Copy, Debug)]
struct Header {
    id_len: usize,
    map_type: u8,
    image_type: u8,
    map_first: u16,
    map_len: u16,
    map_bits: u8,
    width: u32,
    height: u32,
    depth: u8,
    descriptor: u8,
}

fn header(data: &[u8]) -> Option<Header> {
    if data.len() < 18 {
        return None;
    }
    Some(Header {
        id_len: data[0] as usize,
        map_type: data[1],
        image_type: data[2],
        map_first: le16(data, 3),
        map_len: le16(data, 5),
        map_bits: data[7],
        width: le16(data, 12) as u32,
        height: le16(data, 14) as u32,
        depth: data[16],
        descriptor: data[17],
    })
}

/// Whether `data` has a plausible TGA header: a colour-map type of 0 or 1 (with a sensible
/// entry size if 1), a known image type, a known pixel depth for it, a size, and the
/// descriptor's two reserved bits clear.
pub fn is_tga(data: &[u8]) -> bool {
    let Some(h) = header(data) else { return false };
    let map_ok = match h.map_type {
        0 => true,
        1 => matches!(h.map_bits, 15 | 16 | 24 | 32),
        _ => false,
    };
    let depth_ok = match h.image_type & !8 {
        1 => matches!(h.depth, 8 | 16) && h.map_type == 1,
        2 => matches!(h.depth, 15 | 16 | 24 | 32),
        3 => h.depth == 8,
        _ => false,
    };
    map_ok && depth_ok && h.width > 0 && h.height > 0 && h.descriptor & 0xC0 == 0
}

/// Decodes a TGA picture.
pub fn decode(data: &[u8]) -> Result<Image, PictureError> {
    let Some(h) = header(data).filter(|_| is_tga(data)) else {
        // Near misses get a better message than "not a picture".
        return match header(data) {
            Some(h) if matches!(h.image_type, 32 | 33) => {
                Err(PictureError::unsupported(F, "Huffman-coded TGA is not read"))
            }
            _ => Err(super::NOT_A_PICTURE),
        };
    };
    check_size(F, h.width, h.height)?;
    let map_entry = (h.map_bits as usize).div_ceil(8);
    let map_start = 18 + h.id_len;
    let map_bytes = if h.map_type == 1 { h.map_len as usize * map_entry } else { 0 };
    let pixels_start = map_start + map_bytes;
    if pixels_start > data.len() {
        return Err(PictureError::truncated(F, "the file ends inside the colour map"));
    }
    let alpha_bits = h.descriptor & 15;
    let mapped = h.image_type & !8 == 1;
    let palette: Vec<Argb> = if mapped {
        data[map_start..pixels_start].chunks_exact(map_entry).map(|c| colour(c, h.map_bits, alpha_bits)).collect()
    } else {
        Vec::new()
    };
    let n = (h.width * h.height) as usize;
    let bpp = (h.depth as usize).div_ceil(8);
    let rle = h.image_type & 8 != 0;
    let src = &data[pixels_start..];
    // Pixels in file order, as the raw bytes of each (at most 4).
    let mut raw = try_vec(F, n * bpp, 0u8)?;
    if rle {
        unpack_rle(src, bpp, &mut raw)?;
    } else {
        let bytes = src.get(..n * bpp).ok_or(PictureError::truncated(F, "the file ends inside the pixels"))?;
        raw.copy_from_slice(bytes);
    }
    let (w, hh) = (h.width as usize, h.height as usize);
    // File order to picture order: bottom-up unless bit 5, left to right unless bit 4. The
    // file's pixel i of line r lands at `place(r) + step * i`.
    let (top_down, right_to_left) = (h.descriptor & 0x20 != 0, h.descriptor & 0x10 != 0);
    let line_start = |r: usize| -> usize {
        let y = if top_down { r } else { hh - 1 - r };
        if right_to_left { y * w + w - 1 } else { y * w }
    };
    let at = |r: usize, i: usize| if right_to_left { line_start(r) - i } else { line_start(r) + i };
    let pixels = if mapped && h.depth == 8 {
        // Entries before `map_first` do not exist: such an index reads as black.
        let first = h.map_first as usize;
        let mut index = try_vec(F, n, 0u8)?;
        let mut pal = Vec::with_capacity(256);
        for i in 0..256 {
            pal.push(if i >= first { palette.get(i - first).copied().unwrap_or(argb(0, 0, 0)) } else { argb(0, 0, 0) });
        }
        for (r, line) in raw.chunks_exact(w).enumerate() {
            for (i, &v) in line.iter().enumerate() {
                index[at(r, i)] = v;
            }
        }
        Pixels::Indexed { index, palette: pal }
    } else {
        let grey = h.image_type & !8 == 3;
        let mut out = try_vec(F, n, argb(0, 0, 0))?;
        for (r, line) in raw.chunks_exact(w * bpp).enumerate() {
            for (i, px) in line.chunks_exact(bpp).enumerate() {
                let c = if mapped {
                    let v = le16(px, 0) as usize;
                    v.checked_sub(h.map_first as usize).and_then(|k| palette.get(k)).copied().unwrap_or(argb(0, 0, 0))
                } else if grey {
                    argb(px[0], px[0], px[0])
                } else {
                    colour(px, h.depth, alpha_bits)
                };
                out[at(r, i)] = c;
            }
        }
        Pixels::Argb(out)
    };
    Ok(Image { width: h.width, height: h.height, pixels, pixel_aspect: (1, 1) })
}

/// One stored colour of `bits` bits (blue first) as ARGB; alpha only if the descriptor gives
/// alpha bits.
fn colour(c: &[u8], bits: u8, alpha_bits: u8) -> Argb {
    match bits {
        15 | 16 => {
            let v = u16::from_le_bytes([c[0], c[1]]);
            let five = |s: u16| -> u8 {
                let x = (v >> s & 31) as u8;
                x << 3 | x >> 2
            };
            let a = if bits == 16 && alpha_bits == 1 && v & 0x8000 == 0 { 0 } else { 255 };
            (a as u32) << 24 | (argb(five(10), five(5), five(0)) & 0x00FF_FFFF)
        }
        24 => argb(c[2], c[1], c[0]),
        _ => {
            let a = if alpha_bits >= 8 { c[3] } else { 255 };
            (a as u32) << 24 | (argb(c[2], c[1], c[0]) & 0x00FF_FFFF)
        }
    }
}

/// Run-length packets of `bpp`-byte pixels from `src` until `out` is full (packets cross
/// line ends; the last one is cut at the end).
fn unpack_rle(src: &[u8], bpp: usize, out: &mut [u8]) -> Result<(), PictureError> {
    const ENDS: PictureError = PictureError::truncated(F, "the run-length coded pixels end early");
    let (mut i, mut o) = (0usize, 0usize);
    while o < out.len() {
        let &hdr = src.get(i).ok_or(ENDS)?;
        i += 1;
        let count = (hdr & 0x7F) as usize + 1;
        let room = (out.len() - o) / bpp;
        if hdr & 0x80 != 0 {
            let px = src.get(i..i + bpp).ok_or(ENDS)?;
            i += bpp;
            for _ in 0..count.min(room) {
                out[o..o + bpp].copy_from_slice(px);
                o += bpp;
            }
        } else {
            let bytes = src.get(i..i + count * bpp).ok_or(ENDS)?;
            i += count * bpp;
            let take = count.min(room) * bpp;
            out[o..o + take].copy_from_slice(&bytes[..take]);
            o += take;
        }
    }
    Ok(())
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
