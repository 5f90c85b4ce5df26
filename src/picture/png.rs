//! PNG pictures: every colour type and bit depth of the specification, interlaced (Adam7)
//! or not, with transparency (tRNS), every chunk's CRC checked.
//!
//! A PNG file is an 8-byte signature, then chunks: a 4-byte length, a 4-byte type, the data,
//! a CRC-32 of type and data. IHDR (first) gives the size, bit depth, colour type and
//! interlace method; PLTE the palette; tRNS transparency; the IDAT chunks together one zlib
//! stream; IEND the end. Other chunks are skipped when their type says they are ancillary
//! (first letter lower case) and refused when it says they are critical.
//!
//! The zlib stream is inflated by `miniz_oxide` *as the IDAT chunks come*, into a 32 KiB
//! window, and each line is unfiltered (None, Sub, Up, Average, Paeth) and converted as soon
//! as it is complete: the file's decompressed data never exists as a whole, only the picture
//! (one byte a pixel for palette and grey pictures of up to 8 bits, one colour word a pixel
//! otherwise) and two lines. Samples of 16 bits keep their high byte. An interlaced picture
//! is seven reduced pictures (passes) of the same lines, each placed on its grid as it comes.
//!
//! Safety: the size is checked before anything is allocated ([`check_size`]); a stream that
//! goes on after the picture is complete is read for at most 64 KiB more (enough for its
//! checksum, not for a "zip bomb"); a file that ends after the last line but without IEND is
//! accepted, one that ends before is truncated.

use alloc::boxed::Box;
use alloc::vec::Vec;

use miniz_oxide::inflate::TINFLStatus;
use miniz_oxide::inflate::core::{DecompressorOxide, decompress, inflate_flags};

use super::{Argb, Format, Image, PictureError, Pixels, argb, check_size, try_vec};

const F: Format = Format::Png;

/// The eight bytes every PNG file starts with.
pub const SIGNATURE: [u8; 8] = *b"\x89PNG\r\n\x1a\n";

/// Whether `data` starts with the PNG signature.
pub fn is_png(data: &[u8]) -> bool {
    data.starts_with(&SIGNATURE)
}

/// The CRC-32 table (polynomial $EDB88320, the one of PNG, zlib and Ethernet).
const CRC_TABLE: [u32; 256] = {
    let mut t = [0u32; 256];
    let mut n = 0;
    while n < 256 {
        let mut c = n as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 { 0xEDB8_8320 ^ (c >> 1) } else { c >> 1 };
            k += 1;
        }
        t[n] = c;
        n += 1;
    }
    t
};

/// The table at one place in memory, for the 68030's loop.
#[cfg(all(target_arch = "m68k", feature = "target"))]
static CRC_TABLE_STATIC: [u32; 256] = CRC_TABLE;

#[cfg(all(target_arch = "m68k", feature = "target"))]
unsafe extern "C" {
    fn pic_crc32(c: u32, data: *const u8, n: u32, table: *const u32) -> u32;
    fn pic_unfilter(filter: u32, line: *mut u8, prev: *const u8, n: u32, unit: u32);
    fn pic_rgb(row: *const u8, out: *mut u32, n: u32, channels: u32);
    fn pic_adler32(adler: u32, data: *const u8, n: u32) -> u32;
}

/// The CRC-32 of `data`.
pub fn crc32(data: &[u8]) -> u32 {
    #[cfg(all(target_arch = "m68k", feature = "target"))]
    {
        // SAFETY: reads `data` and the 256-entry table (every index is a byte).
        !unsafe { pic_crc32(0xFFFF_FFFF, data.as_ptr(), data.len() as u32, CRC_TABLE_STATIC.as_ptr()) }
    }
    #[cfg(not(all(target_arch = "m68k", feature = "target")))]
    {
        let mut c = 0xFFFF_FFFFu32;
        for &b in data {
            c = CRC_TABLE[((c ^ b as u32) & 0xFF) as usize] ^ (c >> 8);
        }
        !c
    }
}

