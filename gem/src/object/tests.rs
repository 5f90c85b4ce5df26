use super::builder::{Attrs, BoxKind, FieldText, StringKind, TextStyle, TreeBuilder};
use super::*;

fn sample() -> (Tree, ObjectId, ObjectId, ObjectId) {
    let mut b = TreeBuilder::new(BoxKind::Box, 2, Colours::BLACK_ON_WHITE, Attrs::at(Rect::new(100, 50, 200, 100)));
    let group = b.add_box(ObjectId::ROOT, BoxKind::IBox, 0, Colours::default(), Attrs::at(Rect::new(10, 20, 100, 40)));
    let button = b.add_string(group, StringKind::Button, "Easy", Attrs::at(Rect::new(5, 6, 40, 16)));
    let field = b.add_field(
        ObjectId::ROOT,
        false,
        FieldText { template: "Seed: ____", valid: "9", initial: "12" },
        TextStyle::PLAIN,
        Attrs::at(Rect::new(10, 70, 80, 16)),
    );
    (b.build(), group, button, field)
}

crate::test_cases! {
    /// Flag and state bits as in the Compendium.
    fn flag_and_state_bits() {
        assert_eq!(ObjectFlags::SELECTABLE.bits(), 0x1);
        assert_eq!(ObjectFlags::DEFAULT.bits(), 0x2);
        assert_eq!(ObjectFlags::EXIT.bits(), 0x4);
        assert_eq!(ObjectFlags::EDITABLE.bits(), 0x8);
        assert_eq!(ObjectFlags::RBUTTON.bits(), 0x10);
        assert_eq!(ObjectFlags::LASTOB.bits(), 0x20);
        assert_eq!(ObjectFlags::TOUCHEXIT.bits(), 0x40);
        assert_eq!(ObjectFlags::HIDETREE.bits(), 0x80);
        assert_eq!(ObjectFlags::FL3DACT, ObjectFlags::FL3DIND | ObjectFlags::FL3DBAK);
        assert_eq!(ObjectState::SELECTED.bits(), 0x1);
        assert_eq!(ObjectState::CROSSED.bits(), 0x2);
        assert_eq!(ObjectState::CHECKED.bits(), 0x4);
        assert_eq!(ObjectState::DISABLED.bits(), 0x8);
        assert_eq!(ObjectState::OUTLINED.bits(), 0x10);
        assert_eq!(ObjectState::SHADOWED.bits(), 0x20);
    }

    /// The colour word: frame 15-12, text 11-8, opaque 7, pattern 6-4, fill 3-0; and a
    /// box's ob_spec: character, signed thickness, colours.
    fn colour_word_and_box_spec() {
        assert_eq!(Colours::BLACK_ON_WHITE.word(), 0x1100);
        let c = Colours { frame: 2, text: 3, opaque_text: true, pattern: 7, fill: 4 };
        assert_eq!(c.word(), 0x23f4);
        assert_eq!(Colours::from_word(0x23f4), c);
        assert_eq!(box_spec(0, -1, Colours::BLACK_ON_WHITE), 0x00ff_1100);
        assert_eq!(box_spec(b'X', 2, Colours::BLACK_ON_WHITE), 0x5802_1100);
    }

    /// Object types: the numbers, and which point at strings or TEDINFOs.
    fn object_types() {
        assert_eq!(ObjectType::Box as u8, 20);
        assert_eq!(ObjectType::Title as u8, 32);
        for code in 20..=32u8 {
            assert_eq!(ObjectType::from_code(code).map(|t| t as u8), Some(code));
        }
        assert_eq!(ObjectType::from_code(33), None);
        assert!(ObjectType::FText.has_tedinfo() && !ObjectType::FText.has_string());
        assert!(ObjectType::Button.has_string() && !ObjectType::IBox.has_string());
    }

    /// Parents, children, absolute positions.
    fn tree_navigation() {
        let (tree, group, button, field) = sample();
        assert_eq!(tree.parent(button), group);
        assert_eq!(tree.parent(group), ObjectId::ROOT);
        assert_eq!(tree.parent(field), ObjectId::ROOT);
        let kids: alloc::vec::Vec<_> = tree.children(ObjectId::ROOT).collect();
        assert_eq!(kids, [group, field]);
        assert_eq!(tree.children(button).count(), 0);
        assert_eq!(tree.absolute_rect(button), Rect::new(115, 76, 40, 16));
        assert_eq!(tree.string(button), Some(&b"Easy"[..]));
        assert_eq!(tree.string(group), None);
    }

    /// Editable text: read back, replaced, refused when too long or not editable.
    fn editable_text() {
        let (tree, group, _, field) = sample();
        let mut out = [0u8; 16];
        let n = tree.text(field, &mut out).unwrap();
        assert_eq!(&out[..n], b"12");
        tree.set_text(field, b"4711").unwrap();
        let n = tree.text(field, &mut out).unwrap();
        assert_eq!(&out[..n], b"4711");
        assert_eq!(tree.set_text(field, b"12345"), Err(TextError::TooLong { capacity: 4 }));
        assert_eq!(tree.set_text(group, b"1"), Err(TextError::NotEditable));
        tree.set_text(field, b"").unwrap();
        assert_eq!(tree.text(field, &mut out), Some(0));
    }

    /// What the AES writes through the tree's address is what the tree reads back.
    fn states_written_in_place_are_seen() {
        let (tree, _, button, _) = sample();
        tree.object(button).set_state(ObjectState::SELECTED | ObjectState::DISABLED);
        assert_eq!(tree.object(button).state(), ObjectState::SELECTED | ObjectState::DISABLED);
        tree.object(ObjectId::ROOT).set_rect(Rect::new(220, 190, 200, 100));
        assert_eq!(tree.root_rect(), Rect::new(220, 190, 200, 100));
    }
}
