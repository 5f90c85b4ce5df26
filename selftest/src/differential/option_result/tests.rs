use super::*;

#[test]
fn parser_errors_carry_reason_and_position() {
    assert_eq!(parse_u16(b"65535"), Ok(65535));
    assert_eq!(parse_u16(b"65536"), Err(ParseError::Overflow { pos: 4 }));
    assert_eq!(parse_u16(b"12a4"), Err(ParseError::BadDigit { pos: 2, byte: b'a' }));
    assert_eq!(sum_list(b"1,2,3"), Ok(6));
    assert_eq!(sum_list(b"100,,5"), Err(ParseError::Empty));
}
