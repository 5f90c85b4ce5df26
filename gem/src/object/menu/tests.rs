use super::*;
use crate::object::{ObjectFlags, ObjectType};

fn sample() -> (Menu, ItemRef, TitleRef, ItemRef, ItemRef) {
    let mut m =
        MenuBuilder::new(CharCell { w: 8, h: 16 }, Rect::new(0, 0, 640, 480), " Desk ", "  About Falcon Puzzles...");
    let about = m.about();
    let file = m.title(" File ");
    let new = m.item(file, "  New game  ^N");
    m.separator(file);
    let quit = m.item(file, "  Quit      ^Q");
    let opts = m.title(" Options ");
    m.item_with_state(opts, "  Sound", ObjectState::CHECKED);
    (m.build(), about, file, new, quit)
}

crate::test_cases! {
    /// The numbering and geometry of a resource editor's menu: screen 0, bar 1, active
    /// area 2, titles from 3, drop-down area, then each box followed by its items.
    fn layout_matches_a_resource_file() {
        let (menu, about, file, new, quit) = sample();
        let t = &menu.tree;
        let kind = |i: i16| t.object(ObjectId(i)).kind();
        let rect = |i: i16| t.object(ObjectId(i)).rect();
        assert_eq!((kind(0), rect(0)), (Some(ObjectType::IBox), Rect::new(0, 0, 640, 480)));
        assert_eq!((kind(1), rect(1)), (Some(ObjectType::Box), Rect::new(0, 0, 640, 18)));
        assert_eq!(t.object(ObjectId(1)).spec(), 0x1100, "bar: no border, black on white");
        assert_eq!((kind(2), rect(2)), (Some(ObjectType::IBox), Rect::new(16, 0, 21 * 8, 19)));
        // Titles side by side, from x = 0 of the active area.
        assert_eq!(menu.title_id(file), ObjectId(4));
        assert_eq!((kind(3), rect(3)), (Some(ObjectType::Title), Rect::new(0, 0, 48, 19)));
        assert_eq!(rect(4), Rect::new(48, 0, 48, 19));
        assert_eq!(rect(5), Rect::new(96, 0, 72, 19));
        assert_eq!(t.string(ObjectId(5)), Some(&b" Options "[..]));
        // The drop-down area below the bar; the Desk box first, under its title.
        assert_eq!((kind(6), rect(6)), (Some(ObjectType::IBox), Rect::new(0, 19, 640, 461)));
        assert_eq!((kind(7), rect(7)), (Some(ObjectType::Box), Rect::new(16, 0, 25 * 8, 8 * 16)));
        assert_eq!(t.object(ObjectId(7)).spec(), 0x00ff_1100, "drop-down box: border -1");
        assert_eq!(menu.item_id(about), ObjectId(8));
        assert_eq!(t.object(ObjectId(9)).state(), ObjectState::DISABLED, "separator");
        assert_eq!(t.children(ObjectId(7)).count(), 8, "about, separator, six accessory slots");
        // The File box under " File " (x = 2 + 6 cells), items one cell high.
        assert_eq!(rect(16), Rect::new(64, 0, 14 * 8, 3 * 16));
        assert_eq!(menu.item_id(new), ObjectId(17));
        assert_eq!(rect(18), Rect::new(0, 16, 112, 16));
        assert_eq!(t.string(ObjectId(18)), Some(&b"--------------"[..]));
        assert_eq!(menu.item_id(quit), ObjectId(19));
        assert_eq!(t.object(ObjectId(21)).state(), ObjectState::CHECKED);
        assert_eq!(t.len(), 22);
        assert!(t.object(ObjectId(21)).flags().contains(ObjectFlags::LASTOB));
        // The tree's links: the titles are the active area's children, the boxes the
        // drop-down area's.
        let titles: alloc::vec::Vec<_> = t.children(ObjectId(2)).collect();
        assert_eq!(titles, [ObjectId(3), ObjectId(4), ObjectId(5)]);
        let boxes: alloc::vec::Vec<_> = t.children(ObjectId(6)).collect();
        assert_eq!(boxes, [ObjectId(7), ObjectId(16), ObjectId(20)]);
    }

    /// MN_SELECTED's item number maps back to the item.
    fn items_found_by_number() {
        let (menu, about, _, new, quit) = sample();
        assert_eq!(menu.item_at(ObjectId(8)), Some(about));
        assert_eq!(menu.item_at(menu.item_id(new)), Some(new));
        assert_eq!(menu.item_at(menu.item_id(quit)), Some(quit));
        assert_eq!(menu.item_at(ObjectId(4)), None, "a title is no item");
    }

    /// A box that would leave the screen moves left to fit.
    fn boxes_stay_on_screen() {
        let mut m = MenuBuilder::new(CharCell { w: 8, h: 8 }, Rect::new(0, 0, 320, 200), " Desk ", "  About");
        let t = m.title(" A very long title ");
        let item = m.item(t, "  An item wider than what is left");
        let menu = m.build();
        let drop = menu.tree.parent(menu.item_id(item));
        let r = menu.tree.object(drop).rect();
        assert_eq!(r.x + r.w, 320);
        assert!(r.x < (2 + 6) * 8, "moved left of its title");
        let mut m = MenuBuilder::new(CharCell { w: 8, h: 8 }, Rect::new(0, 0, 320, 200), " Desk ", "  About");
        let t = m.title(" T ");
        let item = m.item(t, "  An item wider than the whole screen of this machine");
        let menu = m.build();
        let r = menu.tree.object(menu.tree.parent(menu.item_id(item))).rect();
        assert_eq!((r.x, r.w), (0, 320), "cut to the screen");
    }
}
