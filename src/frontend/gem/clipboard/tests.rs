use super::*;

crate::test_cases! {
    fn the_clipboard_folder_ends_in_a_backslash() {
        assert_eq!(folder(b"C:\\CLIPBRD\0junk"), Some("C:\\CLIPBRD\\".into()));
        assert_eq!(folder(b"D:\\CLIP\\\0"), Some("D:\\CLIP\\".into()));
        assert_eq!(folder(b"C:\\CLIPBRD\\SCRAP.*\0"), Some("C:\\CLIPBRD\\".into()), "an old answer naming the files");
        assert_eq!(folder(b"\0C:\\OLD"), None, "nothing set");
        assert_eq!(folder(b"  \0"), None);
    }

    fn the_default_folder_is_made_without_its_backslash() {
        assert_eq!(default_folder_to_make(), "C:\\CLIPBRD");
        assert_eq!(folder(DEFAULT_FOLDER.to_bytes()), Some("C:\\CLIPBRD\\".into()));
    }

    fn scrap_text_has_cr_lf_lines_and_ascii() {
        assert_eq!(text_file("+--+\n|12|\n+--+\n"), b"+--+\r\n|12|\r\n+--+\r\n".to_vec());
        assert_eq!(text_file("a\r\nb"), b"a\r\nb".to_vec());
        assert_eq!(text_file("\u{b7}x\n"), b"?x\r\n".to_vec());
        assert_eq!(text_file(""), b"".to_vec());
    }
}
