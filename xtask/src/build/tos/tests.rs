use super::*;

#[test]
fn fixup_table_encoding() {
    assert_eq!(encode_fixups(&[]), vec![0, 0, 0, 0]);
    assert_eq!(encode_fixups(&[6]), vec![0, 0, 0, 6, 0]);
    // 6 -> 10 (4), 10 -> 10 + 254 + 254 + 2 = 520
    assert_eq!(encode_fixups(&[6, 10, 520]), vec![0, 0, 0, 6, 4, 1, 1, 2, 0]);
    // exactly 254 is one byte, not an "advance"
    assert_eq!(encode_fixups(&[0, 254]), vec![0, 0, 0, 0, 254, 0]);
}

#[test]
fn header_fields() {
    let image = Image { text: vec![0x4e, 0x75], data: vec![1, 2, 3, 4], bss_len: 100, ..Default::default() };
    let exe = write_executable(&image, false);
    assert_eq!(&exe[0..2], &[0x60, 0x1a]);
    assert_eq!(u32::from_be_bytes(exe[2..6].try_into().unwrap()), 2);
    assert_eq!(u32::from_be_bytes(exe[6..10].try_into().unwrap()), 4);
    assert_eq!(u32::from_be_bytes(exe[10..14].try_into().unwrap()), 100);
    assert_eq!(u32::from_be_bytes(exe[0x16..0x1a].try_into().unwrap()), 7);
    assert_eq!(exe.len(), 28 + 2 + 4 + 4);
}

#[test]
fn dri_symbols_with_extended_names() {
    let table =
        encode_symbols(&[("main".into(), SymbolKind::Text, 0x10), ("Console::flush".into(), SymbolKind::Text, 0x20)]);
    assert_eq!(table.len(), 14 + 28);
    assert_eq!(&table[0..4], b"main");
    assert_eq!(u16::from_be_bytes([table[8], table[9]]), 0xA200);
    assert_eq!(u16::from_be_bytes([table[22], table[23]]), 0xA248);
    assert_eq!(&table[28..34], b":flush");
    assert_eq!(
        short_name("_RNvMNtNtCs8Tvpdcddx2c_14falcon_puzzles7runtime7consoleNtB2_7Console5flush"),
        "Console::flush"
    );
}
