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
}
