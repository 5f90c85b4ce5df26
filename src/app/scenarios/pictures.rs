//! The picture files on the disk of the Slide picture scenario, made by code (nothing to
//! ship): a DEGAS PI1 (320×200, 16 colours) of a sunset over the sea, and a TGA whose data
//! ends long before its header says (the decoder's "Truncated file").

use alloc::string::String;
use alloc::vec::Vec;

/// The sunset's 16 colours, ST palette words (`0x0RGB`, 3 bits a component).
const PALETTE: [u16; 16] =
    [0x000, 0x112, 0x214, 0x325, 0x436, 0x547, 0x657, 0x766, 0x774, 0x772, 0x760, 0x740, 0x420, 0x024, 0x036, 0x147];

/// The pen of pixel (`x`, `y`) of the sunset: sky bands, a sun, its reflection in the sea,
/// two hills.
fn pen(x: i32, y: i32) -> u8 {
    let (sx, sy, r) = (200, 96, 34);
    let d2 = (x - sx) * (x - sx) + (y - sy) * (y - sy);
    if y < 120 {
        let hill = 78 + (x - 90) * (x - 90) / 60;
        let hill2 = 88 + (x - 290) * (x - 290) / 50;
        if y > hill || y > hill2 {
            return 12;
        }
        if d2 < r * r {
            return if d2 < (r - 8) * (r - 8) { 9 } else { 10 };
        }
        return (1 + y / 17).min(8) as u8;
    }
    // The sea: the sun's path glitters on alternate lines.
    if (x - sx).abs() < 30 - (y - 120) / 4 && y % 4 < 2 {
        return 11;
    }
    if (y - 120) / 10 % 2 == 0 { 13 } else { 14 + ((x / 40 + y) % 2) as u8 }
}

/// The sunset as a DEGAS PI1 file: resolution word, palette, four interleaved planes.
pub fn sunset_pi1() -> Vec<u8> {
    let mut out = Vec::with_capacity(32034);
    out.extend_from_slice(&0u16.to_be_bytes());
    for w in PALETTE {
        out.extend_from_slice(&w.to_be_bytes());
    }
    for y in 0..200 {
        for group in 0..20 {
            let mut planes = [0u16; 4];
            for bit in 0..16 {
                let p = pen(group * 16 + bit, y);
                for (k, plane) in planes.iter_mut().enumerate() {
                    if p >> k & 1 != 0 {
                        *plane |= 0x8000 >> bit;
                    }
                }
            }
            for w in planes {
                out.extend_from_slice(&w.to_be_bytes());
            }
        }
    }
    out
}

/// A 24-bit TGA that claims 64×64 pixels and holds 100 bytes of them.
pub fn truncated_tga() -> Vec<u8> {
    let mut out = alloc::vec![0u8, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 64, 0, 64, 0, 24, 0];
    out.extend((0..100u32).map(|i| (i * 7) as u8));
    out
}

/// The disk of the picture scenario: the player's files by path.
pub fn files() -> Vec<(String, Vec<u8>)> {
    alloc::vec![("A:\\PICS\\SUNSET.PI1".into(), sunset_pi1()), ("A:\\PICS\\BROKEN.TGA".into(), truncated_tga())]
}