/// The zlib checksum (Adler-32) `adler` updated with `data`: `s2 << 16 | s1`, s1 one plus the
/// bytes and s2 the sum of the s1s, both modulo 65521. Start with 1.
///
/// The inflater is told to ignore the checksum and this checks it instead: miniz_oxide's
/// own loop cost the 68030 some 47 cycles a byte (docs/pictures.md, "How fitting is made fast").
pub fn adler32(adler: u32, data: &[u8]) -> u32 {
    #[cfg(all(target_arch = "m68k", feature = "target"))]
    {
        // SAFETY: reads the `data.len()` bytes of `data`.
        unsafe { pic_adler32(adler, data.as_ptr(), data.len() as u32) }
    }
    #[cfg(not(all(target_arch = "m68k", feature = "target")))]
    {
        /// The most bytes after which s2 still fits 32 bits (zlib's NMAX).
        const NMAX: usize = 5552;
        let (mut s1, mut s2) = (adler & 0xFFFF, adler >> 16);
        for block in data.chunks(NMAX) {
            for &b in block {
                s1 += b as u32;
                s2 += s1;
            }
            s1 %= 65521;
            s2 %= 65521;
        }
        s2 << 16 | s1
    }
}

fn be32(d: &[u8]) -> u32 {
    u32::from_be_bytes([d[0], d[1], d[2], d[3]])
}

/// The colour types: 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGB + alpha.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Header {
    width: u32,
    height: u32,
    depth: u8,
    colour: u8,
    interlaced: bool,
}

impl Header {
    fn channels(&self) -> usize {
        match self.colour {
            0 | 3 => 1,
            4 => 2,
            2 => 3,
            _ => 4,
        }
    }
    fn bits_per_pixel(&self) -> usize {
        self.channels() * self.depth as usize
    }
    /// Whether the picture is kept as one byte a pixel with a palette.
    fn indexed(&self) -> bool {
        self.colour == 3 || (self.colour == 0 && self.depth <= 8)
    }
}

fn parse_header(d: &[u8]) -> Result<Header, PictureError> {
    if d.len() != 13 {
        return Err(PictureError::corrupt(F, "the IHDR chunk has the wrong length"));
    }
    let h = Header { width: be32(&d[0..4]), height: be32(&d[4..8]), depth: d[8], colour: d[9], interlaced: d[12] == 1 };
    let depth_ok = match h.colour {
        0 => matches!(h.depth, 1 | 2 | 4 | 8 | 16),
        3 => matches!(h.depth, 1 | 2 | 4 | 8),
        2 | 4 | 6 => matches!(h.depth, 8 | 16),
        _ => return Err(PictureError::corrupt(F, "unknown colour type")),
    };
    if !depth_ok {
        return Err(PictureError::corrupt(F, "bit depth not allowed for the colour type"));
    }
    if d[10] != 0 {
        return Err(PictureError::unsupported(F, "unknown compression method"));
    }
    if d[11] != 0 {
        return Err(PictureError::unsupported(F, "unknown filter method"));
    }
    if d[12] > 1 {
        return Err(PictureError::unsupported(F, "unknown interlace method"));
    }
    check_size(F, h.width, h.height)?;
    Ok(h)
}

/// The Adam7 passes: first column, first row, column step, row step.
const ADAM7: [(u32, u32, u32, u32); 7] =
    [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)];
const WHOLE: [(u32, u32, u32, u32); 1] = [(0, 0, 1, 1)];

/// Transparency from tRNS: for palette pictures an alpha per entry; for grey and RGB one
/// colour (in samples of the picture's depth) that is transparent.
#[derive(Clone, Debug, Default)]
struct Transparency {
    alphas: Vec<u8>,
    key: Option<[u16; 3]>,
}

/// The lines of the picture as they come out of the inflater.
struct Lines {
    h: Header,
    passes: &'static [(u32, u32, u32, u32)],
    pass: usize,
    /// Pixels a line and lines of the current pass.
    pass_w: u32,
    pass_h: u32,
    line: u32,
    /// Bytes of a line of the current pass, without its filter byte.
    line_bytes: usize,
    /// The filter's unit: bytes of a pixel, at least 1.
    unit: usize,
    /// The line being filled (its filter byte first), and the line before it (from its
    /// second byte: the two are swapped when a line is done, not copied).
    cur: Vec<u8>,
    prev: Vec<u8>,
    filled: usize,
    done: bool,
    out: Pixels,
    key: Option<[u16; 3]>,
}

