use super::*;

#[test]
fn state_dumps_are_compared_item_by_item() {
    let mut out = String::new();
    for i in 0..300 {
        out.push_str(&format!("state before x{i} {i}\nstate after x{i} {i}\n"));
    }
    assert_eq!(compare_states(&out), Ok(()));
    let changed = out.replace("state after x7 7", "state after x7 8");
    assert!(compare_states(&changed).unwrap_err().contains("x7: before 7, after 8"));
    assert!(compare_states("state before a 1\n").is_err());
}
