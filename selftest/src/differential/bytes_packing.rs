//! Big-endian packing: `to_be_bytes`/`from_be_bytes` at every width, little-endian
//! conversions (byte swaps on the 68k, no-ops on the host: the reverse of each other), record
//! serialisation as save files and level files will use it, bit-field packing, and a CRC-32.
//! Native-endian functions (`to_ne_bytes`) are deliberately absent: they differ by design.

use alloc::vec::Vec;
use core::hint::black_box;
use falcon_puzzles::digest::Digest;

/// A saved game record, serialised big-endian with explicit field widths.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct SaveRecord {
    level: u16,
    moves: u32,
    pushes: u32,
    time_ticks: u64,
    flags: u8,
    best_delta: i16,
}

impl SaveRecord {
    const LEN: usize = 2 + 4 + 4 + 8 + 1 + 2;

    fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.level.to_be_bytes());
        out.extend_from_slice(&self.moves.to_be_bytes());
        out.extend_from_slice(&self.pushes.to_be_bytes());
        out.extend_from_slice(&self.time_ticks.to_be_bytes());
        out.push(self.flags);
        out.extend_from_slice(&self.best_delta.to_be_bytes());
    }

    fn read(b: &[u8]) -> Option<SaveRecord> {
        if b.len() < Self::LEN {
            return None;
        }
        Some(SaveRecord {
            level: u16::from_be_bytes(b[0..2].try_into().ok()?),
            moves: u32::from_be_bytes(b[2..6].try_into().ok()?),
            pushes: u32::from_be_bytes(b[6..10].try_into().ok()?),
            time_ticks: u64::from_be_bytes(b[10..18].try_into().ok()?),
            flags: b[18],
            best_delta: i16::from_be_bytes(b[19..21].try_into().ok()?),
        })
    }
}

/// CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320), bit by bit.
pub fn crc32(data: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in data {
        crc ^= b as u32;
        for _ in 0..8 {
            let mask = (crc & 1).wrapping_neg();
            crc = (crc >> 1) ^ (0xEDB8_8320 & mask);
        }
    }
    !crc
}

falcon_puzzles::value_cases! {
    fn be_bytes_round_trip_all_widths() -> u64 {
        let mut d = Digest::new();
        let seeds: [u64; 5] = black_box([0, 1, 0x0123_4567_89ab_cdef, u64::MAX, 0x8000_0000_0000_0001]);
        for s in seeds {
            d.bytes(&(s as u16).to_be_bytes());
            d.bytes(&(s as u32).to_be_bytes());
            d.bytes(&s.to_be_bytes());
            d.bytes(&(s as i16).to_be_bytes());
            d.bytes(&(s as i32).to_be_bytes());
            d.bytes(&(s as i64).to_be_bytes());
            d.u32(u16::from_be_bytes((s as u16).to_be_bytes()) as u32);
            d.u32(u32::from_be_bytes((s as u32).to_be_bytes()));
            d.u64(u64::from_be_bytes(s.to_be_bytes()));
            d.u64(i64::from_be_bytes(s.to_be_bytes()) as u64);
        }
        d.finish()
    }

    fn le_bytes_and_swaps() -> u64 {
        let mut d = Digest::new();
        let xs: [u64; 4] = black_box([0x0102_0304_0506_0708, 0xff, 0xdead_beef_0000_0001, 0]);
        for x in xs {
            d.bytes(&x.to_le_bytes());
            d.bytes(&(x as u32).to_le_bytes());
            d.bytes(&(x as u16).to_le_bytes());
            d.u64(u64::from_le_bytes(x.to_be_bytes()));
            d.u32(u32::from_le_bytes((x as u32).to_be_bytes()));
            d.u64(x.to_be().swap_bytes() ^ x.to_le());
            d.u32(u16::from_le_bytes([x as u8, (x >> 8) as u8]) as u32);
        }
        d.finish()
    }

    fn save_record_serialisation() -> u64 {
        let mut d = Digest::new();
        let mut buf = Vec::new();
        let n = black_box(12u16);
        for i in 0..n {
            let r = SaveRecord {
                level: i * 1000 + 7,
                moves: (i as u32) * 123_457,
                pushes: !(i as u32),
                time_ticks: (i as u64) << 40 | 0xabcd,
                flags: (i as u8).wrapping_mul(37),
                best_delta: (i as i16 - 6) * 1000,
            };
            r.write(&mut buf);
        }
        d.u32(buf.len() as u32);
        d.bytes(&buf);
        let mut back = 0u32;
        for chunk in buf.chunks(SaveRecord::LEN) {
            let r = SaveRecord::read(chunk).unwrap();
            d.u32(r.moves ^ r.pushes);
            d.u64(r.time_ticks);
            d.u32(r.best_delta as u32);
            back += 1;
        }
        d.u32(back);
        d.bool(SaveRecord::read(&buf[..SaveRecord::LEN - 1]).is_none());
        d.finish()
    }

    fn bitfield_packing() -> u64 {
        let mut d = Digest::new();
        // Pack (x:5, y:5, piece:4, dir:2) into u16 and (a:3, b:13, c:16) into u32.
        for i in 0..black_box(64u16) {
            let (x, y, piece, dir) = (i % 32, (i * 7) % 32, i % 16, i % 4);
            let packed = x << 11 | y << 6 | piece << 2 | dir;
            d.u32(packed as u32);
            d.bool(packed >> 11 == x && (packed >> 6) & 31 == y && (packed >> 2) & 15 == piece && packed & 3 == dir);
            let w = (i as u32 & 7) << 29 | ((i as u32 * 97) & 0x1fff) << 16 | (i as u32 * 1031) & 0xffff;
            d.u32(w);
            d.u32(w >> 29 | ((w >> 16) & 0x1fff) << 3);
        }
        d.finish()
    }

    fn crc32_of_buffers() -> u64 {
        let mut d = Digest::new();
        d.u32(crc32(black_box(b"123456789")));
        d.u32(crc32(black_box(b"")));
        let data: Vec<u8> = (0..black_box(600u32)).map(|i| (i * 31 ^ i >> 3) as u8).collect();
        d.u32(crc32(&data));
        for c in data.chunks(100) { d.u32(crc32(c)); }
        d.finish()
    }

    fn word_buffers_big_endian() -> u64 {
        // A 16-bit planar-style buffer: words written through byte arrays and read back.
        let mut d = Digest::new();
        let mut buf = [0u8; 64];
        let base = black_box(0x1357u16);
        for i in 0..32 { buf[i * 2..i * 2 + 2].copy_from_slice(&(base.wrapping_mul(i as u16 + 1)).to_be_bytes()); }
        d.bytes(&buf);
        let mut acc = 0u32;
        for w in buf.chunks_exact(4) { acc = acc.rotate_left(5) ^ u32::from_be_bytes([w[0], w[1], w[2], w[3]]); }
        d.u32(acc);
        let longs: Vec<u64> = buf.chunks_exact(8).map(|c| u64::from_be_bytes(c.try_into().unwrap())).collect();
        for l in longs { d.u64(l); }
        d.finish()
    }
}

#[cfg(test)]
mod tests;
