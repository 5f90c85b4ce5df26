//! Host tests of the compiler and the disassembler.

use super::compile::compile;
use super::disasm::disassemble;
use falcon_puzzles::rul::sample::{sample_rule, trivial_rule};
use falcon_puzzles::rul::{loader::load, writer::write};

fn round_trip(rule: &falcon_puzzles::rul::model::RuleFile) {
    let src = disassemble(rule);
    let back = compile(&src).unwrap_or_else(|e| panic!("{e}\n{src}"));
    assert_eq!(&back, rule, "{src}");
    assert_eq!(write(&back), write(rule));
}

#[test]
fn disassembly_recompiles_to_the_same_model() {
    round_trip(&trivial_rule());
    // Code with every kind of operand.
    let code: &[u8] = &[
        0x5B, 0xC3, 0x40, 0x05, 0x48, 0x00, 0x05, // set V3 (add V5 w:5)
        0x5B, 0x83, 0x49, 0x00, 0x01, 0x00, 0x00, // inc V3 65536
        0x5B, 0x48, 0x00, 0x43, 0xC1, // dec V3 1
        0x46, 0x03, 0x03, 0xC1, 0x51, // ifs V3 → ret
        0x62, 0xC0, 0x02, 0x00, 0x03, 0x00, 0xFC, // case 0 [L 31?]
        0x60, 0x03, 0x02, 0x00, 0x01, 0xFF, 0xFF, 0x51, 0x76, 0xC4, 0x7B, 0x04, 0xC1, 0x51,
    ];
    let rule = sample_rule([code, code, code, code, code, code, code]);
    round_trip(&rule);
    // Undecodable code falls back to bytes.
    let junk: &[u8] = &[0x52, 0x7F, 0x00, 0x51, 0x46];
    round_trip(&sample_rule([junk, junk, junk, junk, junk, junk, &junk[3..]]));
}

#[test]
fn errors_name_line_and_column() {
    let base =
        "rule \"x\"\npattern\n".to_string() + &"444444444444444444\n".repeat(16) + "shape 0 none\nsignal DOWN Q\n";
    let e =
        compile(&(base.clone() + "code\nphase 0 phase A phase B phase C phase P phase Q phase S\n  add 1 frob ret\n"))
            .unwrap_err();
    assert_eq!((e.line, e.col), (23, 9), "{e}");
    let e = compile(&(base.clone() + "code\nphase 0 ret\n")).unwrap_err();
    assert!(e.msg.contains("missing 'phase A'"), "{e}");
    let e = compile(&(base.clone() + "signal STOP ctrl+Foo\n")).unwrap_err();
    assert_eq!((e.line, e.col), (21, 13));
    let e = compile(&(base.clone() + "code\nifs 1 far\nbyte" + &" $00".repeat(200) + "\nfar:\n")).unwrap_err();
    assert!(e.msg.contains("too far"), "{e}");
    let ok = compile(&(base + "code\nvar score 10\nphase 0 phase A phase B phase C phase P phase Q phase S\n(set score (add score -5)) inc score 1 dec score 1 ret\n")).unwrap();
    assert_eq!(ok.code, vec![0x5B, 0xCA, 0x40, 0x0A, 0xBB, 0x5B, 0x8A, 0xC1, 0x5B, 0x48, 0x00, 0x4A, 0xC1, 0x51]);
    assert!(load(&write(&ok)).is_ok());
}

/// The rule sources in rules/ compile to exactly the committed .RUL files, and those
/// disassemble to sources that compile back to the same bytes.
#[test]
fn committed_rules_match_their_sources() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../rules/");
    for (src, bin) in
        [("tetrhex.rls", "TETRHEX.RUL"), ("tetlight.rls", "TETLIGHT.RUL"), ("hexcolumns.rls", "HEXCOLS.RUL")]
    {
        let text = std::fs::read_to_string(format!("{root}{src}")).unwrap();
        let bytes = std::fs::read(format!("{root}{bin}")).unwrap();
        let rule = compile(&text).unwrap_or_else(|e| panic!("{src}:{e}"));
        assert_eq!(write(&rule), bytes, "{src} does not match {bin}");
        round_trip(&rule);
    }
}

