#[test]
fn collatz_27_takes_111_steps() {
    // Known: 27 reaches 1 after 111 steps, peaking at 9232.
    let mut n = 27u32;
    let mut steps = 0;
    let mut max = 0;
    while n != 1 {
        n = if n % 2 == 0 { n / 2 } else { 3 * n + 1 };
        max = max.max(n);
        steps += 1;
    }
    assert_eq!((steps, max), (111, 9232));
}
