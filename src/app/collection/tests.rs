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
        assert_eq!(app.command(&mut s.target(), Command::ChooseGame(maze)), Reply::None);
        assert_eq!(app.title(), "Maze");
        assert_eq!(s.damage.bounding_box(), Rect::new(0, 0, 96, 80), "the new game is drawn whole");
        assert!(app.menu_bar().find(&Command::ChooseGame(maze)).unwrap().checked);
        assert!(matches!(app.command(&mut s.target(), Command::ChooseGame(99)), Reply::Error(_)));
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
        assert_eq!(app.command(&mut s.target(), Command::LoadData(save)), Reply::None);
        assert_eq!(app.title(), "Maze");
        // A broken file leaves the game in front alone.
        let fifteen_save = fifteen("2x2:1,2,0,3").command(&mut s.target(), Command::Save);
        let Reply::SaveFile { data } = fifteen_save else { panic!() };
        let mut broken = data.into_bytes();
        broken.truncate(60);
        assert!(matches!(app.command(&mut s.target(), Command::LoadData(broken)), Reply::Error(_)));
        assert_eq!(app.title(), "Maze");
        // A file of a game the collection has not.
        let alien = b"SAVEFILE:41:Simon Tatham's Portable Puzzle Collection\nVERSION :1:1\nGAME    :4:Nets\n".to_vec();
        let Reply::Error(why) = app.command(&mut s.target(), Command::LoadData(alien)) else { panic!() };
        assert!(why.contains("Nets"), "{}", why);
        assert_eq!(app.title(), "Maze");
    }
}
