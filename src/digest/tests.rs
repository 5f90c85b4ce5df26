use super::Digest;

crate::test_cases! {
    fn digest_is_fnv1a() {
        // FNV-1a 64 of "a" is a published constant.
        let mut d = Digest::new();
        d.byte(b'a');
        assert_eq!(d.finish(), 0xaf63_dc4c_8601_ec8c);
    }
}