fn campaign(games: u32) {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../rules/");
    for bin in ["TETRHEX.RUL", "TETLIGHT.RUL", "HEXCOLS.RUL"] {
        let rule = load(&std::fs::read(format!("{root}{bin}")).unwrap()).unwrap();
        for size in 6..=9 {
            let mut st = super::player::Stats::default();
            for g in 0..games {
                super::player::play_random(&rule, size, 1 + g, 600_000, false, &mut st);
            }
            assert_eq!(st.failed, 0, "{bin} size {size}: {:?}", st.first_error);
            assert_eq!(st.over, games, "{bin} size {size}: every game ends");
        }
    }
}

/// A few random games per rule and size (the full campaign is the ignored test below and
/// `rul play`; see docs/rul.md).
#[test]
fn random_games_end_without_error() {
    campaign(10);
}

#[test]
#[ignore]
fn thousand_random_games_per_rule_and_size() {
    campaign(1000);
}

#[test]
fn fuzzing_smoke() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../rules/");
    let seeds = vec![std::fs::read(format!("{root}TETRHEX.RUL")).unwrap(), write(&trivial_rule())];
    let r = super::fuzz::campaign(&seeds, 20_000, 1);
    assert_eq!(r.files, 20_000);
    assert!(r.loaded > 0 && r.rejected > 0);
}

/// The recorded reference replays in rules/replays/ end in their recorded final state.
#[test]
fn reference_replays_reach_their_recorded_state() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../rules/");
    for (bin, replay) in
        [("TETRHEX.RUL", "tetrhex-7.txt"), ("TETLIGHT.RUL", "tetlight-6.txt"), ("HEXCOLS.RUL", "hexcols-8.txt")]
    {
        let rule = load(&std::fs::read(format!("{root}{bin}")).unwrap()).unwrap();
        let text = std::fs::read_to_string(format!("{root}replays/{replay}")).unwrap();
        let r = super::replayfile::parse(&rule, &text).unwrap();
        let g = super::replayfile::run(&rule, &r, false).unwrap();
        assert_eq!(Some(super::replayfile::expectation(&g)), r.expect, "{replay}");
        assert!(matches!(g.state, falcon_puzzles::rul::session::SessionState::Over(s) if s > 0));
    }
}

/// Mangled sources give a line:column error or a valid rule, never a panic.
#[test]
fn compiler_survives_mangled_sources() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../rules/");
    let mut dice = super::player::Dice::new(7);
    let pieces = [
        "(",
        ")",
        "[",
        "]",
        "\"",
        "$",
        "-",
        ":",
        "phase",
        "if",
        "ret",
        "9999999999",
        "w:",
        "&",
        "\n",
        " ",
        "é",
        "V64",
        "x",
    ];
    for src in ["tetrhex.rls", "hexcolumns.rls"] {
        let text = std::fs::read_to_string(format!("{root}{src}")).unwrap();
        let chars: Vec<char> = text.chars().collect();
        for _ in 0..1500 {
            let mut c = chars.clone();
            for _ in 0..1 + dice.below(3) {
                let at = dice.below(c.len() as u32) as usize;
                match dice.below(3) {
                    0 => {
                        c.remove(at);
                    }
                    1 => c.splice(at..at, pieces[dice.below(pieces.len() as u32) as usize].chars()).for_each(drop),
                    _ => c.truncate(at),
                }
            }
            let s: String = c.into_iter().collect();
            match compile(&s) {
                Ok(rule) => {
                    let _ = load(&write(&rule));
                }
                Err(e) => assert!(e.line >= 1 && e.col >= 1, "{e}"),
            }
        }
    }
}

