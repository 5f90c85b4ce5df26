//! String and str: building, UTF-8 decoding and encoding (multi-byte characters), splitting,
//! trimming, searching, replacing, ASCII case mapping and library number parsing. Digests are
//! taken over the resulting bytes.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::hint::black_box;
use falcon_puzzles::digest::Digest;

falcon_puzzles::value_cases! {
    fn string_building() -> u64 {
        let mut d = Digest::new();
        let mut s = String::new();
        let parts = black_box(["Falcon", " ", "030", "", "-", "puzzles"]);
        for p in parts { s.push_str(p); d.u32(s.len() as u32); }
        s.push('!');
        s.insert(0, '>');
        s.insert_str(1, "> ");
        d.bytes(s.as_bytes());
        let popped = s.pop();
        d.u32(popped.map_or(0, |c| c as u32));
        s.truncate(8);
        d.bytes(s.as_bytes());
        s.clear();
        d.bool(s.is_empty());
        let mut big = String::with_capacity(4);
        for i in 0..black_box(100u8) { big.push((b'a' + i % 26) as char); }
        d.bytes(big.as_bytes());
        d.finish()
    }

    fn utf8_chars_and_encoding() -> u64 {
        let mut d = Digest::new();
        let s = black_box("Grüße, Ĉapelo! ½ → 漢字 🙂 end");
        d.u32(s.len() as u32);
        d.u32(s.chars().count() as u32);
        for c in s.chars() { d.u32(c as u32); d.u32(c.len_utf8() as u32); }
        for (i, c) in s.char_indices().filter(|(_, c)| !c.is_ascii()) { d.u32(i as u32); d.u32(c as u32); }
        let mut buf = [0u8; 4];
        for c in ['A', 'é', '€', '🦀'] { d.bytes(black_box(c).encode_utf8(&mut buf).as_bytes()); }
        let rev: String = s.chars().rev().collect();
        d.bytes(rev.as_bytes());
        d.bool(core::str::from_utf8(&black_box([0xe2u8, 0x82, 0xac])).is_ok());
        d.bool(core::str::from_utf8(&black_box([0xe2u8, 0x82, 0x41])).is_ok());
        match core::str::from_utf8(&black_box([b'o', b'k', 0xffu8, b'!'])) {
            Ok(_) => d.byte(0),
            Err(e) => d.u32(e.valid_up_to() as u32),
        }
        d.finish()
    }

    fn split_trim_search() -> u64 {
        let mut d = Digest::new();
        let text = black_box("  level 1: ####  ; level 2 : #..$.# ;level 3:#@ .#;; \t");
        for part in text.split(';') {
            let t = part.trim();
            d.bytes(t.as_bytes());
            if let Some((k, v)) = t.split_once(':') { d.bytes(k.trim_end().as_bytes()); d.u32(v.trim().len() as u32); }
        }
        for w in text.split_whitespace() { d.bytes(w.as_bytes()); d.byte(0); }
        d.u32(text.find("level").unwrap_or(999) as u32);
        d.u32(text.rfind("level").unwrap_or(999) as u32);
        d.u32(text.matches('#').count() as u32);
        d.bool(text.contains("@ ."));
        d.bytes(text.trim_start_matches(' ').as_bytes());
        for line in black_box("a\nbb\r\nccc\n\nd").lines() { d.bytes(line.as_bytes()); d.byte(b'|'); }
        d.finish()
    }

    fn replace_and_case_mapping() -> u64 {
        let mut d = Digest::new();
        let s = black_box("Move the BOX onto the goal, then the box again.");
        d.bytes(s.replace("box", "crate").as_bytes());
        d.bytes(s.to_ascii_uppercase().as_bytes());
        d.bytes(s.to_ascii_lowercase().as_bytes());
        d.bytes(s.replacen("the", "a", 2).as_bytes());
        d.bool(s.eq_ignore_ascii_case("move the box onto the goal, then the box again."));
        let mut owned = s.to_string();
        owned.make_ascii_uppercase();
        owned.retain(|c| c != ' ');
        d.bytes(owned.as_bytes());
        d.finish()
    }

    fn parse_numbers_with_library() -> u64 {
        let mut d = Digest::new();
        let ints = black_box(["0", "-1", "+42", "2147483647", "-2147483648", "2147483648", "12x", "", " 5", "007"]);
        for s in ints {
            match s.parse::<i32>() { Ok(v) => d.u32(v as u32), Err(_) => d.byte(0xee) }
            match s.parse::<u8>() { Ok(v) => d.byte(v), Err(_) => d.byte(0xdd) }
            match s.parse::<i64>() { Ok(v) => d.i64(v), Err(_) => d.byte(0xcc) }
        }
        let hexes = black_box(["ff", "FFFF", "dead", "10000", "g"]);
        for h in hexes {
            match u16::from_str_radix(h, 16) { Ok(v) => d.u32(v as u32), Err(_) => d.byte(0xbb) }
        }
        match u64::from_str_radix(black_box("1111000011110000111100001111000011110000"), 2) {
            Ok(v) => d.u64(v), Err(_) => d.byte(0xaa)
        }
        d.finish()
    }

    fn chars_classification() -> u64 {
        let mut d = Digest::new();
        let s = black_box("aZ9 _\t\n!é€ß0x1F");
        for c in s.chars() {
            d.bool(c.is_alphabetic());
            d.bool(c.is_ascii_digit());
            d.bool(c.is_whitespace());
            d.bool(c.is_ascii_punctuation());
            d.bool(c.is_uppercase());
            d.u32(c.to_digit(16).unwrap_or(99));
            d.u32(c.to_ascii_uppercase() as u32);
        }
        for n in 0..black_box(36u32) { d.u32(char::from_digit(n, 36).map_or(0, |c| c as u32)); }
        d.u32(char::from_u32(black_box(0xd800)).is_some() as u32);
        d.finish()
    }

    fn strings_in_collections() -> u64 {
        let mut d = Digest::new();
        let mut names: Vec<String> = Vec::new();
        for i in 0..black_box(40u32) {
            let mut s = String::from("level-");
            let mut n = i * 37 % 100;
            let mut digits = [0u8; 3];
            let mut k = 0;
            loop { digits[k] = b'0' + (n % 10) as u8; k += 1; n /= 10; if n == 0 { break; } }
            for j in (0..k).rev() { s.push(digits[j] as char); }
            names.push(s);
        }
        names.sort();
        names.dedup();
        for n in &names { d.bytes(n.as_bytes()); }
        let joined = names[..5].join(",");
        d.bytes(joined.as_bytes());
        let total: usize = names.iter().map(String::len).sum();
        d.u32(total as u32);
        d.finish()
    }
}

#[cfg(test)]
mod tests;
