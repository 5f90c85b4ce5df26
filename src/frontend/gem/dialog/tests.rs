use alloc::string::String;
use alloc::vec;

use falcon_gem::object::{ObjectFlags, ObjectType};

use super::*;
use crate::app::dialog::DialogKind;

/// VGA's cell and screen: 80 columns.
const VGA: (CharCell, Rect) = (CharCell { w: 8, h: 16 }, Rect { x: 0, y: 0, w: 640, h: 480 });
/// ST low's: 40 columns of 8×8.
const ST_LOW: (CharCell, Rect) = (CharCell { w: 8, h: 8 }, Rect { x: 0, y: 0, w: 320, h: 200 });

/// A Custom dialog with one of each kind of item.
fn custom() -> Dialog {
    Dialog {
        kind: DialogKind::Custom,
        title: "Maze configuration".into(),
        items: vec![
            ConfigItem::String { name: "Width", value: "12".into() },
            ConfigItem::Boolean { name: "Ensure unique solution", value: true },
            ConfigItem::Choices { name: "Generator", choices: &["Wilson", "Kruskal", "Prim"], selected: 1 },
        ],
    }
}

/// A Game ID dialog holding `id`.
fn game_id(id: &str) -> Dialog {
    Dialog {
        kind: DialogKind::GameId,
        title: "Game ID".into(),
        items: vec![ConfigItem::String { name: "Game ID", value: id.into() }],
    }
}

fn string(tree: &Tree, id: ObjectId) -> String {
    String::from_utf8(tree.string(id).unwrap().to_vec()).unwrap()
}

fn text(tree: &Tree, id: ObjectId) -> String {
    let mut buf = [0u8; 128];
    let n = tree.text(id, &mut buf).unwrap();
    String::from_utf8(buf[..n].to_vec()).unwrap()
}

fn fields(ids: &DialogIds, item: usize) -> Vec<ObjectId> {
    match &ids.controls[item] {
        Control::Text(f) => f.clone(),
        other => panic!("item {item} is {other:?}"),
    }
}

fn radios(ids: &DialogIds, item: usize) -> Vec<ObjectId> {
    match &ids.controls[item] {
        Control::Radios(r) => r.clone(),
        other => panic!("item {item} is {other:?}"),
    }
}

fn toggle(ids: &DialogIds, item: usize) -> ObjectId {
    match &ids.controls[item] {
        Control::Toggle(t) => *t,
        other => panic!("item {item} is {other:?}"),
    }
}

fn selected(tree: &Tree, id: ObjectId) -> bool {
    tree.object(id).state().contains(ObjectState::SELECTED)
}

/// Every object of the tree lies inside the root box.
fn all_inside(tree: &Tree) {
    let root = tree.root_rect();
    for i in 1..tree.len() {
        let r = tree.absolute_rect(ObjectId(i as i16));
        assert!(
            r.x >= 0 && r.y >= 0 && r.x + r.w <= root.w && r.y + r.h <= root.h,
            "object {i} at {r:?} outside {root:?}"
        );
    }
}

