#[test]
fn utf8_facts() {
    let s = "Grüße, Ĉapelo! ½ → 漢字 🙂 end";
    assert_eq!(s.chars().count(), 27);
    assert_eq!('🦀'.len_utf8(), 4);
    assert!("2147483648".parse::<i32>().is_err());
}
