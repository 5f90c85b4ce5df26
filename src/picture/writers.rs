//! Writers for every format the decoders read (test builds only): the round-trip tests make
//! a picture, write it in each variant with these, decode it, and compare pixel for pixel;
//! the fuzz run mutates what they write. Written from the format descriptions in the
//! decoders' module notes, independently of the decoders; the deflate coder too (stored,
//! fixed and dynamic Huffman blocks), so that the tests do not depend on the inflater's own
//! library and run on the 68030 (miniz_oxide's compressor needs some 160 KiB of stack there).

use alloc::vec;
use alloc::vec::Vec;

/// A small deterministic generator (xorshift32) for test pictures and mutations.
#[derive(Clone, Copy, Debug)]
pub struct Rng(pub u32);

impl Rng {
    pub fn word(&mut self) -> u32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        x
    }
    /// 0..n (n ≥ 1).
    pub fn below(&mut self, n: u32) -> u32 {
        self.word() % n.max(1)
    }
}

/// A test picture of pen numbers `0..colours`: blocks, stripes and noise, so that runs,
/// repeated lines and literal stretches all occur.
pub fn pens(width: usize, height: usize, colours: u32, seed: u32) -> Vec<u8> {
    let mut rng = Rng(seed | 1);
    let mut out = Vec::with_capacity(width * height);
    for y in 0..height {
        for x in 0..width {
            let v = match (y / 4) % 4 {
                0 => (x / 8) as u32,
                1 => (x / 3 + y) as u32,
                // Some lines equal to the one above (vertical replication).
                2 => ((x / 8) ^ (y / 8)) as u32,
                _ => rng.word() >> 5,
            };
            out.push((v % colours) as u8);
        }
    }
    out
}

// ------------------------------------------------------------------ PNG

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

