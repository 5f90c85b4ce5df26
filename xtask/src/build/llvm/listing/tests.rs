use super::*;

/// The arguments of `cmd_part` (one per line) when this harness process was started to make a
/// part of a listing (see `super::part_command`).
pub const PART_ARGUMENTS: &str = "FALCON_MOVEM_LISTING_PART";

/// A part of a listing, made in this process when another test's code generation asked for
/// it; in a test run of its own there is no part to make, and nothing happens.
#[test]
fn part_made_in_a_child_process() {
    if let Ok(args) = std::env::var(PART_ARGUMENTS) {
        let args: Vec<String> = args.lines().map(str::to_string).collect();
        cmd_part(&args).unwrap();
    }
}

#[test]
fn functions_are_compared_without_their_module_wide_label_numbers() {
    let whole = "\t.text\n\t.type\tf,@function\nf:\n\tbne\t.LBB12_3\n.LBB12_3:\n\trts\n.Lfunc_end12:\n\t.size\tf, .Lfunc_end12-f\n\
\t.type\tg,@function\ng:\n\trts\n\t.size\tg, .Lfunc_end13-g\n";
    let part = "\t.type\tf,@function\nf:\n\tbne\t.LBB0_3\n.LBB0_3:\n\trts\n.Lfunc_end0:\n\t.size\tf, .Lfunc_end0-f\n";
    let (w, p) = (functions(whole), functions(part));
    assert_eq!(w.len(), 2);
    assert_eq!(w["f"], p["f"]);
    assert!(w["f"].contains("bne\t.L#0\n.L#0:"), "{}", w["f"]);
    let other = part.replace("bne\t.LBB0_3", "beq\t.LBB0_3");
    assert_ne!(functions(&other)["f"], w["f"]);
}
