use super::*;

#[test]
fn known_formatted_strings() {
    assert_eq!(format!("{:#018X}", 0xdead_beefu64), "0x00000000DEADBEEF");
    assert_eq!(format!("{:x}", -1i32), "ffffffff");
    assert_eq!(format!("[{:*^9}]", 42), "[***42****]");
    assert_eq!(format!("{}", i64::MIN), "-9223372036854775808");
    assert_eq!(format!("{:?}", Move::Push { dx: -1, dy: 0 }), "Push { dx: -1, dy: 0 }");
    assert_eq!(format!("{}|{:>5}|{:#}", Square(2, 10), Square(0, 1), Square(7, 8)), "c10|   a1|[h8]");
}