crate::test_cases! {
    fn each_item_becomes_its_control_with_the_dialogs_values() {
        let (tree, ids) = layout(&custom(), VGA.0, VGA.1);
        assert_eq!(ids.controls.len(), 3);
        // The title, then the Width label and its field holding "12".
        assert_eq!(string(&tree, ObjectId(1)), "Maze configuration");
        let width = fields(&ids, 0);
        assert_eq!(width.len(), 1);
        assert_eq!(tree.object(width[0]).kind(), Some(ObjectType::FText));
        assert!(tree.object(width[0]).flags().contains(ObjectFlags::EDITABLE));
        assert_eq!(text(&tree, width[0]), "12");
        // The check box: a selectable button named by the item, on.
        let t = toggle(&ids, 1);
        assert_eq!(string(&tree, t), "Ensure unique solution");
        assert!(tree.object(t).flags().contains(ObjectFlags::SELECTABLE));
        assert!(selected(&tree, t));
        // The choice: three radio buttons in one group, the second selected.
        let r = radios(&ids, 2);
        let names: Vec<String> = r.iter().map(|&b| string(&tree, b)).collect();
        assert_eq!(names, ["Wilson", "Kruskal", "Prim"]);
        assert!(r.iter().all(|&b| tree.object(b).flags().contains(ObjectFlags::RBUTTON)));
        assert_eq!(r.iter().map(|&b| selected(&tree, b)).collect::<Vec<_>>(), [false, true, false]);
        assert!(r.iter().all(|&b| tree.parent(b) == tree.parent(r[0]) && tree.parent(b) != ObjectId::ROOT));
        // OK is the default exit, Cancel an exit; the cursor starts in the first field.
        assert_eq!(string(&tree, ids.ok), "OK");
        assert!(tree.object(ids.ok).flags().contains(ObjectFlags::DEFAULT | ObjectFlags::EXIT));
        assert_eq!(string(&tree, ids.cancel), "Cancel");
        assert!(tree.object(ids.cancel).flags().contains(ObjectFlags::EXIT));
        assert!(!tree.object(ids.cancel).flags().contains(ObjectFlags::DEFAULT));
        assert_eq!(ids.first_field(), width[0]);
        all_inside(&tree);
    }

    fn labels_stand_beside_their_controls_in_one_column() {
        let (tree, ids) = layout(&custom(), VGA.0, VGA.1);
        let field = tree.absolute_rect(fields(&ids, 0)[0]);
        let radio = tree.absolute_rect(radios(&ids, 2)[0]);
        // "Generator" is the longest label (9): controls start 2 + 9 + 1 cells in.
        assert_eq!((field.x, radio.x), (12 * 8, 12 * 8));
        assert_eq!(field.w, MIN_FIELD * 8, "\"12\" and the slack fit in the narrowest field");
        // The width label on the field's row.
        let label = tree.absolute_rect(ObjectId(2));
        assert_eq!((string(&tree, ObjectId(2)).as_str(), label.y), ("Width", field.y));
        // OK and Cancel on the last row but one, at the right.
        let root = tree.root_rect();
        let cancel = tree.absolute_rect(ids.cancel);
        assert_eq!(cancel.x + cancel.w, root.w - 2 * 8);
        assert_eq!(cancel.y, root.h - 2 * 16);
    }

    fn on_forty_columns_long_labels_go_above_their_controls() {
        let mut d = custom();
        d.items[0] = ConfigItem::String { name: "Number of shuffling moves", value: "40".into() };
        let (tree, ids) = layout(&d, ST_LOW.0, ST_LOW.1);
        let root = tree.root_rect();
        assert!(root.w <= 38 * 8, "{root:?} wider than the screen less two cells");
        let field = tree.absolute_rect(fields(&ids, 0)[0]);
        let label = tree.absolute_rect(ObjectId(2));
        assert_eq!(label.y + 8, field.y, "the field on the row under its label");
        assert_eq!(label.x, field.x);
        all_inside(&tree);
    }

    fn a_long_game_id_is_split_over_fields_and_read_back_whole() {
        let id: String = (0..100).map(|n| char::from(b'a' + (n % 26) as u8)).collect();
        let (tree, ids) = layout(&game_id(&id), ST_LOW.0, ST_LOW.1);
        let f = fields(&ids, 0);
        // 38 columns less the margins and "Game ID " leave 26 a field: 108 needs 5 rows, 4 at most.
        assert_eq!(f.len(), MAX_FIELD_ROWS as usize);
        let joined: String = f.iter().map(|&x| text(&tree, x)).collect();
        assert_eq!(joined, id);
        let mut back = game_id("");
        read_back(&tree, &ids, &mut back);
        assert_eq!(back.text(), Some(id.as_str()));
        all_inside(&tree);
    }

    fn what_the_user_changed_is_read_back() {
        let (tree, ids) = layout(&custom(), VGA.0, VGA.1);
        // As form_do leaves it: the text typed, the toggle off, the third radio selected.
        tree.set_text(fields(&ids, 0)[0], b"25").unwrap();
        let t = toggle(&ids, 1);
        tree.object(t).set_state(ObjectState::empty());
        let r = radios(&ids, 2);
        tree.object(r[1]).set_state(ObjectState::empty());
        tree.object(r[2]).set_state(ObjectState::SELECTED);
        let mut d = custom();
        read_back(&tree, &ids, &mut d);
        assert_eq!(d.item("Width"), Some(&ConfigItem::String { name: "Width", value: "25".into() }));
        assert_eq!(d.item("Ensure unique solution"), Some(&ConfigItem::Boolean { name: "Ensure unique solution", value: false }));
        assert!(matches!(d.item("Generator"), Some(ConfigItem::Choices { selected: 2, .. })));
        assert_eq!((d.kind, d.title.as_str()), (DialogKind::Custom, "Maze configuration"));
    }

    fn only_ascii_reaches_the_aes() {
        assert_eq!(atari_text("3×3 ok"), "3?3 ok");
        let (tree, ids) = layout(&game_id("4x4:1,2\u{e9}"), VGA.0, VGA.1);
        assert_eq!(text(&tree, fields(&ids, 0)[0]), "4x4:1,2?");
    }

    fn a_dialog_without_texts_starts_without_a_field() {
        let d = Dialog {
            kind: DialogKind::Preferences,
            title: "Preferences".into(),
            items: vec![ConfigItem::Boolean { name: "Sound", value: false }],
        };
        let (tree, ids) = layout(&d, ST_LOW.0, ST_LOW.1);
        assert_eq!(ids.first_field(), ObjectId::ROOT);
        assert!(!selected(&tree, toggle(&ids, 0)));
        all_inside(&tree);
    }
}
