use super::*;

#[test]
fn known_answers() {
    assert_eq!(fib(19), 4181);
    assert_eq!(ackermann(2, 3), 9);
    assert_eq!(ackermann(3, 3), 61);
    assert_eq!((1..=8).map(|n| queens(n, 0, 0, 0, 0)).collect::<std::vec::Vec<_>>(), [1, 0, 0, 2, 10, 4, 40, 92]);
    assert_eq!(gcd(1071, 462), 21);
}
