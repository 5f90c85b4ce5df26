use alloc::boxed::Box;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::cell::RefCell;

use super::*;
use crate::app::activity::{Activity, ActivityReply, HostRequest};
use crate::app::command::Command;
use crate::app::picture_folder::MemoryFolder;
use crate::app::puzzle_activity::PuzzleActivity;
use crate::app::scenarios::pictures::{sunset_pi1, truncated_tga};
use crate::app::script::Screen;
use crate::games;

const SUNSET: &str = "A:\\PICS\\SUNSET.PI1";

fn disk() -> Rc<RefCell<MemoryFolder>> {
    Rc::new(RefCell::new(MemoryFolder::with_files(vec![
        (SUNSET.into(), sunset_pi1()),
        ("A:\\OTHER\\SUNSET.PI1".into(), {
            let mut other = sunset_pi1();
            other[2] = 0x07; // another colour 0: another picture of the same name
            other
        }),
        ("A:\\BROKEN.TGA".into(), truncated_tga()),
        ("C:\\a very long name.pi1".into(), sunset_pi1()),
    ])))
}

fn shared(d: &Rc<RefCell<MemoryFolder>>) -> SharedFolder {
    d.clone()
}

/// Slide with pictures from `folder`, laid out on `screen`.
fn slide(folder: &SharedFolder, screen: &mut Screen) -> PuzzleActivity {
    let mut p = (games::find("Slide").unwrap().new)(b"pictures");
    p.set_game_id("3:1,2,3,4,0,5,7,8,6").unwrap();
    p.new_game(&mut crate::gfx::NullDrawing::default());
    let mut a = PuzzleActivity::new(p).with_pictures(Pictures::new(Some(folder.clone()), b"pictures"));
    a.draw_all(&mut screen.target());
    a
}

/// Types `text` into the open field and presses Return.
fn type_in(ui: &mut crate::app::OnScreen<crate::app::App>, screen: &mut Screen, text: &str) {
    use crate::app::input::{Input, KeyPress};
    use crate::keyboard::{Shift, scancode};
    for c in text.bytes() {
        ui.input(&mut screen.target(), &Input::KeyDown(KeyPress::char(c)));
    }
    ui.input(&mut screen.target(), &Input::KeyDown(KeyPress::new(scancode::RETURN, b'\r', Shift::empty())));
}

