use super::*;

#[test]
fn evaluator_known_answers() {
    use Token::*;
    assert_eq!(eval(&[Num(3), Plus, Num(4), Times, Num(5)]).0, 35);
    assert_eq!(eval(&[Num(100), Minus, Open, Num(7), Times, Num(-3), Close, Times, Num(2)]).0, 242);
    assert_eq!(ranges(-1000), 1);
    assert_eq!(sparse(u32::MAX), 9);
}
