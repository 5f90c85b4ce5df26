//! A minimal PNG writer and reader for host code (tests and the `puzzle` command-line tool):
//! 8-bit indexed images written, any 8-bit non-interlaced PNG read back as RGB. Compression is
//! miniz_oxide's zlib; the chunk framing, CRC and filters are done here.
//!
//! This file depends on nothing else in the crate so host tools can include it by path.

use std::string::String;
use std::vec::Vec;
use std::{format, vec};

fn crc32(data: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &b in data {
        crc ^= b as u32;
        for _ in 0..8 {
            crc = if crc & 1 != 0 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let mut body = Vec::with_capacity(4 + data.len());
    body.extend_from_slice(kind);
    body.extend_from_slice(data);
    out.extend_from_slice(&body);
    out.extend_from_slice(&crc32(&body).to_be_bytes());
}

/// Encodes a `w`×`h` image of palette indices as an 8-bit palette PNG.
pub fn encode_indexed(w: usize, h: usize, pixels: &[u8], palette: &[[u8; 3]]) -> Vec<u8> {
    let mut raw = Vec::with_capacity((w + 1) * h);
    for row in pixels.chunks(w) {
        raw.push(0); // filter type None
        raw.extend_from_slice(row);
    }
    let mut out = Vec::new();
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&(w as u32).to_be_bytes());
    ihdr.extend_from_slice(&(h as u32).to_be_bytes());
    ihdr.extend_from_slice(&[8, 3, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &ihdr);
    let mut plte = Vec::with_capacity(768);
    for c in palette.iter().take(256) {
        plte.extend_from_slice(c);
    }
    chunk(&mut out, b"PLTE", &plte);
    chunk(&mut out, b"IDAT", &miniz_oxide::deflate::compress_to_vec_zlib(&raw, 9));
    chunk(&mut out, b"IEND", &[]);
    out
}

/// A decoded image: width, height, RGB triples row by row.
pub struct Image {
    pub width: usize,
    pub height: usize,
    pub rgb: Vec<[u8; 3]>,
}

/// Decodes an 8-bit PNG of colour type 0, 2, 3 or 6 (no interlace).
pub fn decode(data: &[u8]) -> Result<Image, String> {
    if data.len() < 8 || &data[..8] != b"\x89PNG\r\n\x1a\n" {
        return Err("not a PNG".into());
    }
    let mut p = 8;
    let (mut w, mut h, mut ctype) = (0usize, 0usize, 0u8);
    let mut plte: Vec<[u8; 3]> = Vec::new();
    let mut idat = Vec::new();
    while p + 8 <= data.len() {
        let len = u32::from_be_bytes(data[p..p + 4].try_into().unwrap()) as usize;
        let kind = &data[p + 4..p + 8];
        let body = data.get(p + 8..p + 8 + len).ok_or("truncated chunk")?;
        match kind {
            b"IHDR" => {
                w = u32::from_be_bytes(body[0..4].try_into().unwrap()) as usize;
                h = u32::from_be_bytes(body[4..8].try_into().unwrap()) as usize;
                if body[8] != 8 || body[12] != 0 {
                    return Err("only 8-bit non-interlaced PNGs".into());
                }
                ctype = body[9];
            }
            b"PLTE" => plte = body.chunks(3).map(|c| [c[0], c[1], c[2]]).collect(),
            b"IDAT" => idat.extend_from_slice(body),
            b"IEND" => break,
            _ => {}
        }
        p += 12 + len;
    }
    let raw = miniz_oxide::inflate::decompress_to_vec_zlib(&idat).map_err(|e| format!("zlib: {:?}", e))?;
    let bpp = match ctype {
        0 | 3 => 1,
        2 => 3,
        6 => 4,
        _ => return Err(format!("colour type {} unsupported", ctype)),
    };
    let stride = w * bpp;
    if raw.len() < (stride + 1) * h {
        return Err("image data too short".into());
    }
    let mut prev = vec![0u8; stride];
    let mut rgb = Vec::with_capacity(w * h);
    for y in 0..h {
        let line = &raw[y * (stride + 1)..(y + 1) * (stride + 1)];
        let mut cur = line[1..].to_vec();
        for i in 0..stride {
            let a = if i >= bpp { cur[i - bpp] as i16 } else { 0 };
            let b = prev[i] as i16;
            let c = if i >= bpp { prev[i - bpp] as i16 } else { 0 };
            let pred = match line[0] {
                0 => 0,
                1 => a,
                2 => b,
                3 => (a + b) / 2,
                4 => {
                    let pp = a + b - c;
                    let (pa, pb, pc) = ((pp - a).abs(), (pp - b).abs(), (pp - c).abs());
                    if pa <= pb && pa <= pc {
                        a
                    } else if pb <= pc {
                        b
                    } else {
                        c
                    }
                }
                f => return Err(format!("bad filter {}", f)),
            };
            cur[i] = cur[i].wrapping_add(pred as u8);
        }
        for x in 0..w {
            rgb.push(match ctype {
                0 => [cur[x]; 3],
                3 => *plte.get(cur[x] as usize).ok_or("palette index out of range")?,
                _ => [cur[x * bpp], cur[x * bpp + 1], cur[x * bpp + 2]],
            });
        }
        prev = cur;
    }
    Ok(Image { width: w, height: h, rgb })
}

#[cfg(test)]
mod host_tests {
    use super::*;

    #[test]
    fn crc_of_iend_is_the_published_constant() {
        assert_eq!(crc32(b"IEND"), 0xAE42_6082);
    }

    #[test]
    fn png_round_trip() {
        let palette = [[0, 0, 0], [255, 0, 0], [0, 0, 255]];
        let pixels: Vec<u8> = (0..32 * 8).map(|i| (i * 7 % 3) as u8).collect();
        let img = decode(&encode_indexed(32, 8, &pixels, &palette)).unwrap();
        assert_eq!((img.width, img.height), (32, 8));
        let expected: Vec<[u8; 3]> = pixels.iter().map(|&p| palette[p as usize]).collect();
        assert_eq!(img.rgb, expected);
    }
}
