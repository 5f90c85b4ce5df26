use super::*;

fn hex(d: &[u8]) -> String {
    let mut s = String::new();
    for b in d {
        s.push_str(&alloc::format!("{:02x}", b));
    }
    s
}

crate::test_cases! {
    fn sha1_known_vectors() {
        // FIPS 180-1 appendix A and B, plus the empty message.
        assert_eq!(hex(&Sha1::digest(b"abc")), "a9993e364706816aba3e25717850c26c9cd0d89d");
        assert_eq!(hex(&Sha1::digest(b"")), "da39a3ee5e6b4b0d3255bfef95601890afd80709");
        assert_eq!(
            hex(&Sha1::digest(b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
            "84983e441c3bd26ebaae4aa1f95129e5e54670f1"
        );
    }

    fn sha1_incremental_equals_one_shot() {
        let data: Vec<u8> = (0..300u32).map(|i| (i * 7 + 3) as u8).collect();
        for split in [0usize, 1, 55, 56, 63, 64, 65, 128, 299] {
            let mut s = Sha1::new();
            s.update(&data[..split]);
            s.update(&data[split..]);
            assert_eq!(s.finish(), Sha1::digest(&data), "split at {}", split);
        }
    }

    fn random_state_is_sha1_chain() {
        // The initial data buffer is SHA-1(SHA-1(seed) ++ SHA-1(SHA-1(seed))): the first
        // 32 bits are its first four bytes, big-endian.
        let s1 = Sha1::digest(b"12345");
        let s2 = Sha1::digest(&s1);
        let mut buf = [0u8; 40];
        buf[..20].copy_from_slice(&s1);
        buf[20..].copy_from_slice(&s2);
        let d = Sha1::digest(&buf);
        let mut rs = RandomState::new(b"12345");
        assert_eq!(rs.bits(32), u32::from_be_bytes([d[0], d[1], d[2], d[3]]));
        assert_eq!(rs.bits(8), d[4] as u32);
        assert_eq!(rs.bits(3), (d[5] & 7) as u32);
    }

    fn stream_matches_the_reference_implementation() {
        // Values printed by Simon Tatham's own random.c for the seed "12345"
        // (random_bits(32) five times, then random_upto(1000) five times).
        let mut rs = RandomState::new(b"12345");
        let bits: Vec<u32> = (0..5).map(|_| rs.bits(32)).collect();
        assert_eq!(bits, [3404721940, 1365650102, 3100006536, 1699352983, 604597124]);
        let upto: Vec<u32> = (0..5).map(|_| rs.upto(1000)).collect();
        assert_eq!(upto, [870, 959, 982, 530, 3]);
    }

    fn random_refills_with_counter() {
        // After 20 bytes the first seed byte is incremented and the buffer rehashed.
        let mut rs = RandomState::new(b"x");
        let mut seed = rs.seedbuf;
        for _ in 0..20 {
            rs.bits(8);
        }
        seed[0] = seed[0].wrapping_add(1);
        if seed[0] == 0 {
            seed[1] = seed[1].wrapping_add(1);
        }
        let d = Sha1::digest(&seed);
        assert_eq!(rs.bits(16), u32::from_be_bytes([0, 0, d[0], d[1]]));
    }

    fn random_upto_in_range_and_copy_repeats() {
        let mut rs = RandomState::new(b"falcon");
        let copy = rs.clone();
        let mut seen = [false; 7];
        let mut first = Vec::new();
        for _ in 0..200 {
            let v = rs.upto(7);
            assert!(v < 7);
            seen[v as usize] = true;
            first.push(v);
        }
        assert!(seen.iter().all(|&s| s), "every value of 0..7 appears in 200 draws");
        let mut rs2 = copy;
        let again: Vec<u32> = (0..200).map(|_| rs2.upto(7)).collect();
        assert_eq!(first, again);
    }

    fn random_encode_decode_round_trip() {
        let mut rs = RandomState::new(b"seed");
        rs.bits(24);
        let enc = rs.encode();
        assert_eq!(enc.len(), 122);
        let mut back = RandomState::decode(&enc).unwrap();
        assert_eq!(back, rs);
        assert_eq!(back.bits(32), rs.bits(32));
        assert_eq!(RandomState::decode("zz").unwrap_err().1, "random state must be 122 hex digits");
        let mut bad = String::from(&enc[..121]);
        bad.push('g');
        assert_eq!(RandomState::decode(&bad).unwrap_err(), (121, "not a hex digit"));
    }

    fn shuffle_is_a_permutation() {
        let mut rs = RandomState::new(b"shuffle");
        let mut v: Vec<u32> = (0..50).collect();
        rs.shuffle(&mut v);
        // Each value exactly once (counted, not sorted: core's sort needs `abort` on the
        // target, which the runtime does not provide).
        let mut count = [0u8; 50];
        for &x in &v {
            count[x as usize] += 1;
        }
        assert!(count.iter().all(|&c| c == 1));
        assert_ne!(v, (0..50).collect::<Vec<u32>>(), "50 elements shuffled into identity is vanishingly unlikely");
    }
}
