use super::*;
use crate::app::script::{run, screenshot_digest};
use crate::digest::Digest;

/// The digests of every screenshot of a scenario, folded into one (what the 68030 compares).
fn digest(name: &str) -> u64 {
    let s = SCENARIOS.iter().find(|s| s.name == name).expect("scenario");
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
}

#[cfg(test)]
mod host_tests {
    use super::*;
    use crate::gfx::test_screen::check_reference;

    #[test]
    fn every_game_has_a_scenario() {
        for g in crate::games::ALL {
            assert!(SCENARIOS.iter().any(|s| s.game == g.name), "no scenario for {}", g.name);
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
}
