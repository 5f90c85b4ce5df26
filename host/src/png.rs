//! A small PNG writer and reader: images written as 8-bit indexed or 8-bit RGB, any 8-bit
//! non-interlaced PNG (grey, RGB, indexed, RGBA) read back as RGB, every chunk's CRC checked. Compression is
//! miniz_oxide's zlib; the chunk framing, CRC and filters are done here.

use crate::image::{IndexedImage, Rgb, RgbImage};

/// The eight bytes every PNG file starts with.
const SIGNATURE: &[u8; 8] = b"\x89PNG\r\n\x1a\n";

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

/// A whole file: signature, IHDR (8 bits per sample, `colour_type`), an optional palette,
/// the rows (`bytes_per_pixel` each pixel, filter None) compressed, IEND.
fn encode(width: usize, height: usize, colour_type: u8, palette: Option<&[Rgb]>, rows: &[u8]) -> Vec<u8> {
    let stride = rows.len() / height.max(1);
    let mut raw = Vec::with_capacity((stride + 1) * height);
    for row in rows.chunks(stride.max(1)) {
        raw.push(0); // filter type None
        raw.extend_from_slice(row);
    }
    let mut out = Vec::new();
    out.extend_from_slice(SIGNATURE);
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&(width as u32).to_be_bytes());
    ihdr.extend_from_slice(&(height as u32).to_be_bytes());
    ihdr.extend_from_slice(&[8, colour_type, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &ihdr);
    if let Some(palette) = palette {
        let plte: Vec<u8> = palette.iter().take(256).flatten().copied().collect();
        chunk(&mut out, b"PLTE", &plte);
    }
    chunk(&mut out, b"IDAT", &miniz_oxide::deflate::compress_to_vec_zlib(&raw, 9));
    chunk(&mut out, b"IEND", &[]);
    out
}

/// Encodes an image of palette indices as an 8-bit palette PNG (colour type 3).
///
/// Panics if the pixel count is not `width * height` (a caller's bug, not bad input).
pub fn encode_indexed(image: &IndexedImage) -> Vec<u8> {
    assert_eq!(
        image.pixels.len(),
        image.width * image.height,
        "pixel count of a {}x{} image",
        image.width,
        image.height
    );
    // A palette must cover every index used: pad it with black.
    let used = image.pixels.iter().copied().max().map_or(0, |m| m as usize + 1);
    let mut palette: Vec<Rgb> = image.palette.iter().take(256).copied().collect();
    palette.resize(palette.len().max(used).max(1), [0; 3]);
    encode(image.width, image.height, 3, Some(&palette), image.pixels)
}

/// Encodes an RGB image as an 8-bit truecolour PNG (colour type 2).
///
/// Panics if the pixel count is not `width * height`.
pub fn encode_rgb(image: &RgbImage) -> Vec<u8> {
    assert_eq!(image.rgb.len(), image.width * image.height, "pixel count of a {}x{} image", image.width, image.height);
    let bytes: Vec<u8> = image.rgb.iter().flatten().copied().collect();
    encode(image.width, image.height, 2, None, &bytes)
}

fn be32(bytes: &[u8]) -> u32 {
    u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]])
}

/// Decodes an 8-bit PNG of colour type 0, 2, 3 or 6 (no interlace) to RGB (alpha dropped).
/// Anything else, or a damaged file, gives a message.
pub fn decode(data: &[u8]) -> Result<RgbImage, String> {
    if data.len() < 8 || &data[..8] != SIGNATURE {
        return Err("not a PNG".into());
    }
    let mut p = 8;
    let mut header: Option<(usize, usize, u8)> = None;
    let mut plte: Vec<Rgb> = Vec::new();
    let mut idat = Vec::new();
    while p + 8 <= data.len() {
        let len = be32(&data[p..p + 4]) as usize;
        let kind = &data[p + 4..p + 8];
        let end = p.checked_add(12).and_then(|e| e.checked_add(len)).filter(|&e| e <= data.len());
        let end = end.ok_or("truncated chunk")?;
        let body = &data[p + 8..end - 4];
        if crc32(&data[p + 4..end - 4]) != be32(&data[end - 4..end]) {
            return Err(format!("CRC error in chunk {}", String::from_utf8_lossy(kind)));
        }
        match kind {
            b"IHDR" => {
                if body.len() != 13 {
                    return Err("bad IHDR".into());
                }
                if body[8] != 8 || body[12] != 0 {
                    return Err("only 8-bit non-interlaced PNGs".into());
                }
                header = Some((be32(&body[0..4]) as usize, be32(&body[4..8]) as usize, body[9]));
            }
            b"PLTE" => plte = body.as_chunks::<3>().0.to_vec(),
            b"IDAT" => idat.extend_from_slice(body),
            b"IEND" => break,
            _ => {}
        }
        p = end;
    }
    let (w, h, ctype) = header.ok_or("no IHDR")?;
    let bpp = match ctype {
        0 | 3 => 1,
        2 => 3,
        6 => 4,
        _ => return Err(format!("colour type {ctype} unsupported")),
    };
    let stride = w.checked_mul(bpp).ok_or("image too wide")?;
    let raw = miniz_oxide::inflate::decompress_to_vec_zlib(&idat).map_err(|e| format!("zlib: {e:?}"))?;
    if raw.len() < (stride + 1).saturating_mul(h) {
        return Err("image data too short".into());
    }
    let mut prev = vec![0u8; stride];
    let mut rgb = Vec::with_capacity(w * h);
    for line in raw.chunks_exact(stride + 1).take(h) {
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
                4 => paeth(a, b, c),
                f => return Err(format!("bad filter {f}")),
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
    Ok(RgbImage { width: w, height: h, rgb })
}

/// The Paeth predictor of the PNG specification: whichever of left, above, upper-left is
/// closest to left + above − upper-left.
fn paeth(a: i16, b: i16, c: i16) -> i16 {
    let p = a + b - c;
    let (pa, pb, pc) = ((p - a).abs(), (p - b).abs(), (p - c).abs());
    if pa <= pb && pa <= pc {
        a
    } else if pb <= pc {
        b
    } else {
        c
    }
}

#[cfg(test)]
mod tests;
