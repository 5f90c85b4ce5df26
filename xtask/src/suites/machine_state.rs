//! The machine-state dumps of the machine layer's and the full-screen front end's test
//! programs (`state before NAME VALUE`, `state after NAME VALUE`), compared item by item:
//! every exit path must leave the machine as it found it.

use std::collections::BTreeMap;

use crate::emulator::hatari;

/// Compares the `state before` and `state after` dumps.
pub fn compare_states(output: &str) -> Result<(), String> {
    let mut before = BTreeMap::new();
    let mut after = BTreeMap::new();
    for line in output.lines() {
        let w: Vec<&str> = line.split_whitespace().collect();
        if let ["state", phase, name, value] = w.as_slice() {
            let map = if *phase == "before" { &mut before } else { &mut after };
            map.insert(name.to_string(), value.to_string());
        }
    }
    if before.len() < 300 || after.len() != before.len() {
        return Err(format!(
            "state dumps incomplete: {} items before, {} after:\n{}",
            before.len(),
            after.len(),
            hatari::tail(output, 20)
        ));
    }
    let diff: Vec<String> = before
        .iter()
        .filter(|(k, v)| after.get(*k) != Some(v))
        .map(|(k, v)| format!("{k}: before {v}, after {}", after.get(k).map_or("-", String::as_str)))
        .collect();
    if diff.is_empty() { Ok(()) } else { Err(format!("not restored: {}", diff.join("; "))) }
}

#[cfg(test)]
mod tests;
