use super::*;
use crate::app::script::Screen;
use crate::gfx::Rect;

fn fifteen(id: &str) -> App {
    let mut p = (games::find("fifteen").unwrap().new)(b"app");
    p.set_game_id(id).unwrap();
    p.new_game(&mut crate::gfx::NullDrawing::default());
    App::with_activity(Box::new(PuzzleActivity::new(p)), b"app")
}

crate::test_cases! {
    fn choose_game_switches_and_draws_it() {
        let mut app = fifteen("2x2:1,2,0,3");
        let mut s = Screen::new(96, 80).unwrap();
        app.draw_all(&mut s.target());
        s.damage.clear();
        let maze = games::ALL.iter().position(|g| g.name == "Maze").unwrap();
        assert_eq!(app.command(&mut s.target(), Command::ChooseGame(maze)), None);
        assert_eq!(app.title(), "Maze");
        assert_eq!(s.damage.bounding_box(), Rect::new(0, 0, 96, 80), "the new game is drawn whole");
        assert!(app.menu_bar().find(&Command::ChooseGame(maze)).unwrap().checked);
        assert!(matches!(app.command(&mut s.target(), Command::ChooseGame(99)), Some(HostRequest::Error(_))));
        assert_eq!(app.title(), "Maze");
    }

    fn loading_another_games_save_file_switches_to_it() {
        let mut app = fifteen("2x2:1,2,0,3");
        let mut s = Screen::new(96, 80).unwrap();
        app.draw_all(&mut s.target());
        let mut maze = (games::find("maze").unwrap().new)(b"m");
        maze.set_game_id("3x2#5").unwrap();
        maze.new_game(&mut crate::gfx::NullDrawing::default());
        let save = maze.serialise().into_bytes();
        assert_eq!(app.command(&mut s.target(), Command::LoadData(save)), None);
        assert_eq!(app.title(), "Maze");
        // A broken file leaves the game in front alone.
        let fifteen_save = fifteen("2x2:1,2,0,3").command(&mut s.target(), Command::Save);
        let Some(HostRequest::SaveFile { data }) = fifteen_save else { panic!() };
        let mut broken = data.into_bytes();
        broken.truncate(60);
        assert!(matches!(app.command(&mut s.target(), Command::LoadData(broken)), Some(HostRequest::Error(_))));
        assert_eq!(app.title(), "Maze");
        // A file of a game the collection has not.
        let alien = b"SAVEFILE:41:Simon Tatham's Portable Puzzle Collection\nVERSION :1:1\nGAME    :4:Nets\n".to_vec();
        let Some(HostRequest::Error(why)) = app.command(&mut s.target(), Command::LoadData(alien)) else { panic!() };
        assert!(why.contains("Nets"), "{}", why);
        assert_eq!(app.title(), "Maze");
    }

    fn begins_at_the_start_screen_and_back_keeps_the_game_waiting() {
        use crate::app::input::KeyPress;
        use crate::keyboard::{Shift, scancode};
        let mut app = App::new(b"app");
        let mut s = Screen::new(192, 144).unwrap();
        app.draw_all(&mut s.target());
        assert!(app.at_start_screen());
        assert_eq!(app.title(), crate::app::help::COLLECTION);
        // Return on the start screen starts the selected game (the first).
        let enter = Input::KeyDown(KeyPress::new(scancode::RETURN, b'\r', Shift::empty()));
        assert_eq!(app.input(&mut s.target(), &enter), None);
        assert_eq!(app.title(), games::ALL[0].name);
        assert_eq!(s.damage.bounding_box(), Rect::new(0, 0, 192, 144), "the game is drawn whole");
        let Some(HostRequest::SaveFile { data: before }) = app.command(&mut s.target(), Command::Save) else { panic!() };
        // Esc goes back; the start screen selects the game left.
        let esc = Input::KeyDown(KeyPress::new(scancode::ESC, 0x1B, Shift::empty()));
        assert_eq!(app.input(&mut s.target(), &esc), None);
        assert!(app.at_start_screen());
        // The Games menu (or Return) brings back the same game, not a new one.
        assert_eq!(app.command(&mut s.target(), Command::ChooseGame(0)), None);
        let Some(HostRequest::SaveFile { data: after }) = app.command(&mut s.target(), Command::Save) else { panic!() };
        assert_eq!(before, after);
        // Another game, and back to the first through the menu's command.
        assert_eq!(app.command(&mut s.target(), Command::ChooseGame(1)), None);
        assert_eq!(app.title(), games::ALL[1].name);
        assert_eq!(app.command(&mut s.target(), Command::BackToCollection), None);
        assert!(app.at_start_screen());
        // The start screen answers what needs a game with nothing, and can quit.
        assert_eq!(app.command(&mut s.target(), Command::Undo), None);
        assert_eq!(app.command(&mut s.target(), Command::Quit), Some(HostRequest::Quit));
        assert!(matches!(app.command(&mut s.target(), Command::LoadData(b"junk".to_vec())), Some(HostRequest::Error(_))));
        assert!(app.at_start_screen());
    }
}
