use super::*;

fn run_s(args: &[&str]) -> Result<String, String> {
    run(&args.iter().map(|s| s.to_string()).collect::<Vec<_>>())
}

#[test]
fn generate_is_reproducible_and_ids_replay() {
    let a = run_s(&["fifteen", "generate", "--preset", "0", "--count", "3", "--seed", "s"]).unwrap();
    let b = run_s(&["Fifteen", "generate", "--params", "3x3", "--count", "3", "--seed", "s"]).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.lines().count(), 3);
    for line in a.lines() {
        let (seed_id, desc_id) = line.split_once('\t').unwrap();
        assert!(seed_id.starts_with("3x3#") && desc_id.starts_with("3x3:"));
        // Both IDs lead to the same puzzle.
        let s1 = run_s(&["fifteen", "show", seed_id]).unwrap();
        let s2 = run_s(&["fifteen", "show", desc_id]).unwrap();
        assert!(s1.contains(desc_id), "{}", s1);
        assert_eq!(s1.lines().last(), s2.lines().last());
    }
}

#[test]
fn replay_solve_and_errors() {
    let out = run_s(&["fifteen", "replay", "2x2:1,2,0,3", "M1,1"]).unwrap();
    assert!(out.contains("status: won"), "{}", out);
    let out = run_s(&["fifteen", "solve", "3x3:8,7,6,5,4,3,2,1,0"]).unwrap();
    assert!(out.contains("solution: S") && out.contains("status: won"), "{}", out);
    let e = run_s(&["fifteen", "replay", "2x2:1,2,0,3", "M1,0"]).unwrap_err();
    assert!(e.contains("move 1 (M1,0)"), "{}", e);
    assert!(run_s(&["nosuch", "show", "x"]).unwrap_err().contains("unknown game"));
    let e = run_s(&["fifteen", "show", "2x2:1,1,2,0"]).unwrap_err();
    assert!(e.contains("Number used twice"), "{}", e);
}

#[test]
fn solution_lists_the_moves_show_solution_plays() {
    assert_eq!(run_s(&["maze", "solution", "3x2:0,5R,741"]).unwrap(), "D\nR\nR\nR\n");
    assert_eq!(run_s(&["slide", "solution", "3:1,2,3,4,0,5,7,8,6"]).unwrap(), "M2,1\nM2,2\n");
    let e = run_s(&["fifteen", "solution", "2x2:1,2,0,3"]).unwrap_err();
    assert!(e.contains("cannot show its solution"), "{}", e);
}

#[test]
fn generate_is_batch_generation() {
    // Batch and interactive generation agree for these games (nothing deferred to the
    // first move): the seed IDs printed give the same puzzles when played.
    let out = run_s(&["maze", "generate", "--params", "5x5", "--count", "2", "--seed", "b"]).unwrap();
    for line in out.lines() {
        let (seed_id, desc_id) = line.split_once('\t').unwrap();
        let shown = run_s(&["maze", "show", seed_id]).unwrap();
        assert!(shown.contains(desc_id), "{} / {}", shown, desc_id);
    }
}

#[test]
fn text_front_end_plays_a_game() {
    let new = || (games::find("fifteen").unwrap().new)(b"t");
    let script = "help\nleft\nundo\nredo\nbogus\nmove M9,9\nkey u\nshow\nquit\nleft\n";
    let mut out = Vec::new();
    play(new(), Some("2x2:1,2,3,0"), &mut script.as_bytes(), &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("commands:"), "{}", out);
    // left at the right edge does nothing; the game starts with the gap bottom-right.
    assert!(out.contains("unknown command"), "{}", out);
    assert!(out.contains("Move error: Cell outside the grid"), "{}", out);
    // Undo with nothing to undo is silent, as in Tatham's front ends.
    assert!(!out.contains("Nothing to undo"), "{}", out);
    assert!(out.contains("cannot show its solution"), "{}", out);
    // A winnable one: the gap moves right with 'left'.
    let mut out = Vec::new();
    play(new(), Some("2x2:1,2,0,3"), &mut "h\nq\n".as_bytes(), &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("status: won"), "{}", out);
    // A click on tile 3 (column 1, row 1: pixels 72..120 of the puzzle) wins too; the
    // common key u (through the key map) takes it back. Ends cleanly at end of input.
    let mut out = Vec::new();
    play(new(), Some("2x2:1,2,0,3"), &mut "click 5 5\nclick 90 90\nkey u\nsave\n".as_bytes(), &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    let states: Vec<&str> = out.lines().filter(|l| l.contains("status:")).collect();
    assert_eq!(states, ["status: playing", "status: playing", "status: won", "status: playing", "status: playing"]);
    assert!(out.contains("SAVEFILE:41:Simon Tatham's Portable Puzzle Collection"), "{}", out);
}

#[test]
fn save_load_and_render() {
    let dir = std::env::temp_dir().join(format!("puzzle-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = run_s(&["fifteen", "save", "3x2:1,2,3,4,0,5", "M2,1", "M1,1"]).unwrap();
    let file = dir.join("g.sav");
    std::fs::write(&file, &save).unwrap();
    let out = run_s(&["load", file.to_str().unwrap()]).unwrap();
    assert!(out.contains("game id: 3x2:1,2,3,4,0,5"), "{}", out);
    assert!(
        out.contains("moves: 2 (position 3 of 3)") && out.contains("status: won"),
        "completion is remembered after moving on: {}",
        out
    );
    let png_path = dir.join("g.png");
    run_s(&["fifteen", "render", "3x3#7", png_path.to_str().unwrap()]).unwrap();
    let img = png::decode(&std::fs::read(&png_path).unwrap()).unwrap();
    assert_eq!((img.width, img.height), (640, 480));
    assert!(img.rgb.contains(&[0, 0, 0]), "text is drawn in black");
    std::fs::remove_dir_all(&dir).ok();
}
