//! The opcode table: code order, names, arities.

use super::*;

crate::test_cases! {
    fn the_table_is_in_code_order_with_distinct_names() {
        for (i, o) in OPS.iter().enumerate() {
            assert_eq!(o.code as usize, 0x40 + i);
            assert_eq!(by_name(o.name).map(|x| x.code), Some(o.code));
        }
        assert_eq!(by_code(0x3F), None);
        assert_eq!(by_code(0x80), None);
        assert_eq!(by_code(BETWEEN).unwrap().arity(), 3);
        assert_eq!(by_code(FOR_ADJ).unwrap().arity(), 3);
        assert_eq!(by_code(CASE).unwrap().arity(), 1);
        assert!(by_code(IF).unwrap().is_branch() && !by_code(CALL).unwrap().is_branch());
        assert_eq!(small_constant(small_constant_code(-64)), -64);
        assert_eq!(small_constant(0xFF), 63);
    }
}
