use super::*;
use crate::app::script::{run, screenshot_digest};
use crate::digest::Digest;

/// The digests of every screenshot of a scenario, folded into one (what the 68030 compares).
fn digest(name: &str) -> u64 {
    let s = SCENARIOS
        .iter()
        .chain(COLLECTION_SCENARIOS)
        .chain(PICTURE_SCENARIOS)
        .find(|s| s.name == name)
        .expect("scenario");
    let mut d = Digest::new();
    let log = run(s, |shot| d.u64(screenshot_digest(shot.surface, shot.palette))).expect("runs");
    d.u32(log.len() as u32);
    d.finish()
}

crate::value_cases! {
    fn fifteen_scenario_screens() -> u64 {
        digest("app-fifteen")
    }
    fn maze_scenario_screens() -> u64 {
        digest("app-maze")
    }
    fn slide_scenario_screens() -> u64 {
        digest("app-slide")
    }
    fn sixteen_scenario_screens() -> u64 {
        digest("app-sixteen")
    }
    fn flip_scenario_screens() -> u64 {
        digest("app-flip")
    }
    fn samegame_scenario_screens() -> u64 {
        digest("app-samegame")
    }
    fn untangle_scenario_screens() -> u64 {
        digest("app-untangle")
    }
    fn net_scenario_screens() -> u64 {
        digest("app-net")
    }
    fn mines_scenario_screens() -> u64 {
        digest("app-mines")
    }
    fn collection_scenario_screens() -> u64 {
        digest("app-collection")
    }
    fn dialogs_scenario_screens() -> u64 {
        digest("app-dialogs")
    }
    fn tetrhex_scenario_screens() -> u64 {
        digest("app-tetrhex")
    }
    fn slide_picture_scenario_screens() -> u64 {
        digest("app-slide-picture")
    }
}

#[cfg(test)]
mod host_tests {
    use super::*;
    use crate::app::activity::{HostRequest, MenulessHostRequest};
    use crate::app::command::Command;
    use crate::app::input::KeyPress;
    use crate::app::script::{Request, Start, Step};
    use crate::gfx::test_screen::check_reference;
    use crate::keyboard::{Shift, scancode};

    #[test]
    fn every_game_has_a_scenario() {
        for g in crate::games::ALL {
            let has = |s: &&Scenario| matches!(s.start, Start::Game { game, .. } if game == g.name);
            assert!(SCENARIOS.iter().any(|s| has(&s)), "no scenario for {}", g.name);
        }
    }

    #[test]
    fn scenarios_draw_the_reference_images() {
        for s in SCENARIOS {
            let mut shots = 0;
            let log = run(s, |shot| {
                shots += 1;
                check_reference(&shot.name, shot.surface, shot.palette);
            })
            .unwrap();
            assert!(shots >= 4, "{}", s.name);
            assert!(log.is_empty(), "{}: unexpected replies {:?}", s.name, log);
        }
    }

    #[test]
    fn collection_scenario_draws_the_reference_images() {
        let s = COLLECTION_SCENARIOS.iter().find(|s| s.name == "app-collection").unwrap();
        let mut names = alloc::vec::Vec::new();
        let log = run(s, |shot| {
            check_reference(&shot.name, shot.surface, shot.palette);
            names.push(shot.name);
        })
        .unwrap();
        assert_eq!(names.len(), 8);
        assert!(log.is_empty(), "unexpected replies {:?}", log);
    }

    #[test]
    fn dialogs_scenario_draws_the_reference_images() {
        let s = COLLECTION_SCENARIOS.iter().find(|s| s.name == "app-dialogs").unwrap();
        let mut names = alloc::vec::Vec::new();
        let log = run(s, |shot| {
            check_reference(&shot.name, shot.surface, shot.palette);
            names.push(shot.name);
        })
        .unwrap();
        assert_eq!(names.len(), 9);
        // Ctrl-S and OK wrote the save file under the proposed name; Ctrl-O and OK read it
        // back (loading it answered nothing more).
        assert_eq!(log.len(), 2, "{:?}", log);
        assert!(
            matches!(&log[0].1, Request::Menuless(MenulessHostRequest::WriteFile { name, data }) if name == "FIFTEEN.SAV" && data.contains("GAME    :7:Fifteen"))
        );
        assert_eq!(log[1].1, Request::Menuless(MenulessHostRequest::ReadFile { name: "FIFTEEN.SAV".into() }));
    }