impl Lines {
    fn new(h: Header, palette: &[Argb], trns: &Transparency) -> Result<Lines, PictureError> {
        let n = (h.width * h.height) as usize;
        let out = if h.indexed() {
            let mut pal: Vec<Argb> = if h.colour == 3 {
                palette.to_vec()
            } else {
                let levels = 1u32 << h.depth;
                (0..levels).map(|v| (v * 255 / (levels - 1)) as u8).map(|g| argb(g, g, g)).collect()
            };
            if h.colour == 3 {
                for (c, &a) in pal.iter_mut().zip(&trns.alphas) {
                    *c = (*c & 0x00FF_FFFF) | (a as u32) << 24;
                }
            } else if let Some([k, _, _]) = trns.key {
                if let Some(c) = pal.get_mut(k as usize) {
                    *c &= 0x00FF_FFFF;
                }
            }
            Pixels::Indexed { index: try_vec(F, n, 0u8)?, palette: pal }
        } else {
            Pixels::Argb(try_vec(F, n, 0u32)?)
        };
        // The widest line of any pass is the whole picture's.
        let widest = (h.width as usize * h.bits_per_pixel()).div_ceil(8);
        let mut lines = Lines {
            h,
            passes: if h.interlaced { &ADAM7 } else { &WHOLE },
            pass: 0,
            pass_w: 0,
            pass_h: 0,
            line: 0,
            line_bytes: 0,
            unit: (h.bits_per_pixel() / 8).max(1),
            cur: try_vec(F, widest + 1, 0u8)?,
            prev: try_vec(F, widest + 1, 0u8)?,
            filled: 0,
            done: false,
            out,
            key: if h.indexed() { None } else { trns.key },
        };
        lines.start_pass(0);
        Ok(lines)
    }

    /// Starts pass `p` (or the first non-empty one after it); done after the last.
    fn start_pass(&mut self, mut p: usize) {
        while p < self.passes.len() {
            let (x0, y0, dx, dy) = self.passes[p];
            let w = if self.h.width > x0 { (self.h.width - x0).div_ceil(dx) } else { 0 };
            let h = if self.h.height > y0 { (self.h.height - y0).div_ceil(dy) } else { 0 };
            if w > 0 && h > 0 {
                self.pass = p;
                self.pass_w = w;
                self.pass_h = h;
                self.line = 0;
                self.line_bytes = (w as usize * self.h.bits_per_pixel()).div_ceil(8);
                self.prev[1..self.line_bytes + 1].fill(0);
                self.filled = 0;
                return;
            }
            p += 1;
        }
        self.done = true;
    }

    /// Takes decompressed bytes; whatever comes after the last line is ignored.
    fn take(&mut self, mut data: &[u8]) -> Result<(), PictureError> {
        while !data.is_empty() && !self.done {
            let want = self.line_bytes + 1 - self.filled;
            let n = want.min(data.len());
            self.cur[self.filled..self.filled + n].copy_from_slice(&data[..n]);
            self.filled += n;
            data = &data[n..];
            if self.filled == self.line_bytes + 1 {
                self.finish_line()?;
            }
        }
        Ok(())
    }

    fn finish_line(&mut self) -> Result<(), PictureError> {
        let len = self.line_bytes;
        let filter = self.cur[0];
        unfilter(filter, &mut self.cur[1..len + 1], &self.prev[1..len + 1], self.unit)?;
        let (x0, y0, dx, dy) = self.passes[self.pass];
        let y = y0 + self.line * dy;
        self.emit(y, x0, dx);
        core::mem::swap(&mut self.cur, &mut self.prev);
        self.filled = 0;
        self.line += 1;
        if self.line == self.pass_h {
            self.start_pass(self.pass + 1);
        }
        Ok(())
    }

