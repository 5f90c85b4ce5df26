use super::*;

#[test]
fn budgets_are_read_line_by_line() {
    let b = parse("# a comment\n120_000 a::tests\n\n  300 b::tests # why\n").unwrap();
    assert_eq!(b.get("a::tests"), Some(&120_000));
    assert_eq!(b.get("b::tests"), Some(&300));
    assert!(parse("12 a\n13 a\n").unwrap_err().contains("two budgets"));
    assert!(parse("many a\n").unwrap_err().contains("not a number"));
    assert!(parse("12\n").unwrap_err().contains(":1: not"));
}

#[test]
fn a_written_budget_has_headroom_and_two_digits() {
    assert_eq!(budget_for(12_345_678), 19_000_000);
    assert_eq!(budget_for(123_456), 4_200_000);
    assert_eq!(budget_for(0), 4_000_000);
    let text = render(&[("x::tests", 1000), ("y", 20_000_000)]);
    assert_eq!(
        parse(&text).unwrap().into_iter().collect::<Vec<_>>(),
        [("x::tests".into(), 4_100_000), ("y".into(), 30_000_000)]
    );
    assert!(text.contains(&format!("with {HEADROOM_PERCENT} %")), "{text}");
}

#[test]
fn a_suite_over_its_budget_or_without_one_fails() {
    assert_eq!(verdict(100, Some(100)), None);
    assert!(verdict(101, Some(100)).unwrap().contains("101 cycles, over its budget of 100"));
    assert!(verdict(1000, None).unwrap().contains("add `4100000 <suite>`"));
}