/// `rul same` finds no difference between a rule and itself, and finds the first one
/// between two rules that differ in one score constant (a landing scores 4 instead of 3).
#[test]
fn same_detects_a_difference() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../rules/");
    let text = std::fs::read_to_string(format!("{root}tetlight.rls")).unwrap();
    let rule = compile(&text).unwrap();
    let r = super::same::compare(&rule, &rule, &[6, 9], 5).unwrap();
    assert_eq!(r.games, 10);
    assert!(r.pieces > 0 && r.events > r.pieces);
    let changed = text.replacen("(set T 3)", "(set T 4)", 1);
    assert_ne!(changed, text);
    let other = compile(&changed).unwrap();
    let d = super::same::compare(&rule, &other, &[6], 5).unwrap_err();
    assert_eq!((d.size, d.seed), (6, 1));
    assert!(d.event >= 1);
    // The score (V10), or the final score when that landing ended the game.
    assert!(d.what.starts_with("V10 ") || d.what.starts_with("state Over"), "{d}");
}

/// Every line of Tet'light on a board: the Vs (vertex with both upper neighbours, arms up-left
/// and up-right to the edges) and the diagonals (up-right from a cell without a lower-left
/// neighbour, down-right from a cell without an upper-left one), as lists of cells.
fn tetlight_lines(b: &falcon_puzzles::rul::board::Board) -> Vec<Vec<i32>> {
    let ray = |mut x: i32, d: usize, v: &mut Vec<i32>| loop {
        x = b.neighbour(x, d);
        if x == 0 {
            break;
        }
        v.push(x);
    };
    let mut out = Vec::new();
    for c in 1..=b.cell_count() as i32 {
        if b.neighbour(c, 4) != 0 && b.neighbour(c, 2) != 0 {
            let mut v = vec![c];
            ray(c, 4, &mut v);
            ray(c, 2, &mut v);
            out.push(v);
        }
        for (back, forth) in [(5, 2), (4, 1)] {
            if b.neighbour(c, back) == 0 {
                let mut v = vec![c];
                ray(c, forth, &mut v);
                out.push(v);
            }
        }
    }
    out
}

