use super::*;

crate::test_cases! {
    /// Links as a resource file has them: head/tail of each parent, `next` through the
    /// siblings and back to the parent, -1 at the root; LASTOB on the last object only.
    fn links_and_lastob() {
        let mut b = TreeBuilder::new(BoxKind::Box, 2, Colours::BLACK_ON_WHITE, Attrs::at(Rect::new(0, 0, 100, 100)));
        let a = b.add_box(ObjectId::ROOT, BoxKind::IBox, 0, Colours::default(), Attrs::default());
        let a1 = b.add_string(a, StringKind::String, "one", Attrs::default());
        let a2 = b.add_string(a, StringKind::String, "two", Attrs::default().flags(ObjectFlags::LASTOB));
        let c = b.add_string(ObjectId::ROOT, StringKind::Button, "OK", Attrs::default());
        let t = b.build();
        let l = |id: ObjectId| t.object(id).links().map(|o| o.0);
        assert_eq!(l(ObjectId::ROOT), [-1, 1, 4]);
        assert_eq!(l(a), [4, 2, 3]);
        assert_eq!(l(a1), [3, -1, -1]);
        assert_eq!(l(a2), [1, -1, -1]);
        assert_eq!(l(c), [0, -1, -1]);
        let last: alloc::vec::Vec<bool> = t.objects().iter().map(|o| o.flags().contains(ObjectFlags::LASTOB)).collect();
        assert_eq!(last, [false, false, false, false, true], "LASTOB set by the builder, and only on the last");
    }

    /// ob_spec: box colours in place; strings and TEDINFOs by address, NUL-terminated.
    fn specs_point_at_their_data() {
        let mut b = TreeBuilder::new(BoxKind::BoxChar(b'?'), -1, Colours::BLACK_ON_WHITE, Attrs::default());
        let s = b.add_string(ObjectId::ROOT, StringKind::Title, " File \0ignored", Attrs::default());
        let t = b.add_text(ObjectId::ROOT, true, "Status", TextStyle::PLAIN, Attrs::default());
        let tree = b.build();
        assert_eq!(tree.object(ObjectId::ROOT).spec(), 0x3fff_1100);
        assert_eq!(tree.object(ObjectId::ROOT).kind(), Some(ObjectType::BoxChar));
        assert_eq!(tree.object(s).kind(), Some(ObjectType::Title));
        assert_eq!(tree.string(s), Some(&b" File "[..]), "cut at the NUL");
        let ted = tree.tedinfo(t).unwrap();
        assert_eq!(tree.object(t).spec(), core::ptr::from_ref(ted) as usize);
        assert_eq!(tree.object(t).kind(), Some(ObjectType::BoxText));
        let [text, template, _] = ted.addresses();
        assert_eq!(tree.own_string(text), Some(&b"Status"[..]));
        assert_eq!(tree.own_string(template), Some(&b""[..]));
        // font 3, left, colours, thickness 0, text length with NUL, template length 1.
        assert_eq!(ted.words(), [3, 0, 0x1100, 0, 7, 1]);
    }

    /// An editable field: EDITABLE added; te_ptext an edit buffer of one byte per `_`
    /// plus the NUL; the validation string fitted to the template.
    fn fields_fit_their_template() {
        let mut b = TreeBuilder::new(BoxKind::Box, 0, Colours::BLACK_ON_WHITE, Attrs::default());
        let f = b.add_field(ObjectId::ROOT, false, FieldText { template: "ID: ______", valid: "9a", initial: "123456789" }, TextStyle::PLAIN, Attrs::default());
        let g = b.add_field(ObjectId::ROOT, true, FieldText { template: "__", valid: "", initial: "" }, TextStyle::PLAIN, Attrs::default());
        let tree = b.build();
        assert!(tree.object(f).flags().contains(ObjectFlags::EDITABLE));
        assert_eq!(tree.object(f).kind(), Some(ObjectType::FText));
        assert_eq!(tree.object(g).kind(), Some(ObjectType::FBoxText));
        let ted = tree.tedinfo(f).unwrap();
        let [_, template, valid] = ted.addresses();
        assert_eq!(tree.own_string(template), Some(&b"ID: ______"[..]));
        assert_eq!(tree.own_string(valid), Some(&b"9aaaaa"[..]), "padded with its last character");
        assert_eq!(&ted.words()[4..], &[7, 11], "6 characters + NUL, template + NUL");
        let mut out = [0u8; 8];
        let n = tree.text(f, &mut out).unwrap();
        assert_eq!(&out[..n], b"123456", "initial text cut to the field");
        let [_, _, valid] = tree.tedinfo(g).unwrap().addresses();
        assert_eq!(tree.own_string(valid), Some(&b"XX"[..]), "no validation: any character");
    }

    /// Moving the tree value keeps every address inside valid (the data lives in boxes).
    fn addresses_survive_a_move() {
        let mut b = TreeBuilder::new(BoxKind::Box, 0, Colours::BLACK_ON_WHITE, Attrs::default());
        let s = b.add_string(ObjectId::ROOT, StringKind::String, "kept", Attrs::default());
        let tree = b.build();
        let before = (tree.address(), tree.object(s).spec());
        let moved = alloc::boxed::Box::new(tree);
        assert_eq!((moved.address(), moved.object(s).spec()), before);
        assert_eq!(moved.string(s), Some(&b"kept"[..]));
    }
}
