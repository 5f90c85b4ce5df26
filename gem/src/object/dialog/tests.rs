use super::*;
use crate::object::ObjectType;

crate::test_cases! {
    /// The root: an outlined box, thickness 2, black on white, `cols` x `rows` cells.
    /// Children placed in cells; buttons and radio buttons with their flags.
    fn dialog_objects_and_flags() {
        let mut d = DialogBuilder::new(CharCell { w: 8, h: 16 }, 30, 8);
        let label = d.label(2, 1, "Game ID:");
        let field = d.field(2, 2, "________________", "X", "5x5:abc");
        let group = d.group(2, 4, 20, 1);
        let easy = d.radio(group, 0, 0, 8, "Easy", true);
        let hard = d.radio(group, 10, 0, 8, "Hard", false);
        let sound = d.toggle(2, 5, 10, "Sound", true);
        let ok = d.button(12, 6, 8, "OK", ButtonRole::Default);
        let cancel = d.button(21, 6, 8, "Cancel", ButtonRole::Exit);
        let t = d.build();
        let root = t.object(ObjectId::ROOT);
        assert_eq!((root.kind(), root.state(), root.spec()), (Some(ObjectType::Box), ObjectState::OUTLINED, 0x0002_1100));
        assert_eq!(root.rect(), Rect::new(0, 0, 240, 128));
        assert_eq!(t.object(label).rect(), Rect::new(16, 16, 64, 16));
        assert_eq!(t.object(field).kind(), Some(ObjectType::FText));
        assert_eq!(t.object(field).rect(), Rect::new(16, 32, 128, 16));
        assert_eq!(t.parent(easy), group);
        assert_eq!(t.object(hard).rect(), Rect::new(80, 0, 64, 16), "relative to the group");
        let radio = ObjectFlags::SELECTABLE | ObjectFlags::RBUTTON;
        assert_eq!((t.object(easy).flags(), t.object(easy).state()), (radio, ObjectState::SELECTED));
        assert_eq!((t.object(hard).flags(), t.object(hard).state()), (radio, ObjectState::empty()));
        assert_eq!(t.object(sound).flags(), ObjectFlags::SELECTABLE);
        assert_eq!(t.object(ok).flags(), ObjectFlags::SELECTABLE | ObjectFlags::EXIT | ObjectFlags::DEFAULT);
        assert_eq!(
            t.object(cancel).flags(),
            ObjectFlags::SELECTABLE | ObjectFlags::EXIT | ObjectFlags::LASTOB,
            "the last object carries LASTOB"
        );
        let mut out = [0u8; 32];
        let n = t.text(field, &mut out).unwrap();
        assert_eq!(&out[..n], b"5x5:abc");
    }
}