/// Tet'light's phase C against a model of its lines on random boards of sizes 6-9 (gaps
/// under hexagons, no full line, four landed cells taken among the empty cells of nearly
/// full lines, no bomb): every full line destroyed, then again while the fall makes new
/// ones; the same board, line count and score, and no mark left.
#[test]
fn tetlight_lines_match_a_model_on_random_boards() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../rules/");
    let rule = load(&std::fs::read(format!("{root}TETLIGHT.RUL")).unwrap()).unwrap();
    let mut d = super::player::Dice::new(5);
    let (mut boards, mut lines, mut cascades) = (0, 0, 0);
    for case in 0..20_000u32 {
        let size = 6 + d.below(4) as u8;
        let mut g = falcon_puzzles::rul::session::Session::new(&rule, size, case + 1).unwrap();
        g.piece = None;
        let n = size as i32;
        let density = 70 + d.below(31);
        let b = &mut g.vm.board;
        for c in -(n - 1)..=n - 1 {
            let top = d.below(b.column_len(c) as u32 + 1) as i32;
            for h in 0..top {
                if d.below(100) < density {
                    let cell = b.cell_mut(b.id(c, h));
                    cell.colour = 1 + d.below(6) as u8;
                    cell.pattern = 1;
                }
            }
        }
        let all = tetlight_lines(b);
        loop {
            let full: Vec<&Vec<i32>> = all.iter().filter(|l| l.iter().all(|&x| b.occupied(x))).collect();
            if full.is_empty() {
                break;
            }
            for l in full {
                b.cell_mut(l[d.below(l.len() as u32) as usize]).pattern = 0;
            }
        }
        let mut piece: Vec<i32> = Vec::new();
        for _ in 0..20 {
            let l = &all[d.below(all.len() as u32) as usize];
            let empty: Vec<i32> = l.iter().copied().filter(|&x| !b.occupied(x)).collect();
            if empty.len() <= 4 - piece.len() {
                piece.extend(empty.into_iter().filter(|x| !piece.contains(x)).collect::<Vec<_>>());
            }
            if piece.len() >= 3 {
                break;
            }
        }
        let cells = b.cell_count() as i32;
        let empties: Vec<i32> = (1..=cells).filter(|&x| !b.occupied(x) && !piece.contains(&x)).collect();
        if piece.len() + empties.len() < 4 {
            continue;
        }
        while piece.len() < 4 {
            let x = empties[d.below(empties.len() as u32) as usize];
            if !piece.contains(&x) {
                piece.push(x);
            }
        }
        for &x in &piece {
            let cell = b.cell_mut(x);
            cell.colour = 3;
            cell.pattern = 1;
        }
        // The model.
        let mut model = b.clone();
        let (mut count, mut passes) = (0, 0);
        loop {
            let full: Vec<&Vec<i32>> = all.iter().filter(|l| l.iter().all(|&x| model.occupied(x))).collect();
            if full.is_empty() {
                break;
            }
            count += full.len() as i32;
            passes += 1;
            for l in full {
                for &x in l {
                    model.cell_mut(x).marks |= 1 << 7;
                }
            }
            model.destroy(Some(7));
        }
        // The rule.
        let score = g.vm.vars[10];
        g.vm.piece = [piece[0], piece[0], piece[1], piece[2], piece[3]];
        g.vm.piece_len = 4;
        g.vm.vars[9] = 0;
        g.vm.run(&rule.code, rule.phases[3]).unwrap();
        assert_eq!(g.vm.vars[13], count, "case {case}: lines");
        assert_eq!(g.vm.vars[10], score + 3 + 100 * count * count * g.vm.vars[11], "case {case}: score");
        for id in 1..=cells {
            let (a, m) = (g.vm.board.cell(id), model.cell(id));
            assert_eq!((a.colour, a.pattern), (m.colour, m.pattern), "case {case}: cell {id}");
            assert_eq!(a.marks, 0, "case {case}: marks left on cell {id}");
        }
        boards += 1;
        lines += count;
        cascades += (passes > 1) as u32;
    }
    eprintln!("{boards} boards, {lines} lines, {cascades} with more than one pass");
    // The densest landing: a full board of side 9 but for four cells of column 0 and one
    // cell of each other line (none of the lines through the four); the four cells land and complete every line through them at once (more than
    // the rule's stack of 256 entries would hold with their cells).
    let mut g = falcon_puzzles::rul::session::Session::new(&rule, 9, 1).unwrap();
    g.piece = None;
    let piece = [109, 110, 111, 112];
    let b = &mut g.vm.board;
    for id in 1..=217 {
        if !piece.contains(&id) {
            let cell = b.cell_mut(id);
            cell.colour = 1;
            cell.pattern = 1;
        }
    }
    let all = tetlight_lines(b);
    let through: Vec<i32> = all.iter().filter(|l| l.iter().any(|x| piece.contains(x))).flatten().copied().collect();
    for l in &all {
        if l.iter().all(|&x| b.occupied(x)) {
            let x = l.iter().copied().filter(|x| !through.contains(x)).min().unwrap();
            b.cell_mut(x).pattern = 0;
        }
    }
    for id in piece {
        b.cell_mut(id).pattern = 1;
    }
    let full = all.iter().filter(|l| l.iter().all(|&x| b.occupied(x))).count() as i32;
    assert!(full > 60, "{full} lines");
    let mut model = b.clone();
    let mut count = 0;
    loop {
        let now: Vec<&Vec<i32>> = all.iter().filter(|l| l.iter().all(|&x| model.occupied(x))).collect();
        if now.is_empty() {
            break;
        }
        count += now.len() as i32;
        for &x in now.into_iter().flatten() {
            model.cell_mut(x).marks |= 1 << 7;
        }
        model.destroy(Some(7));
    }
    g.vm.piece = [109, 109, 110, 111, 112];
    g.vm.piece_len = 4;
    g.vm.vars[9] = 0;
    g.vm.run(&rule.code, rule.phases[3]).unwrap();
    assert_eq!(g.vm.vars[13], count);
    for id in 1..=217 {
        let (a, m) = (g.vm.board.cell(id), model.cell(id));
        assert_eq!((a.colour, a.pattern, a.marks), (m.colour, m.pattern, 0), "cell {id}");
    }
    eprintln!("densest landing: {full} lines at first, {count} in all");
    assert!(boards > 19_000 && lines > 20_000 && cascades > 100, "{boards} boards, {lines} lines, {cascades} cascades");
}