    /// Puts the unfiltered line (in `cur[1..]`) into the picture at line `y`, pixel `i` of
    /// the line at column `x0 + i * dx`.
    fn emit(&mut self, y: u32, x0: u32, dx: u32) {
        let row = &self.cur[1..self.line_bytes + 1];
        let (w, depth) = (self.pass_w as usize, self.h.depth);
        let base = (y * self.h.width + x0) as usize;
        let dx = dx as usize;
        match &mut self.out {
            Pixels::Indexed { index, .. } => {
                if depth == 8 {
                    for (i, &v) in row[..w].iter().enumerate() {
                        index[base + i * dx] = v;
                    }
                } else {
                    let per_byte = 8 / depth as usize;
                    let mask = (1u8 << depth) - 1;
                    for i in 0..w {
                        let b = row[i / per_byte];
                        let shift = 8 - depth as usize * (i % per_byte + 1);
                        index[base + i * dx] = b >> shift & mask;
                    }
                }
            }
            Pixels::Argb(px) if depth == 8 && matches!(self.h.colour, 2 | 6) && self.key.is_none() => {
                // The common case, 8-bit RGB or RGBA without a colour key: no decision per
                // sample (the general loop below costs the 68030 some 900 cycles a pixel).
                let c = self.h.channels();
                let opaque = if c == 3 { 0xFF00_0000 } else { 0 };
                let samples = row[..w * c].chunks_exact(c);
                let colour = |s: &[u8]| {
                    let alpha = if c == 4 { (s[3] as u32) << 24 } else { opaque };
                    alpha | (s[0] as u32) << 16 | (s[1] as u32) << 8 | s[2] as u32
                };
                if dx == 1 {
                    let out = &mut px[base..base + w];
                    #[cfg(all(target_arch = "m68k", feature = "target"))]
                    {
                        let row = &row[..w * c];
                        // SAFETY: `w` pixels of `c` bytes read from `row`, `w` written to
                        // `out` (both slices are that long).
                        unsafe { pic_rgb(row.as_ptr(), out.as_mut_ptr(), w as u32, c as u32) }
                    }
                    #[cfg(not(all(target_arch = "m68k", feature = "target")))]
                    for (o, s) in out.iter_mut().zip(samples) {
                        *o = colour(s);
                    }
                } else {
                    for (o, s) in px[base..].iter_mut().step_by(dx).zip(samples) {
                        *o = colour(s);
                    }
                }
            }
            Pixels::Argb(px) => {
                let c = self.h.channels();
                let bytes = depth as usize / 8;
                let sample = |i: usize, ch: usize| -> u16 {
                    let at = (i * c + ch) * bytes;
                    if bytes == 2 { u16::from_be_bytes([row[at], row[at + 1]]) } else { row[at] as u16 }
                };
                let high = |v: u16| if bytes == 2 { (v >> 8) as u8 } else { v as u8 };
                for i in 0..w {
                    let colour = match self.h.colour {
                        0 => {
                            let g = sample(i, 0);
                            let a = if self.key.is_some_and(|k| k[0] == g) { 0 } else { 255 };
                            (a as u32) << 24 | (argb(high(g), high(g), high(g)) & 0xFF_FFFF)
                        }
                        2 => {
                            let (r, g, b) = (sample(i, 0), sample(i, 1), sample(i, 2));
                            let a = if self.key == Some([r, g, b]) { 0 } else { 255 };
                            (a as u32) << 24 | (argb(high(r), high(g), high(b)) & 0xFF_FFFF)
                        }
                        4 => {
                            let g = high(sample(i, 0));
                            (high(sample(i, 1)) as u32) << 24 | (argb(g, g, g) & 0xFF_FFFF)
                        }
                        _ => {
                            let (r, g, b) = (high(sample(i, 0)), high(sample(i, 1)), high(sample(i, 2)));
                            (high(sample(i, 3)) as u32) << 24 | (argb(r, g, b) & 0xFF_FFFF)
                        }
                    };
                    px[base + i * dx] = colour;
                }
            }
        }
    }
}

/// Undoes the filter of one line: `line` holds the filtered bytes and gets the real ones,
/// `prev` is the line above (zeros for the first of a pass), `unit` the bytes of a pixel.
fn unfilter(filter: u8, line: &mut [u8], prev: &[u8], unit: usize) -> Result<(), PictureError> {
    let n = line.len();
    #[cfg(all(target_arch = "m68k", feature = "target"))]
    if (1..=4).contains(&filter) {
        assert!(prev.len() >= n && unit >= 1);
        // SAFETY: `n` bytes of `line` rewritten, `n` of `prev` read (checked above).
        unsafe { pic_unfilter(filter as u32, line.as_mut_ptr(), prev.as_ptr(), n as u32, unit as u32) };
        return Ok(());
    }
    match filter {
        0 => {}
        1 => {
            for i in unit..n {
                line[i] = line[i].wrapping_add(line[i - unit]);
            }
        }
        2 => {
            for i in 0..n {
                line[i] = line[i].wrapping_add(prev[i]);
            }
        }
        3 => {
            for i in 0..n {
                let left = if i >= unit { line[i - unit] as u16 } else { 0 };
                line[i] = line[i].wrapping_add(((left + prev[i] as u16) / 2) as u8);
            }
        }
        4 => {
            for i in 0..n {
                let (a, c) = if i >= unit { (line[i - unit], prev[i - unit]) } else { (0, 0) };
                line[i] = line[i].wrapping_add(paeth(a, prev[i], c));
            }
        }
        _ => return Err(PictureError::corrupt(F, "a line has an unknown filter type")),
    }
    Ok(())
}

