use super::*;

crate::test_cases! {
    /// A plain name ends at the first space; a quoted one at its closing quote, spaces
    /// kept and a doubled quote read as one; nothing but spaces is no name.
    fn the_first_name_of_a_command_line() {
        assert_eq!(first_name("C:\\GAMES\\FIFTEEN.SAV").as_deref(), Some("C:\\GAMES\\FIFTEEN.SAV"));
        assert_eq!(first_name("  C:\\A.SAV C:\\B.SAV").as_deref(), Some("C:\\A.SAV"));
        assert_eq!(first_name("'C:\\MY GAMES\\NET.SAV' C:\\B.SAV").as_deref(), Some("C:\\MY GAMES\\NET.SAV"));
        assert_eq!(first_name("'C:\\IT''S\\X.SAV'").as_deref(), Some("C:\\IT'S\\X.SAV"));
        assert_eq!(first_name("'C:\\OPEN.SAV").as_deref(), Some("C:\\OPEN.SAV"), "an unclosed quote ends with the line");
        assert_eq!(first_name("   "), None);
        assert_eq!(first_name("''"), None);
    }

    /// Address 0 is no command line.
    fn no_line_at_address_zero() {
        assert_eq!(line_at(0), None);
    }

    /// On the 68030 the text at an address is read up to its NUL, and at most MAX_LINE
    /// bytes of a text without one.
    fn a_line_is_read_from_memory_on_the_68030() {
        if !cfg!(target_arch = "m68k") {
            return;
        }
        let text = b"'C:\\A B.SAV'\0";
        assert_eq!(line_at(text.as_ptr() as usize).as_deref(), Some("'C:\\A B.SAV'"));
        let long = [b'x'; MAX_LINE + 10];
        assert_eq!(line_at(long.as_ptr() as usize).map(|l| l.len()), Some(MAX_LINE));
    }
}
