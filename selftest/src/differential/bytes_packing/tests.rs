use super::*;

#[test]
fn crc32_check_value() {
    // The published check value of CRC-32/ISO-HDLC.
    assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    assert_eq!(crc32(b""), 0);
}

#[test]
fn save_record_round_trips() {
    let r = SaveRecord { level: 3, moves: 70_000, pushes: 5, time_ticks: 1 << 40, flags: 0x81, best_delta: -2 };
    let mut b = Vec::new();
    r.write(&mut b);
    assert_eq!(b.len(), SaveRecord::LEN);
    assert_eq!(&b[..2], &[0, 3]);
    assert_eq!(SaveRecord::read(&b), Some(r));
}
