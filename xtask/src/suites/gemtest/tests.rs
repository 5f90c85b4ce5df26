use super::*;

#[test]
fn check_lines_are_read() {
    let out = "boot\ngemtest: ok appl_init\ngemtest: FAILED desk_workxywh: Rect { x: 0 }\ngemtest: waiting alert\nfalcon-exit 1\n";
    let c = checks(out);
    assert_eq!(c, [("appl_init".to_string(), None), ("desk_workxywh".to_string(), Some("Rect { x: 0 }".to_string()))]);
}
