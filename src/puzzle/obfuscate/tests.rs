use super::*;
use alloc::string::String;
use alloc::vec::Vec;

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| alloc::format!("{:02x}", x)).collect()
}

crate::test_cases! {
    fn matches_the_reference_implementation() {
        // Hex printed by the reference's obfuscate_bitmap + bin2hex for these strings.
        let cases: [(&str, &str); 4] = [
            ("S12,34", "aac99ff3c130"),
            ("aux!", "6c0cc62a"),
            ("a", "d7"),
            ("This is a longer aux string with more than forty bytes in it, to need two digests.",
             "dbea823e67782b55813e0aa920b5ffcadea560c951b40f3ff0513f7ffdfcf6bdcc6881f21f2ecce7a9ad1935bc00c1cf3acd419a8ed23fb428ee083d4b937392b0163b376d2ae6cae3aa31df6aac6e327f49"),
        ];
        for (plain, scrambled) in cases {
            let mut b: Vec<u8> = plain.as_bytes().to_vec();
            obfuscate(&mut b, false);
            assert_eq!(hex(&b), scrambled, "{}", plain);
            obfuscate(&mut b, true);
            assert_eq!(b, plain.as_bytes());
        }
        let mut empty: [u8; 0] = [];
        obfuscate(&mut empty, false);
    }

    fn bit_strings_match_the_reference_vectors() {
        // The reference's own test vectors (mines.c, TEST_OBFUSCATION): the 28-bit string
        // 1234567, and fifty zero bytes.
        let mut b = [0x12u8, 0x34, 0x56, 0x70];
        obfuscate_bits(&mut b, 28, false);
        assert_eq!(b, [0x07, 0xfa, 0x65, 0x00]);
        obfuscate_bits(&mut b, 28, true);
        assert_eq!(b, [0x12, 0x34, 0x56, 0x70]);
        let mut z = [0u8; 50];
        obfuscate_bits(&mut z, 400, false);
        assert_eq!(
            hex(&z),
            "b202c07b990c01f6ff2d544707f60e506019b671fcb1d8b5a210b0af913db85d37ca27f52a9f78bba3a80030db3d01d8df78"
        );
        obfuscate_bits(&mut z, 400, true);
        assert_eq!(z, [0u8; 50]);
        // Odd lengths round trip and keep the padding clear.
        for bits in 1..40usize {
            let mut v: Vec<u8> = (0..bits.div_ceil(8)).map(|i| (i as u8).wrapping_mul(37) ^ 0x5a).collect();
            if bits % 8 != 0 {
                let last = v.len() - 1;
                v[last] &= (0xff00u16 >> (bits % 8)) as u8;
            }
            let orig = v.clone();
            obfuscate_bits(&mut v, bits, false);
            if bits % 8 != 0 {
                assert_eq!(v[v.len() - 1] & !((0xff00u16 >> (bits % 8)) as u8), 0, "{}", bits);
            }
            obfuscate_bits(&mut v, bits, true);
            assert_eq!(v, orig, "{}", bits);
        }
    }
}