/// Appends a chunk (length, type, data, CRC).
pub fn png_chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32(&out[start..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

/// Recomputes the CRC of every chunk of a PNG file (for mutations that should get past the
/// checksum); stops at anything that is not a whole chunk.
pub fn png_fix_crcs(file: &mut [u8]) {
    let mut p = 8;
    while p + 12 <= file.len() {
        let len = u32::from_be_bytes([file[p], file[p + 1], file[p + 2], file[p + 3]]) as usize;
        let Some(end) = (p + 12).checked_add(len).filter(|&e| e <= file.len()) else { return };
        let crc = crc32(&file[p + 4..end - 4]);
        file[end - 4..end].copy_from_slice(&crc.to_be_bytes());
        p = end;
    }
}

fn adler32(data: &[u8]) -> u32 {
    let (mut a, mut b) = (1u32, 0u32);
    for &x in data {
        a = (a + x as u32) % 65521;
        b = (b + a) % 65521;
    }
    b << 16 | a
}

/// How [`zlib`] codes its deflate blocks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Deflate {
    /// Stored (uncompressed) blocks.
    Stored,
    /// Fixed Huffman codes (block type 1).
    Fixed,
    /// Huffman codes of its own, sent in the block (block type 2).
    Dynamic,
    /// Several blocks of every type, one after the other.
    Mixed,
}

/// Bits written least significant first, as deflate packs them.
struct Bits {
    out: Vec<u8>,
    acc: u32,
    n: u32,
}

impl Bits {
    fn put(&mut self, value: u32, count: u32) {
        for i in 0..count {
            self.acc |= (value >> i & 1) << self.n;
            self.n += 1;
            if self.n == 8 {
                self.out.push(self.acc as u8);
                self.acc = 0;
                self.n = 0;
            }
        }
    }
    /// A Huffman code: its bits go most significant first.
    fn code(&mut self, code: u32, len: u32) {
        for i in (0..len).rev() {
            self.put(code >> i & 1, 1);
        }
    }
    fn align(&mut self) {
        if self.n > 0 {
            self.put(0, 8 - self.n);
        }
    }
}

const LEN_BASE: [u16; 29] =
    [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LEN_EXTRA: [u8; 29] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DIST_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
    8193, 12289, 16385, 24577,
];
const DIST_EXTRA: [u8; 30] =
    [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
/// The order code-length code lengths are sent in.
const CL_ORDER: [usize; 19] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/// A literal byte or a match (length 3–258, distance 1–32768).
#[derive(Clone, Copy)]
enum Token {
    Literal(u8),
    Match(u16, u16),
}

/// Greedy LZ77 with a hash of three bytes and the last position of each.
fn lz77(data: &[u8]) -> Vec<Token> {
    let mut head = vec![usize::MAX; 4096];
    let mut out = Vec::new();
    let hash = |i: usize| ((data[i] as usize) << 4 ^ (data[i + 1] as usize) << 2 ^ data[i + 2] as usize) & 4095;
    let mut i = 0;
    while i < data.len() {
        let mut best = 0usize;
        let mut dist = 0usize;
        if i + 3 <= data.len() {
            let h = hash(i);
            let cand = head[h];
            if cand != usize::MAX && i - cand <= 32768 {
                let mut n = 0;
                while i + n < data.len() && n < 258 && data[cand + n] == data[i + n] {
                    n += 1;
                }
                if n >= 3 {
                    best = n;
                    dist = i - cand;
                }
            }
            head[h] = i;
        }
        if best >= 3 {
            out.push(Token::Match(best as u16, dist as u16));
            for k in i + 1..(i + best).min(data.len().saturating_sub(2)) {
                head[hash(k)] = k;
            }
            i += best;
        } else {
            out.push(Token::Literal(data[i]));
            i += 1;
        }
    }
    out
}

fn length_symbol(len: u16) -> (usize, u32, u32) {
    let k = (0..29).rev().find(|&k| LEN_BASE[k] <= len).unwrap_or(0);
    (257 + k, (len - LEN_BASE[k]) as u32, LEN_EXTRA[k] as u32)
}

fn dist_symbol(dist: u16) -> (usize, u32, u32) {
    let k = (0..30).rev().find(|&k| DIST_BASE[k] <= dist).unwrap_or(0);
    (k, (dist - DIST_BASE[k]) as u32, DIST_EXTRA[k] as u32)
}

/// Canonical Huffman codes from code lengths (RFC 1951, 3.2.2).
fn canonical(lengths: &[u8]) -> Vec<u32> {
    let mut count = [0u32; 16];
    for &l in lengths {
        count[l as usize] += 1;
    }
    count[0] = 0;
    let mut next = [0u32; 16];
    let mut code = 0u32;
    for bits in 1..16 {
        code = (code + count[bits - 1]) << 1;
        next[bits] = code;
    }
    lengths
        .iter()
        .map(|&l| {
            if l == 0 {
                0
            } else {
                let c = next[l as usize];
                next[l as usize] += 1;
                c
            }
        })
        .collect()
}

/// Code lengths for the symbols marked used: a complete prefix code (Kraft sum exactly 1)
/// of lengths k−1 and k for n used symbols, 2^(k−1) < n ≤ 2^k. Not optimal, always valid.
fn complete_lengths(used: &[bool]) -> Vec<u8> {
    let n = used.iter().filter(|&&u| u).count().max(2);
    let k = (usize::BITS - (n - 1).leading_zeros()) as u8;
    let mut short = (1usize << k) - n;
    used.iter()
        .map(|&u| {
            if !u {
                0
            } else if short > 0 {
                short -= 1;
                k - 1
            } else {
                k
            }
        })
        .collect()
}

/// Writes one Huffman block of `tokens` (with its end code); `dynamic`: codes of its own.
fn huffman_block(bits: &mut Bits, tokens: &[Token], last: bool, dynamic: bool) {
    bits.put(last as u32, 1);
    bits.put(if dynamic { 2 } else { 1 }, 2);
    let (lit_len, dist_len): (Vec<u8>, Vec<u8>) = if dynamic {
        let mut lit_used = vec![false; 286];
        let mut dist_used = vec![false; 30];
        lit_used[256] = true;
        // Two distance codes at least, so that their code is complete.
        dist_used[0] = true;
        dist_used[1] = true;
        for t in tokens {
            match *t {
                Token::Literal(b) => lit_used[b as usize] = true,
                Token::Match(l, d) => {
                    lit_used[length_symbol(l).0] = true;
                    dist_used[dist_symbol(d).0] = true;
                }
            }
        }
        let mut lit = complete_lengths(&lit_used);
        let mut dist = complete_lengths(&dist_used);
        let hlit = lit.iter().rposition(|&l| l > 0).unwrap_or(256).max(256) + 1;
        let hdist = dist.iter().rposition(|&l| l > 0).unwrap_or(0) + 1;
        lit.truncate(hlit);
        dist.truncate(hdist);
        // The lengths, run-length coded with the code-length alphabet (16: repeat the last
        // 3–6 times, 17: 3–10 zeros, 18: 11–138 zeros).
        let all: Vec<u8> = lit.iter().chain(dist.iter()).copied().collect();
        let mut cl_tokens: Vec<(u8, u32, u32)> = Vec::new();
        let mut i = 0;
        while i < all.len() {
            let v = all[i];
            let mut run = 1;
            while i + run < all.len() && all[i + run] == v {
                run += 1;
            }
            if v == 0 && run >= 11 {
                let r = run.min(138);
                cl_tokens.push((18, (r - 11) as u32, 7));
                i += r;
            } else if v == 0 && run >= 3 {
                let r = run.min(10);
                cl_tokens.push((17, (r - 3) as u32, 3));
                i += r;
            } else if v != 0 && run >= 4 {
                cl_tokens.push((v, 0, 0));
                let r = (run - 1).min(6);
                cl_tokens.push((16, (r - 3) as u32, 2));
                i += 1 + r;
            } else {
                cl_tokens.push((v, 0, 0));
                i += 1;
            }
        }
        let mut cl_used = vec![false; 19];
        for &(sym, _, _) in &cl_tokens {
            cl_used[sym as usize] = true;
        }
        let cl_len = complete_lengths(&cl_used);
        let cl_code = canonical(&cl_len);
        let hclen = (0..19).rev().find(|&k| cl_len[CL_ORDER[k]] > 0).unwrap_or(3).max(3) + 1;
        bits.put((hlit - 257) as u32, 5);
        bits.put((hdist - 1) as u32, 5);
        bits.put((hclen - 4) as u32, 4);
        for &sym in &CL_ORDER[..hclen] {
            bits.put(cl_len[sym] as u32, 3);
        }
        for &(sym, extra, extra_bits) in &cl_tokens {
            bits.code(cl_code[sym as usize], cl_len[sym as usize] as u32);
            bits.put(extra, extra_bits);
        }
        (lit, dist)
    } else {
        let lit = (0..288).map(|s| match s {
            0..=143 => 8,
            144..=255 => 9,
            256..=279 => 7,
            _ => 8,
        });
        (lit.collect(), vec![5; 30])
    };
    let lit_code = canonical(&lit_len);
    let dist_code = canonical(&dist_len);
    for t in tokens {
        match *t {
            Token::Literal(b) => bits.code(lit_code[b as usize], lit_len[b as usize] as u32),
            Token::Match(l, d) => {
                let (sym, extra, n) = length_symbol(l);
                bits.code(lit_code[sym], lit_len[sym] as u32);
                bits.put(extra, n);
                let (sym, extra, n) = dist_symbol(d);
                bits.code(dist_code[sym], dist_len[sym] as u32);
                bits.put(extra, n);
            }
        }
    }
    bits.code(lit_code[256], lit_len[256] as u32);
}

/// A zlib stream of `data`, its deflate blocks coded as `mode` says.
pub fn zlib(data: &[u8], mode: Deflate) -> Vec<u8> {
    let mut bits = Bits { out: vec![0x78, 0x01], acc: 0, n: 0 };
    let stored = |bits: &mut Bits, part: &[u8], last: bool| {
        bits.put(last as u32, 1);
        bits.put(0, 2);
        bits.align();
        bits.out.extend_from_slice(&(part.len() as u16).to_le_bytes());
        bits.out.extend_from_slice(&(!(part.len() as u16)).to_le_bytes());
        bits.out.extend_from_slice(part);
    };
    match mode {
        Deflate::Stored => {
            let parts: Vec<&[u8]> = if data.is_empty() { vec![&[]] } else { data.chunks(65535).collect() };
            for (i, part) in parts.iter().enumerate() {
                stored(&mut bits, part, i + 1 == parts.len());
            }
        }
        Deflate::Fixed | Deflate::Dynamic => huffman_block(&mut bits, &lz77(data), true, mode == Deflate::Dynamic),
        Deflate::Mixed => {
            // A third stored, then fixed and dynamic Huffman blocks (each its own LZ77, so no
            // match reaches back into another block: deflate would allow it; this writer keeps
            // it simple).
            let third = data.len() / 3;
            stored(&mut bits, &data[..third], false);
            huffman_block(&mut bits, &lz77(&data[third..2 * third]), false, false);
            huffman_block(&mut bits, &lz77(&data[2 * third..]), true, true);
        }
    }
    bits.align();
    bits.out.extend_from_slice(&adler32(data).to_be_bytes());
    bits.out
}

/// What a PNG file should be like.
#[derive(Clone, Copy, Debug)]
pub struct PngSpec {
    pub width: u32,
    pub height: u32,
    /// 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGB + alpha.
    pub colour: u8,
    pub depth: u8,
    pub interlaced: bool,
    /// How the image data is compressed.
    pub deflate: Deflate,
    /// The image data is cut into IDAT chunks of this many bytes.
    pub idat_size: usize,
}

fn channels(colour: u8) -> usize {
    match colour {
        0 | 3 => 1,
        4 => 2,
        2 => 3,
        _ => 4,
    }
}

fn paeth(a: u8, b: u8, c: u8) -> u8 {
    let p = a as i16 + b as i16 - c as i16;
    let (pa, pb, pc) = ((p - a as i16).abs(), (p - b as i16).abs(), (p - c as i16).abs());
    if pa <= pb && pa <= pc {
        a
    } else if pb <= pc {
        b
    } else {
        c
    }
}

/// A PNG file of `samples` (`width * height * channels` values below `2^depth`, pixel by
/// pixel, channel by channel). Line k of each pass uses filter type k mod 5.
pub fn png(spec: &PngSpec, samples: &[u16], palette: Option<&[[u8; 3]]>, trns: Option<&[u8]>) -> Vec<u8> {
    let ch = channels(spec.colour);
    let bits = ch * spec.depth as usize;
    let unit = (bits / 8).max(1);
    let passes: &[(u32, u32, u32, u32)] = if spec.interlaced {
        &[(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    } else {
        &[(0, 0, 1, 1)]
    };
    let mut raw = Vec::new();
    for &(x0, y0, dx, dy) in passes {
        let w = if spec.width > x0 { (spec.width - x0).div_ceil(dx) } else { 0 };
        let h = if spec.height > y0 { (spec.height - y0).div_ceil(dy) } else { 0 };
        if w == 0 || h == 0 {
            continue;
        }
        let line_bytes = (w as usize * bits).div_ceil(8);
        let mut prev = vec![0u8; line_bytes];
        for k in 0..h {
            let y = y0 + k * dy;
            // Pack the line.
            let mut line = vec![0u8; line_bytes];
            let mut bit = 0usize;
            for i in 0..w {
                let x = x0 + i * dx;
                for c in 0..ch {
                    let v = samples[(y * spec.width + x) as usize * ch + c];
                    match spec.depth {
                        16 => {
                            line[bit / 8] = (v >> 8) as u8;
                            line[bit / 8 + 1] = v as u8;
                        }
                        8 => line[bit / 8] = v as u8,
                        d => line[bit / 8] |= (v as u8) << (8 - d as usize - bit % 8),
                    }
                    bit += spec.depth as usize;
                }
            }
            let filter = (k % 5) as u8;
            raw.push(filter);
            for i in 0..line_bytes {
                let a = if i >= unit { line[i - unit] } else { 0 };
                let c = if i >= unit { prev[i - unit] } else { 0 };
                let b = prev[i];
                let pred = match filter {
                    0 => 0,
                    1 => a,
                    2 => b,
                    3 => ((a as u16 + b as u16) / 2) as u8,
                    _ => paeth(a, b, c),
                };
                raw.push(line[i].wrapping_sub(pred));
            }
            prev = line;
        }
    }
    let z = zlib(&raw, spec.deflate);
    let mut out = Vec::from(super::png::SIGNATURE);
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&spec.width.to_be_bytes());
    ihdr.extend_from_slice(&spec.height.to_be_bytes());
    ihdr.extend_from_slice(&[spec.depth, spec.colour, 0, 0, spec.interlaced as u8]);
    png_chunk(&mut out, b"IHDR", &ihdr);
    // An ancillary chunk the decoder must skip.
    png_chunk(&mut out, b"tEXt", b"Comment\0written by the round-trip test");
    if let Some(p) = palette {
        let bytes: Vec<u8> = p.iter().flatten().copied().collect();
        png_chunk(&mut out, b"PLTE", &bytes);
    }
    if let Some(t) = trns {
        png_chunk(&mut out, b"tRNS", t);
    }
    for part in z.chunks(spec.idat_size.max(1)) {
        png_chunk(&mut out, b"IDAT", part);
    }
    png_chunk(&mut out, b"IEND", &[]);
    out
}

// ------------------------------------------------------------------ Atari ST screens

/// Pens (one a pixel, `planes` bits used) to an ST screen's interleaved bitplanes.
pub fn interleave(pens: &[u8], width: usize, planes: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for line in pens.chunks(width) {
        for group in line.chunks(16) {
            for p in 0..planes {
                let mut w = 0u16;
                for (i, &v) in group.iter().enumerate() {
                    w |= ((v >> p & 1) as u16) << (15 - i);
                }
                out.extend_from_slice(&w.to_be_bytes());
            }
        }
    }
    out
}

/// One line of pens stored plane by plane (`(width + 7) / 8` bytes a plane).
pub fn plane_line(line: &[u8], planes: usize) -> Vec<u8> {
    let bytes = line.len().div_ceil(8);
    let mut out = vec![0u8; bytes * planes];
    for p in 0..planes {
        for (x, &v) in line.iter().enumerate() {
            out[p * bytes + x / 8] |= (v >> p & 1) << (7 - x % 8);
        }
    }
    out
}

/// PackBits: runs of 2 or more equal bytes (at most 128) as runs, the rest as literal
/// stretches (at most 128).
pub fn pack_bits(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < data.len() {
        let mut run = 1;
        while i + run < data.len() && run < 128 && data[i + run] == data[i] {
            run += 1;
        }
        if run >= 2 {
            out.push((1 - run as i32) as u8);
            out.push(data[i]);
            i += run;
        } else {
            let start = i;
            while i < data.len() && i - start < 128 && !(i + 1 < data.len() && data[i + 1] == data[i]) {
                i += 1;
            }
            if i == start {
                i += 1;
            }
            out.push((i - start - 1) as u8);
            out.extend_from_slice(&data[start..i]);
        }
    }
    out
}

/// A DEGAS file: resolution 0–2, palette words, the screen's pens. `compressed`: PC1–PC3
/// (each plane line packed on its own, or with `across` the whole screen as one PackBits
/// stream whose runs cross plane lines and lines); `elite`: the 32 bytes of animation data.
pub fn degas(resolution: u8, palette: &[u16; 16], pens: &[u8], compressed: bool, across: bool, elite: bool) -> Vec<u8> {
    let (width, planes) = [(320, 4), (640, 2), (640, 1)][resolution as usize];
    let mut out = Vec::new();
    let flag = if compressed { 0x8000u16 } else { 0 };
    out.extend_from_slice(&(flag | resolution as u16).to_be_bytes());
    for w in palette {
        out.extend_from_slice(&w.to_be_bytes());
    }
    if compressed {
        let mut lines = Vec::new();
        let mut packed = Vec::new();
        for line in pens.chunks(width) {
            let pl = plane_line(line, planes);
            if across {
                lines.extend_from_slice(&pl);
            } else {
                for plane in pl.chunks(width / 8) {
                    packed.extend_from_slice(&pack_bits(plane));
                }
            }
        }
        if across {
            packed = pack_bits(&lines);
        }
        out.extend_from_slice(&packed);
        out.extend_from_slice(&[0u8; 32]);
    } else {
        out.extend_from_slice(&interleave(pens, width, planes));
        if elite {
            out.extend_from_slice(&[0u8; 32]);
        }
    }
    out
}

/// A NEOchrome file.
pub fn neo(resolution: u8, palette: &[u16; 16], pens: &[u8]) -> Vec<u8> {
    let (width, planes) = [(320, 4), (640, 2), (640, 1)][resolution as usize];
    let mut out = vec![0u8; 128];
    out[2..4].copy_from_slice(&(resolution as u16).to_be_bytes());
    for (i, w) in palette.iter().enumerate() {
        out[4 + 2 * i..6 + 2 * i].copy_from_slice(&w.to_be_bytes());
    }
    out[36..48].copy_from_slice(b"  TEST  .NEO");
    out[58..60].copy_from_slice(&320u16.to_be_bytes());
    out[60..62].copy_from_slice(&200u16.to_be_bytes());
    out.extend_from_slice(&interleave(pens, width, planes));
    out
}

// ------------------------------------------------------------------ GEM IMG

/// Codes one plane line of GEM IMG records: solid runs of 00 or FF, pattern runs where a
/// `patlen`-byte pattern repeats, literal strings otherwise.
fn img_records(data: &[u8], patlen: usize, out: &mut Vec<u8>) {
    let mut i = 0;
    while i < data.len() {
        let b = data[i];
        if b == 0 || b == 0xFF {
            let mut n = 1;
            while i + n < data.len() && n < 127 && data[i + n] == b {
                n += 1;
            }
            out.push((b & 0x80) | n as u8);
            i += n;
            continue;
        }
        if patlen > 0 && i + 2 * patlen <= data.len() {
            let pat = &data[i..i + patlen];
            let mut n = 1;
            while i + (n + 1) * patlen <= data.len() && n < 255 && &data[i + n * patlen..i + (n + 1) * patlen] == pat {
                n += 1;
            }
            if n >= 2 {
                out.extend_from_slice(&[0, n as u8]);
                out.extend_from_slice(pat);
                i += n * patlen;
                continue;
            }
        }
        let start = i;
        while i < data.len() && i - start < 255 && data[i] != 0 && data[i] != 0xFF {
            i += 1;
        }
        out.extend_from_slice(&[0x80, (i - start) as u8]);
        out.extend_from_slice(&data[start..i]);
    }
}

/// A GEM IMG of `planes` planes (pens below `2^planes`); with `ximg` the XIMG header and its
/// palette (red, green, blue 0–1000 per pen). Equal lines become vertical replications.
pub fn gem_img(
    width: usize,
    height: usize,
    planes: usize,
    pens: &[u8],
    ximg: Option<&[[u16; 3]]>,
    patlen: usize,
) -> Vec<u8> {
    let mut header: Vec<u16> = vec![1, 8, planes as u16, patlen as u16, 372, 372, width as u16, height as u16];
    if let Some(pal) = ximg {
        header.extend_from_slice(&[0x5849, 0x4D47, 0]);
        for c in pal {
            header.extend_from_slice(c);
        }
        header[1] = header.len() as u16;
    }
    let mut out: Vec<u8> = header.iter().flat_map(|w| w.to_be_bytes()).collect();
    let lines: Vec<&[u8]> = pens.chunks(width).collect();
    let mut y = 0;
    while y < height {
        let mut same = 1;
        while y + same < height && same < 255 && lines[y + same] == lines[y] {
            same += 1;
        }
        if same > 1 {
            out.extend_from_slice(&[0, 0, 0xFF, same as u8]);
        }
        let pl = plane_line(lines[y], planes);
        for plane in pl.chunks(width.div_ceil(8)) {
            img_records(plane, patlen, &mut out);
        }
        y += same;
    }
    out
}

// ------------------------------------------------------------------ TGA

/// What a TGA file should be like.
#[derive(Clone, Copy, Debug)]
pub struct TgaSpec {
    /// 1 colour-mapped, 2 true colour, 3 grey (the file's type adds 8 when `rle`).
    pub kind: u8,
    pub depth: u8,
    /// Bits of a colour-map entry (kind 1).
    pub map_bits: u8,
    pub rle: bool,
    /// Descriptor bit 5: top line first.
    pub top_down: bool,
    /// Descriptor bit 4: right to left.
    pub right_to_left: bool,
    /// Descriptor bits 0–3.
    pub alpha_bits: u8,
}

/// One colour as a TGA stores it in `bits` bits (blue first).
pub fn tga_colour(c: u32, bits: u8) -> Vec<u8> {
    let (a, r, g, b) = ((c >> 24) as u8, (c >> 16) as u8, (c >> 8) as u8, c as u8);
    match bits {
        15 | 16 => {
            let v = ((a >> 7) as u16) << 15 | ((r >> 3) as u16) << 10 | ((g >> 3) as u16) << 5 | (b >> 3) as u16;
            v.to_le_bytes().to_vec()
        }
        24 => vec![b, g, r],
        _ => vec![b, g, r, a],
    }
}

/// A TGA file: `values` are pens (kind 1), grey levels (kind 3) or ARGB colours (kind 2), one
/// a pixel, top line first; `map` the colour map for kind 1 (ARGB), its first entry `first`.
pub fn tga(spec: &TgaSpec, width: usize, height: usize, values: &[u32], map: &[u32], first: u16) -> Vec<u8> {
    let mut out = vec![0u8; 18];
    out[0] = 5;
    out[1] = (spec.kind == 1) as u8;
    out[2] = spec.kind + if spec.rle { 8 } else { 0 };
    if spec.kind == 1 {
        out[3..5].copy_from_slice(&first.to_le_bytes());
        out[5..7].copy_from_slice(&(map.len() as u16).to_le_bytes());
        out[7] = spec.map_bits;
    }
    out[12..14].copy_from_slice(&(width as u16).to_le_bytes());
    out[14..16].copy_from_slice(&(height as u16).to_le_bytes());
    out[16] = spec.depth;
    out[17] = spec.alpha_bits | (spec.right_to_left as u8) << 4 | (spec.top_down as u8) << 5;
    out.extend_from_slice(b"TEST!");
    for &c in map {
        out.extend_from_slice(&tga_colour(c, spec.map_bits));
    }
    // Pixels in file order.
    let mut file_order = Vec::with_capacity(values.len());
    for r in 0..height {
        let y = if spec.top_down { r } else { height - 1 - r };
        for i in 0..width {
            let x = if spec.right_to_left { width - 1 - i } else { i };
            file_order.push(values[y * width + x]);
        }
    }
    let bytes_of = |v: u32| -> Vec<u8> {
        match spec.kind {
            1 if spec.depth == 16 => (v as u16).to_le_bytes().to_vec(),
            1 | 3 => vec![v as u8],
            _ => tga_colour(v, spec.depth),
        }
    };
    if !spec.rle {
        for &v in &file_order {
            out.extend_from_slice(&bytes_of(v));
        }
        return out;
    }
    // Run-length packets over the whole picture: they cross line ends.
    let mut i = 0;
    while i < file_order.len() {
        let mut run = 1;
        while i + run < file_order.len() && run < 128 && file_order[i + run] == file_order[i] {
            run += 1;
        }
        if run >= 2 {
            out.push(0x80 | (run - 1) as u8);
            out.extend_from_slice(&bytes_of(file_order[i]));
            i += run;
        } else {
            let start = i;
            while i < file_order.len()
                && i - start < 128
                && !(i + 1 < file_order.len() && file_order[i + 1] == file_order[i])
            {
                i += 1;
            }
            if i == start {
                i += 1;
            }
            out.push((i - start - 1) as u8);
            for &v in &file_order[start..i] {
                out.extend_from_slice(&bytes_of(v));
            }
        }
    }
    out
}