/// The Paeth predictor: whichever of left (`a`), above (`b`) and upper left (`c`) is
/// closest to `a + b - c`, in that order of preference.
fn paeth(a: u8, b: u8, c: u8) -> u8 {
    let (ia, ib, ic) = (a as i16, b as i16, c as i16);
    let p = ia + ib - ic;
    let (pa, pb, pc) = ((p - ia).abs(), (p - ib).abs(), (p - ic).abs());
    if pa <= pb && pa <= pc {
        a
    } else if pb <= pc {
        b
    } else {
        c
    }
}

/// The zlib stream of the IDAT chunks, inflated a piece at a time into a 32 KiB window.
struct Inflater {
    state: Box<DecompressorOxide>,
    window: Vec<u8>,
    at: usize,
    done: bool,
    /// Bytes inflated after the picture was complete.
    extra: usize,
    /// The checksum of the bytes inflated so far ([`adler32`]).
    adler: u32,
}

/// How much a stream may go on after the last line before the rest is not read.
const MAX_EXTRA: usize = 64 * 1024;

impl Inflater {
    fn new() -> Result<Self, PictureError> {
        let window = try_vec(F, miniz_oxide::inflate::core::TINFL_LZ_DICT_SIZE, 0u8)?;
        Ok(Inflater { state: Box::default(), window, at: 0, done: false, extra: 0, adler: 1 })
    }

    /// Inflates `input` (one IDAT chunk's data; `more`: other chunks may follow) into
    /// `lines`.
    fn feed(&mut self, mut input: &[u8], more: bool, lines: &mut Lines) -> Result<(), PictureError> {
        use inflate_flags::*;
        // The checksum is computed here ([`adler32`]) and compared with the stream's at its end.
        let flags =
            TINFL_FLAG_PARSE_ZLIB_HEADER | TINFL_FLAG_IGNORE_ADLER32 | if more { TINFL_FLAG_HAS_MORE_INPUT } else { 0 };
        while !self.done {
            let (status, used, made) = decompress(&mut self.state, input, &mut self.window, self.at, flags);
            input = &input[used..];
            self.adler = adler32(self.adler, &self.window[self.at..self.at + made]);
            if lines.done {
                self.extra += made;
            } else {
                lines.take(&self.window[self.at..self.at + made])?;
            }
            self.at = (self.at + made) & (self.window.len() - 1);
            match status {
                TINFLStatus::Done if self.state.adler32_header() != Some(self.adler) => {
                    return Err(PictureError::corrupt(F, "the checksum of the image data is wrong"));
                }
                TINFLStatus::Done => self.done = true,
                // The window is full: go on (the inflater always makes some output here).
                TINFLStatus::HasMoreOutput if made > 0 => {}
                // This chunk is used up; the next one goes on.
                TINFLStatus::NeedsMoreInput => return Ok(()),
                // The stream stops short, but after the last line: only its checksum is lost.
                TINFLStatus::FailedCannotMakeProgress if lines.done => self.done = true,
                TINFLStatus::FailedCannotMakeProgress => {
                    return Err(PictureError::truncated(F, "the compressed image data ends early"));
                }
                TINFLStatus::Adler32Mismatch => {
                    return Err(PictureError::corrupt(F, "the checksum of the image data is wrong"));
                }
                _ => return Err(PictureError::corrupt(F, "the compressed image data is damaged")),
            }
            if self.extra > MAX_EXTRA {
                // The picture is complete; what follows is not worth reading.
                self.done = true;
            }
        }
        Ok(())
    }
}

