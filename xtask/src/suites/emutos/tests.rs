use super::*;

/// What a good accessory run says (`ACCESSORY_CYCLES` + 2 opens and closes).
fn accessory_output(heap_after: &[u64], free: (u64, u64)) -> String {
    let mut out = String::from("acc: registered in the Desk menu\n");
    out.push_str(&format!("{ACCESSORY_RULE_READ}\nacc: ready, heap used 90000 free 160000\n"));
    out.push_str(&format!("driver: free before {}\n", free.0));
    for (i, h) in heap_after.iter().enumerate() {
        out.push_str("gem host: window open\nacc: opened\n");
        if i == ACCESSORY_CYCLES {
            out.push_str(&format!("driver: free after {}\ndriver: stage 1 done, next program named: true\n", free.1));
            out.push_str("gem host: window forgotten\n");
        }
        out.push_str(&format!("acc: closed, heap used {h}\n"));
    }
    out.push_str("driver: stage 2, free 500\ndriver: stage 2 done, free 500\n");
    out
}

#[test]
fn the_accessorys_figures_need_every_open_the_same_heap_and_the_same_free_memory() {
    let good = accessory_output(&[1000; ACCESSORY_CYCLES + 2], (7000, 7000));
    let line = accessory_figures(&good, 0, false).unwrap();
    assert!(line.contains("102 opens, heap used 1000") && line.contains("block 7000"), "{line}");
    // A close that keeps memory, a system block lost, a missing open, a bad end: refused.
    let mut heap = [1000; ACCESSORY_CYCLES + 2];
    heap[50] = 1016;
    assert!(accessory_figures(&accessory_output(&heap, (7000, 7000)), 0, false).is_err());
    assert!(accessory_figures(&accessory_output(&[1000; ACCESSORY_CYCLES + 2], (7000, 6900)), 0, false).is_err());
    assert!(accessory_figures(&accessory_output(&[1000; ACCESSORY_CYCLES + 1], (7000, 7000)), 0, false).is_err());
    assert!(accessory_figures(&good, 3, false).is_err());
    assert!(accessory_figures(&good, 0, true).is_err());
    assert!(accessory_figures(&good.replace("gem host: window forgotten\n", ""), 0, false).is_err());
    // The rule file not read through the accessory's disk, or read without its score.
    assert!(
        accessory_figures(&good.replace(ACCESSORY_RULE_READ, "acc: C:\\TETRHEX.RUL not read: x"), 0, false).is_err()
    );
    assert!(accessory_figures(&good.replace("by side 0 1 0 0", "by side 0 0 0 0"), 0, false).is_err());
}

#[test]
fn the_disk_tests_checks_are_read_one_per_line() {
    let out = "falcon-exit 0\ndisktest: ok score_read_back\nother\ndisktest: FAILED date_kept: Ok(1), not 0x2\n";
    let checks = disk_checks(out);
    assert_eq!(
        checks,
        vec![("score_read_back".to_string(), None), ("date_kept".to_string(), Some("Ok(1), not 0x2".to_string()))]
    );
}
