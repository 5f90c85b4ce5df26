use super::*;

#[test]
fn ac_open_layout() {
    let m = Message::new(AC_OPEN, 3, [0, 7, 0, 0, 0]);
    assert_eq!(m.0, [40, 3, 0, 0, 7, 0, 0, 0]);
    assert_eq!(&m.to_bytes()[..4], &[0, 40, 0, 3]);
    assert_eq!(m.kind(), AC_OPEN);
    assert_eq!(m.sender(), 3);
}
