//! GEM bit images (Digital Research's IMG, GEM Paint, Ventura, and most Atari programs) and
//! their XIMG extension with a palette.
//!
//! Header (big-endian words): 0 version (1, XIMG also 2); 1 header length in words (8, or
//! more); 2 planes (1–8); 3 pattern length in bytes; 4 and 5 pixel width and height in
//! microns; 6 line width in pixels; 7 lines. An XIMG header goes on with `"XIMG"`, a colour
//! model word (0: RGB, the only one read) and `2^planes` colours of three words, red, green
//! and blue from 0 to 1000, indexed by pixel value.
//!
//! Each line is stored plane after plane, `(width + 7) / 8` bytes a plane, coded as records:
//!
//! - `00 nn` + pattern (nn > 0): the pattern (pattern-length bytes) `nn` times;
//! - `00 00 FF nn`: the line that follows is used `nn` times (vertical replication);
//! - `80 nn` + bytes: `nn` bytes as they are;
//! - anything else, `b`: `b & 7F` bytes of `FF` if bit 7 is set, of `00` if not.
//!
//! A record that runs past the end of the line is cut there. Without XIMG, one plane is black
//! on white (1 = black); more planes, which plain GEM IMG gives no colours for, are read as
//! shades of grey from white (0) to black.

use alloc::vec::Vec;

use super::st::plane_line;
use super::{Argb, Format, Image, PictureError, Pixels, argb, be16, check_size, try_vec};

const F: Format = Format::GemImg;

/// Whether `data` looks like a GEM IMG: version 1 or 2, a header of 8 words or more that
/// fits the file, 1–8 planes (or 16, 24, 32, recognised to be refused), a pattern length of
/// 0–8, a size.
pub fn is_gem_img(data: &[u8]) -> bool {
    if data.len() < 16 {
        return false;
    }
    let (version, hlen, planes, patlen) = (be16(data, 0), be16(data, 2), be16(data, 4), be16(data, 6));
    (version == 1 || version == 2)
        && hlen >= 8
        && hlen as usize * 2 <= data.len()
        && ((1..=8).contains(&planes) || matches!(planes, 16 | 24 | 32))
        && patlen <= 8
        && be16(data, 12) > 0
        && be16(data, 14) > 0
}

/// Decodes a GEM IMG or XIMG.
pub fn decode(data: &[u8]) -> Result<Image, PictureError> {
    if !is_gem_img(data) {
        return Err(super::NOT_A_PICTURE);
    }
    let hlen = be16(data, 2) as usize * 2;
    let planes = be16(data, 4) as usize;
    let patlen = be16(data, 6) as usize;
    let (w, h) = (be16(data, 12) as u32, be16(data, 14) as u32);
    if planes > 8 {
        return Err(PictureError::unsupported(F, "only pictures of 1 to 8 planes are read"));
    }
    check_size(F, w, h)?;
    let palette = palette(data, hlen, planes)?;
    let plane_bytes = (w as usize).div_ceil(8);
    let mut line = try_vec(F, plane_bytes * planes, 0u8)?;
    let mut pixels = try_vec(F, plane_bytes * 8, 0u8)?;
    let mut index = try_vec(F, (w * h) as usize, 0u8)?;
    let mut pos = hlen;
    let mut y = 0usize;
    while y < h as usize {
        let repeat = read_line(data, &mut pos, patlen, &mut line)?;
        plane_line(&line, planes, plane_bytes, &mut pixels);
        for _ in 0..repeat {
            if y == h as usize {
                break;
            }
            index[y * w as usize..(y + 1) * w as usize].copy_from_slice(&pixels[..w as usize]);
            y += 1;
        }
    }
    let (pw, ph) = (be16(data, 8), be16(data, 10));
    let pixel_aspect = if pw > 0 && ph > 0 { (pw, ph) } else { (1, 1) };
    Ok(Image { width: w, height: h, pixels: Pixels::Indexed { index, palette }, pixel_aspect })
}

/// The colours: the XIMG palette if the header has one, else black on white or greys.
fn palette(data: &[u8], hlen: usize, planes: usize) -> Result<Vec<Argb>, PictureError> {
    let colours = 1usize << planes;
    let ximg = hlen >= 22 && &data[16..20] == b"XIMG";
    let mut out = Vec::with_capacity(colours);
    if ximg {
        if be16(data, 20) != 0 {
            return Err(PictureError::unsupported(F, "XIMG colours are not RGB"));
        }
        if hlen < 22 + 6 * colours {
            return Err(PictureError::corrupt(F, "the XIMG header is too short for its palette"));
        }
        let gun = |at: usize| (be16(data, at).min(1000) as u32 * 255 / 1000) as u8;
        for i in 0..colours {
            let at = 22 + 6 * i;
            out.push(argb(gun(at), gun(at + 2), gun(at + 4)));
        }
    } else {
        for i in 0..colours {
            let v = (255 - i * 255 / (colours - 1)) as u8;
            out.push(argb(v, v, v));
        }
    }
    Ok(out)
}

/// Decodes the records of one line (all its planes) into `line`, from `*pos` on; returns how
/// many times the line is used (1 unless a vertical replication came first).
fn read_line(data: &[u8], pos: &mut usize, patlen: usize, line: &mut [u8]) -> Result<usize, PictureError> {
    const ENDS: PictureError = PictureError::truncated(F, "the picture data ends early");
    let mut repeat = 1usize;
    let mut o = 0usize;
    // Every record uses at least one byte of the file, so this ends.
    while o < line.len() {
        let &b = data.get(*pos).ok_or(ENDS)?;
        *pos += 1;
        match b {
            0x00 => {
                let &n = data.get(*pos).ok_or(ENDS)?;
                *pos += 1;
                if n == 0 {
                    if data.get(*pos) != Some(&0xFF) {
                        return Err(PictureError::corrupt(F, "a vertical replication lacks its FF"));
                    }
                    let &count = data.get(*pos + 1).ok_or(ENDS)?;
                    *pos += 2;
                    repeat = (count as usize).max(1);
                } else {
                    let pattern = data.get(*pos..*pos + patlen).ok_or(ENDS)?;
                    *pos += patlen;
                    for _ in 0..n {
                        for &p in pattern {
                            if o < line.len() {
                                line[o] = p;
                                o += 1;
                            }
                        }
                    }
                }
            }
            0x80 => {
                let &n = data.get(*pos).ok_or(ENDS)?;
                let bytes = data.get(*pos + 1..*pos + 1 + n as usize).ok_or(ENDS)?;
                *pos += 1 + n as usize;
                let take = bytes.len().min(line.len() - o);
                line[o..o + take].copy_from_slice(&bytes[..take]);
                o += take;
            }
            _ => {
                let take = ((b & 0x7F) as usize).min(line.len() - o);
                line[o..o + take].fill(if b & 0x80 != 0 { 0xFF } else { 0x00 });
                o += take;
            }
        }
    }
    Ok(repeat)
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