/// Decodes a PNG file.
pub fn decode(data: &[u8]) -> Result<Image, PictureError> {
    if !is_png(data) {
        return Err(super::NOT_A_PICTURE);
    }
    let mut pos = SIGNATURE.len();
    let mut header: Option<Header> = None;
    let mut palette: Vec<Argb> = Vec::new();
    let mut trns = Transparency::default();
    let mut lines: Option<Lines> = None;
    let mut inflater: Option<Inflater> = None;
    let mut idat_ended = false;
    loop {
        let Some(head) = data.get(pos..pos + 8) else {
            // Without IEND: fine if the picture is complete.
            if lines.as_ref().is_some_and(|l| l.done) {
                break;
            }
            return Err(PictureError::truncated(F, "the file ends before the picture does"));
        };
        let len = be32(&head[0..4]) as usize;
        let kind: [u8; 4] = [head[4], head[5], head[6], head[7]];
        if len > 0x7FFF_FFFF {
            return Err(PictureError::corrupt(F, "a chunk claims more than 2 GiB"));
        }
        let Some(end) = pos.checked_add(12 + len).filter(|&e| e <= data.len()) else {
            if lines.as_ref().is_some_and(|l| l.done) {
                break;
            }
            return Err(PictureError::truncated(F, "the file ends inside a chunk"));
        };
        let body = &data[pos + 8..pos + 8 + len];
        if crc32(&data[pos + 4..pos + 8 + len]) != be32(&data[end - 4..end]) {
            return Err(PictureError::corrupt(F, "a chunk's checksum (CRC) is wrong"));
        }
        pos = end;
        if header.is_none() && &kind != b"IHDR" {
            return Err(PictureError::corrupt(F, "the first chunk is not IHDR"));
        }
        if &kind != b"IDAT" && inflater.is_some() {
            idat_ended = true;
        }
        match &kind {
            b"IHDR" => {
                if header.is_some() {
                    return Err(PictureError::corrupt(F, "two IHDR chunks"));
                }
                header = Some(parse_header(body)?);
            }
            b"PLTE" => {
                if len % 3 != 0 || len == 0 || len > 768 {
                    return Err(PictureError::corrupt(F, "the palette (PLTE) has a bad length"));
                }
                palette = body.as_chunks::<3>().0.iter().map(|&[r, g, b]| argb(r, g, b)).collect();
            }
            b"tRNS" => trns = transparency(header.as_ref(), body)?,
            b"IDAT" => {
                if idat_ended {
                    return Err(PictureError::corrupt(F, "the IDAT chunks are not together"));
                }
                let h = header.unwrap_or_else(|| unreachable!("IHDR came first"));
                if lines.is_none() {
                    if h.colour == 3 && palette.is_empty() {
                        return Err(PictureError::corrupt(F, "a palette picture without a palette"));
                    }
                    lines = Some(Lines::new(h, &palette, &trns)?);
                    inflater = Some(Inflater::new()?);
                }
                if let (Some(l), Some(inf)) = (lines.as_mut(), inflater.as_mut()) {
                    inf.feed(body, true, l)?;
                }
            }
            b"IEND" => break,
            _ => {
                if kind[0] & 0x20 == 0 {
                    return Err(PictureError::unsupported(F, "an unknown critical chunk"));
                }
            }
        }
    }
    let (Some(mut lines), Some(mut inf)) = (lines, inflater) else {
        return Err(PictureError::corrupt(F, "there is no image data (IDAT)"));
    };
    inf.feed(&[], false, &mut lines)?;
    if !lines.done {
        return Err(PictureError::corrupt(F, "the image data is shorter than the picture"));
    }
    let h = lines.h;
    Ok(Image { width: h.width, height: h.height, pixels: lines.out, pixel_aspect: (1, 1) })
}

/// Reads tRNS for the picture's colour type.
fn transparency(header: Option<&Header>, body: &[u8]) -> Result<Transparency, PictureError> {
    let h = header.unwrap_or_else(|| unreachable!("IHDR came first"));
    let word = |i: usize| u16::from_be_bytes([body[2 * i], body[2 * i + 1]]);
    match h.colour {
        3 => Ok(Transparency { alphas: body.iter().copied().take(256).collect(), key: None }),
        0 if body.len() == 2 => Ok(Transparency { alphas: Vec::new(), key: Some([word(0), 0, 0]) }),
        2 if body.len() == 6 => Ok(Transparency { alphas: Vec::new(), key: Some([word(0), word(1), word(2)]) }),
        0 | 2 => Err(PictureError::corrupt(F, "the transparency (tRNS) has a bad length")),
        _ => Err(PictureError::corrupt(F, "transparency (tRNS) in a picture with alpha")),
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