    #[test]
    fn tetrhex_scenario_draws_the_reference_images() {
        let s = COLLECTION_SCENARIOS.iter().find(|s| s.name == "app-tetrhex").unwrap();
        let mut names = alloc::vec::Vec::new();
        let log = run(s, |shot| {
            check_reference(&shot.name, shot.surface, shot.palette);
            names.push(shot.name);
        })
        .unwrap();
        assert_eq!(names.len(), 16);
        assert!(log.is_empty(), "unexpected replies {:?}", log);
    }

    #[test]
    fn slide_picture_scenario_draws_the_reference_images() {
        let s = &PICTURE_SCENARIOS[0];
        let mut names = alloc::vec::Vec::new();
        let log = run(s, |shot| {
            check_reference(&shot.name, shot.surface, shot.palette);
            names.push(shot.name);
        })
        .unwrap();
        assert_eq!(names, ["app-slide-picture-builtin", "app-slide-picture-start", "app-slide-picture-mid"]);
        // The broken file was refused with the decoder's reason; the DEGAS picture loaded.
        // (The log holds the error, then each step's HostRequest::PickPictureToLoad.)
        assert_eq!(log.len(), 3, "{:?}", log);
        assert!(
            matches!(&log[0].1, Request::Host(HostRequest::Error(e)) if e.starts_with("BROKEN.TGA: Truncated file: TGA")),
            "{:?}",
            log
        );
        assert_eq!((log[1].0, &log[1].1), (1, &Request::Host(HostRequest::PickPictureToLoad)));
        assert_eq!((log[2].0, &log[2].1), (2, &Request::Host(HostRequest::PickPictureToLoad)));
    }

    /// The collection at the full screen's size, 640×480 (host only: on the 68030 this size
    /// waits for the blitters).
    const FULL_SCREEN: Scenario = Scenario {
        name: "app-fullscreen",
        start: Start::Collection,
        width: 640,
        height: 480,
        steps: &[
            Step::Shot("start"),
            Step::Key(KeyPress::new(scancode::RETURN, b'\r', Shift::empty())),
            Step::Key(KeyPress::special(scancode::F10, Shift::empty())),
            Step::Key(KeyPress::special(scancode::RIGHT, Shift::empty())),
            Step::Key(KeyPress::special(scancode::RIGHT, Shift::empty())),
            Step::Shot("menu"),
            Step::Key(KeyPress::new(scancode::ESC, 0x1B, Shift::empty())),
            Step::Command(Command::Custom),
            Step::Shot("custom"),
        ],
    };

    #[test]
    fn the_collection_lays_out_for_the_full_screen() {
        let mut shots = 0;
        let log = run(&FULL_SCREEN, |shot| {
            shots += 1;
            check_reference(&shot.name, shot.surface, shot.palette);
        })
        .unwrap();
        assert_eq!(shots, 3);
        assert!(log.is_empty(), "{:?}", log);
    }

    /// `Step::Repeat` is its step written out that many times; a `Repeat` of a `Repeat` is
    /// refused.
    #[test]
    fn a_repeat_is_its_step_written_out() {
        const LEFT: Step = Step::Key(KeyPress::special(scancode::LEFT, Shift::empty()));
        const START: Start = Start::Game { game: "Fifteen", id: "4x4:1,2,3,4,5,0,6,7,8,9,10,11,12,13,14,15" };
        let shots = |steps: &'static [Step]| {
            let s = Scenario { name: "repeat", start: START, width: 192, height: 144, steps };
            let mut digests = alloc::vec::Vec::new();
            run(&s, |shot| digests.push(screenshot_digest(shot.surface, shot.palette))).map(|_| digests)
        };
        let repeated = shots(&[Step::Shot("start"), Step::Repeat(2, &LEFT), Step::Shot("moved")]).unwrap();
        let written = shots(&[Step::Shot("start"), LEFT, LEFT, Step::Shot("moved")]).unwrap();
        let once = shots(&[Step::Shot("start"), LEFT, Step::Shot("moved")]).unwrap();
        assert_eq!(repeated, written);
        assert_ne!(repeated[1], once[1], "two moves left, not one");
        assert_ne!(repeated[0], repeated[1]);
        const TWICE: Step = Step::Repeat(2, &LEFT);
        assert_eq!(shots(&[Step::Repeat(2, &TWICE)]).unwrap_err(), "step 0: a Repeat of a Repeat");
    }
}