crate::test_cases! {
    fn full_screen_load_picture_asks_for_a_file_name_and_shows_refusals() {
        use crate::app::{App, OnScreen};
        let d = disk();
        let mut app = App::new(b"full");
        app.set_picture_folder(shared(&d));
        let mut ui = OnScreen::new(app);
        let mut screen = Screen::new(320, 240).unwrap();
        ui.draw_all(&mut screen.target());
        let slide = games::ALL.iter().position(|g| g.name == "Slide").unwrap();
        assert_eq!(ui.command(&mut screen.target(), Command::ChooseGame(slide)), None);
        assert!(ui.menu_bar().menu("Picture").is_some());
        // Load picture...: a file-name field; a broken file: a message, the game stays.
        assert_eq!(ui.command(&mut screen.target(), Command::LoadPicture), None);
        assert!(ui.is_open());
        type_in(&mut ui, &mut screen, "A:\\BROKEN.TGA");
        assert!(ui.is_open(), "the refusal is shown");
        ui.input(&mut screen.target(), &crate::app::Input::KeyDown(crate::app::KeyPress::char(b' ')));
        assert!(!ui.is_open());
        ui.command(&mut screen.target(), Command::LoadPicture);
        type_in(&mut ui, &mut screen, SUNSET);
        assert!(!ui.is_open());
        assert_eq!(d.borrow().kept.len(), 1);
        let bar = ui.menu_bar();
        assert!(bar.find(&Command::ChoosePicture(3)).is_some_and(|i| i.checked && i.label == "SUNSET.PI1"));
    }

    fn short_names_are_8_3_for_tos() {
        assert_eq!(names::short_name("A:\\PICS\\SUNSET.PI1", "PI1"), "SUNSET.PI1");
        assert_eq!(names::short_name("C:\\a very long name.pi1", "PI1"), "AVERYLON.PI1");
        assert_eq!(names::short_name("holiday.jpeg.png", "PNG"), "HOLIDAYJ.PNG");
        assert_eq!(names::short_name("D:\\PICS\\NOEXT", "TGA"), "NOEXT.TGA");
        assert_eq!(names::short_name("D:\\x.tiff", "PNG"), "X.PNG");
        assert_eq!(names::short_name("...", "IMG"), "PICTURE.IMG");
        assert_eq!(names::alternative("SUNSET.PI1", 1), "SUNSET~1.PI1");
        assert_eq!(names::alternative("AVERYLON.PI1", 9), "AVERYL~9.PI1");
    }

    fn the_save_record_goes_before_nstates_and_reads_back() {
        let mut p = (games::find("Slide").unwrap().new)(b"s");
        p.set_game_id("3:1,2,3,4,0,5,7,8,6").unwrap();
        p.new_game(&mut crate::gfx::NullDrawing::default());
        let save = p.serialise();
        assert_eq!(save_record::read(save.as_bytes()), None);
        let with = save_record::add(&save, "SUNSET.PI1");
        assert!(with.contains("PICTURE :10:SUNSET.PI1\nNSTATES :1:1\n"), "{}", with);
        assert_eq!(save_record::read(with.as_bytes()).as_deref(), Some("SUNSET.PI1"));
        // The mid end, like Tatham's, skips the record it does not know.
        let mut q = (games::find("Slide").unwrap().new)(b"t");
        q.deserialise(&mut crate::gfx::NullDrawing::default(), &with).unwrap();
        assert_eq!(q.game_id(), p.game_id());
        // A name a save file cannot hold is not written.
        assert_eq!(save_record::add(&save, "B\u{e4}R.PI1"), save);
    }

    fn three_built_in_pictures_and_the_kept_ones_are_offered() {
        let d = disk();
        d.borrow_mut().kept.push(("OLD.PI1".into(), sunset_pi1()));
        let p = Pictures::new(Some(shared(&d)), b"x");
        assert_eq!(p.names(), ["Landscape", "Harbour", "Balloons", "OLD.PI1"]);
        assert!(p.is_random());
        assert_eq!(Pictures::new(None, b"x").len(), 3);
    }

    fn random_choice_reaches_every_picture() {
        let d = disk();
        d.borrow_mut().kept.push(("OLD.PI1".into(), sunset_pi1()));
        let mut p = Pictures::new(Some(shared(&d)), b"x");
        let mut first = [0u32; 4];
        for seed in 0..40u8 {
            first[Pictures::new(Some(shared(&d)), &[seed]).pick_any()] += 1;
        }
        assert!(first.iter().all(|&s| s > 2), "the first game may show any picture: {:?}", first);
        let mut seen = [0u32; 4];
        let mut last = p.current();
        for _ in 0..80 {
            let n = p.pick_random();
            assert_ne!(n, last, "a new game shows another picture");
            last = n;
            seen[n] += 1;
        }
        assert!(seen.iter().all(|&s| s > 5), "{:?}", seen);
    }

    fn a_loaded_picture_is_kept_under_its_8_3_name_and_offered_again() {
        let d = disk();
        let mut p = Pictures::new(Some(shared(&d)), b"x");
        let s = p.load_file(SUNSET, 40).unwrap();
        assert_eq!(s.name(), "SUNSET.PI1");
        assert_eq!(p.current_name(), "SUNSET.PI1");
        assert!(!p.is_random(), "the loaded picture stays for the next games");
        assert_eq!(d.borrow().kept, vec![(String::from("SUNSET.PI1"), sunset_pi1())]);
        // The same file again: the same name, nothing written twice.
        p.load_file(SUNSET, 40).unwrap();
        assert_eq!(d.borrow().kept.len(), 1);
        // Another picture of the same name: kept beside it, the first never overwritten.
        let s = p.load_file("A:\\OTHER\\SUNSET.PI1", 40).unwrap();
        assert_eq!(s.name(), "SUNSET~1.PI1");
        assert_eq!(d.borrow().kept[0].1, sunset_pi1());
        // A long name is cut to 8.3.
        p.load_file("C:\\a very long name.pi1", 40).unwrap();
        assert_eq!(p.current_name(), "AVERYLON.PI1");
        // Next time (a new Pictures over the same folder) they are on offer.
        let again = Pictures::new(Some(shared(&d)), b"y");
        assert_eq!(again.names(), ["Landscape", "Harbour", "Balloons", "SUNSET.PI1", "SUNSET~1.PI1", "AVERYLON.PI1"]);
    }

    fn a_bad_file_is_refused_with_the_reason_and_nothing_changes() {
        let d = disk();
        let mut p = Pictures::new(Some(shared(&d)), b"x");
        let before = p.current();
        let e = p.load_file("A:\\BROKEN.TGA", 40).err().unwrap();
        assert!(e.starts_with("BROKEN.TGA: Truncated file: TGA"), "{}", e);
        let e = p.load_file("A:\\MISSING.PI1", 40).err().unwrap();
        assert!(e.contains("MISSING.PI1"), "{}", e);
        assert!(d.borrow().kept.is_empty());
        assert_eq!(p.current(), before);
        let e = Pictures::new(None, b"x").load_file(SUNSET, 40).err().unwrap();
        assert!(e.contains("PICTURES"), "{}", e);
    }

    fn a_loaded_picture_renders_to_the_free_pens() {
        let d = disk();
        let mut p = Pictures::new(Some(shared(&d)), b"x");
        let mut s = p.load_file(SUNSET, 40).unwrap();
        let surface = s.at_side(48).unwrap();
        assert_eq!((surface.width(), surface.height()), (48, 48));
        let pens = surface.to_indexed();
        assert!(pens.iter().all(|&q| q >= 40), "only the picture's pens");
        let (first, colours) = s.pens();
        assert_eq!(first, 40);
        assert!(colours.len() <= 216 && colours.len() >= 8, "{}", colours.len());
        // The sky at the top is dark purple, the sea at the bottom blue.
        let c = |x: usize, y: usize| colours[(pens[y * 48 + x] - 40) as usize];
        assert!(c(2, 1).b > c(2, 1).g, "{:?}", c(2, 1));
        assert!(c(2, 46).b > c(2, 46).r, "{:?}", c(2, 46));
    }

    fn the_game_saves_its_picture_and_loads_it_back() {
        let d = disk();
        let folder = shared(&d);
        let mut screen = Screen::new(192, 144).unwrap();
        let mut a = slide(&folder, &mut screen);
        assert_eq!(a.command(&mut screen.target(), Command::LoadPictureFile(SUNSET.into())), ActivityReply::None);
        assert_eq!(a.pictures().unwrap().current_name(), "SUNSET.PI1");
        let ActivityReply::Host(HostRequest::SaveFile { data }) = a.command(&mut screen.target(), Command::Save) else { panic!() };
        assert!(data.contains("PICTURE :10:SUNSET.PI1\n"));
        // A new session: its first picture is another, the save file brings SUNSET.PI1 back.
        let mut b = slide(&folder, &mut screen);
        b.command(&mut screen.target(), Command::ChoosePicture(1));
        assert_eq!(b.command(&mut screen.target(), Command::LoadData(data.clone().into_bytes())), ActivityReply::None);
        assert_eq!(b.pictures().unwrap().current_name(), "SUNSET.PI1");
        // The picture gone: a message, the first built-in picture, the game loaded all the same.
        d.borrow_mut().kept.clear();
        let mut c = slide(&folder, &mut screen);
        let ActivityReply::Host(HostRequest::Message { text, .. }) = c.command(&mut screen.target(), Command::LoadData(data.into_bytes())) else {
            panic!()
        };
        assert!(text.contains("SUNSET.PI1") && text.contains("Landscape"), "{}", text);
        assert_eq!(c.pictures().unwrap().current_name(), "Landscape");
        assert_eq!(c.puzzle().game_id(), a.puzzle().game_id());
    }

    fn the_picture_menu_chooses_and_a_bad_file_leaves_the_game() {
        let d = disk();
        let folder = shared(&d);
        let mut screen = Screen::new(192, 144).unwrap();
        let mut a = slide(&folder, &mut screen);
        let bar = a.menu_bar();
        let menu = bar.menu("Picture").unwrap();
        let labels: Vec<&str> = menu.items().map(|i| i.label.as_str()).collect();
        assert_eq!(labels, ["Load picture...", "Random picture", "Landscape", "Harbour", "Balloons"]);
        assert!(bar.find(&Command::RandomPicture).unwrap().checked);
        assert_eq!(a.command(&mut screen.target(), Command::LoadPicture), ActivityReply::Host(HostRequest::PickPictureToLoad));
        assert_eq!(a.command(&mut screen.target(), Command::ChoosePicture(2)), ActivityReply::None);
        let bar = a.menu_bar();
        assert!(bar.find(&Command::ChoosePicture(2)).unwrap().checked);
        assert!(!bar.find(&Command::RandomPicture).unwrap().checked);
        // A specific picture stays for new games.
        a.command(&mut screen.target(), Command::NewGame);
        assert_eq!(a.pictures().unwrap().current(), 2);
        let before = screen.surface.to_indexed();
        let id = a.puzzle().game_id();
        let ActivityReply::Host(HostRequest::Error(e)) = a.command(&mut screen.target(), Command::LoadPictureFile("A:\\BROKEN.TGA".into())) else {
            panic!()
        };
        assert!(e.contains("Truncated"), "{}", e);
        assert_eq!(screen.surface.to_indexed(), before, "the game stays as it was");
        assert_eq!(a.puzzle().game_id(), id);
        assert!(matches!(a.command(&mut screen.target(), Command::ChoosePicture(9)), ActivityReply::Host(HostRequest::Error(_))));
        // Random again: new games pick.
        a.command(&mut screen.target(), Command::RandomPicture);
        assert!(a.pictures().unwrap().is_random());
        let _: Box<dyn Activity<Reply = ActivityReply>> = Box::new(a);
    }
}
