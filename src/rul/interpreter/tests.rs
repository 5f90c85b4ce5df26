//! Shared tests of the interpreter: every code $00–$FF, branches, limits.

use crate::rul::error::RunReason as R;
use crate::rul::rng::Rng;
use crate::rul::vm::Vm;

fn vm() -> Vm {
    Vm::new(6, 4, 1)
}
fn run_on(m: &mut Vm, code: &[u8]) -> i32 {
    match m.run(code, 0) {
        Ok(v) => v,
        Err(e) => panic!("{:?}", e),
    }
}
fn ev(code: &[u8]) -> i32 {
    run_on(&mut vm(), code)
}
fn fails(code: &[u8]) -> R {
    match vm().run(code, 0) {
        Ok(v) => panic!("expected an error, got {}", v),
        Err(e) => e.reason,
    }
}
/// Constant code for −64…63.
const fn k(v: i32) -> u8 {
    (v + 0xC0) as u8
}
/// 32-bit constant.
fn long(v: i32) -> [u8; 5] {
    let b = v.to_be_bytes();
    [0x49, b[0], b[1], b[2], b[3]]
}
fn with(prefix: &[u8], mid: &[u8], suffix: &[u8]) -> alloc::vec::Vec<u8> {
    let mut v = alloc::vec::Vec::from(prefix);
    v.extend_from_slice(mid);
    v.extend_from_slice(suffix);
    v
}

crate::test_cases! {
    fn constants_and_variables() {
        assert_eq!(ev(&[0x80, 0x51]), -64);
        assert_eq!(ev(&[0xFF, 0x51]), 63);
        assert_eq!(ev(&[0xC0, 0x51]), 0);
        let mut m = vm();
        m.vars[5] = 77;
        m.vars[63] = -3;
        assert_eq!(run_on(&mut m, &[0x05, 0x51]), 77);
        assert_eq!(run_on(&mut m, &[0x3F, 0x51]), -3);
        assert_eq!(ev(&[0x48, 0xFF, 0xFE, 0x51]), -2);
        assert_eq!(ev(&[0x48, 0x7F, 0xFF, 0x51]), 32767);
        assert_eq!(ev(&[0x49, 0x80, 0, 0, 0, 0x51]), i32::MIN);
        assert_eq!(ev(&[0x51]), 0);
    }
    fn arithmetic_wraps_and_divides_toward_zero() {
        assert_eq!(ev(&[0x40, k(5), k(-9), 0x51]), -4);
        assert_eq!(ev(&with(&[0x40], &long(i32::MAX), &[k(1), 0x51])), i32::MIN);
        assert_eq!(ev(&[0x41, k(5), k(9), 0x51]), -4);
        assert_eq!(ev(&[0x42, k(-6), k(7), 0x51]), -42);
        assert_eq!(ev(&[0x43, k(-7), k(2), 0x51]), -3);
        assert_eq!(ev(&[0x43, k(7), k(-2), 0x51]), -3);
        assert_eq!(ev(&[0x43, k(7), k(2), 0x51]), 3);
        assert_eq!(ev(&with(&[0x43], &long(i32::MIN), &[k(-1), 0x51])), i32::MIN);
        assert_eq!(fails(&[0x43, k(7), k(0), 0x51]), R::DivisionByZero);
        assert_eq!(ev(&[0x47, k(-7), k(3), 0x51]), 2);
        assert_eq!(ev(&[0x47, k(7), k(3), 0x51]), 1);
        assert_eq!(fails(&[0x47, k(7), k(0), 0x51]), R::BadModulo);
        assert_eq!(fails(&[0x47, k(7), k(-3), 0x51]), R::BadModulo);
    }
    fn shifts_from_0_to_63() {
        assert_eq!(ev(&[0x44, k(1), k(31), 0x51]), i32::MIN);
        assert_eq!(ev(&[0x44, k(3), k(0), 0x51]), 3);
        assert_eq!(ev(&[0x44, k(1), k(32), 0x51]), 0);
        assert_eq!(ev(&[0x44, k(-1), k(63), 0x51]), 0);
        assert_eq!(ev(&[0x45, k(-8), k(1), 0x51]), -4);
        assert_eq!(ev(&[0x45, k(-8), k(40), 0x51]), -1);
        assert_eq!(ev(&[0x45, k(8), k(40), 0x51]), 0);
        assert_eq!(ev(&[0x45, k(8), k(3), 0x51]), 1);
        assert_eq!(fails(&[0x44, k(1), k(-1), 0x51]), R::BadShift);
        assert_eq!(fails(&[0x45, k(1), 0x48, 0, 64, 0x51]), R::BadShift);
    }
    fn comparisons_return_minus_one_or_zero() {
        let cases: [(u8, [i32; 3]); 6] = [
            (0x4A, [0, -1, 0]), (0x4B, [-1, 0, -1]), (0x4C, [-1, 0, 0]),
            (0x4D, [0, 0, -1]), (0x4E, [-1, -1, 0]), (0x4F, [0, -1, -1]),
        ];
        for (op, want) in cases {
            assert_eq!(ev(&[op, k(1), k(2), 0x51]), want[0]);
            assert_eq!(ev(&[op, k(2), k(2), 0x51]), want[1]);
            assert_eq!(ev(&[op, k(3), k(2), 0x51]), want[2]);
        }
    }
    fn logic() {
        assert_eq!(ev(&[0x54, k(0), 0x51]), -1);
        assert_eq!(ev(&[0x54, k(5), 0x51]), !5);
        assert_eq!(ev(&[0x55, k(12), k(10), 0x51]), 8);
        assert_eq!(ev(&[0x56, k(12), k(10), 0x51]), 14);
        assert_eq!(ev(&[0x57, k(12), k(10), 0x51]), 6);
    }
    fn branch_46_is_transparent() {
        // 5, then a taken branch over "9": the function's value is still 5.
        assert_eq!(ev(&[k(5), 0x46, k(1), 0x02, k(9), 0x51]), 5);
        assert_eq!(ev(&[k(5), 0x46, k(0), 0x02, k(9), 0x51]), 9);
        // Backwards: count V[0] down to 0.
        let mut m = vm();
        m.vars[0] = 4;
        // V[0] -= 1 (x = 64 written as a 16-bit constant), then branch back while non-zero.
        let code = [0x5B, 0x48, 0x00, 0x40, k(1), 0x46, 0x00, 0xF9, 0x51];
        assert_eq!(run_on(&mut m, &code), 0);
        assert_eq!(m.vars[0], 0);
        assert_eq!(m.steps, 4 * 5 + 1);
    }
    fn branches_52_53_inside_operands() {
        assert_eq!(ev(&[k(5), 0x52, 0x00, 0x03, k(9), 0x51]), 5);
        assert_eq!(ev(&[0x40, k(1), 0x52, 0x00, 0x03, 0xFF, k(2), 0x51]), 3);
        assert_eq!(ev(&[k(5), 0x53, k(-1), 0x00, 0x03, k(9), 0x51]), 5);
        assert_eq!(ev(&[k(5), 0x53, k(0), 0x00, 0x03, k(9), 0x51]), 9);
        assert_eq!(fails(&[0x52, 0x7F, 0xFF]), R::PcOutOfCode);
        assert_eq!(fails(&[0x52, 0xFF, 0x00]), R::PcOutOfCode);
    }
    fn case_62_branches_modulo_n() {
        let code = |x: i32| [0x62, k(x), 0x02, 0x00, 0x04, 0x00, 0x04, k(7), 0x51, k(8), 0x51];
        assert_eq!(ev(&code(0)), 7);
        assert_eq!(ev(&code(1)), 8);
        assert_eq!(ev(&code(3)), 8);
        assert_eq!(ev(&code(-2)), 7);
        assert_eq!(ev(&code(-1)), 8);
        assert_eq!(fails(&[0x62, k(0), 0x00, 0x51]), R::EmptyTable);
    }
    fn call_and_return_50_51() {
        // add(call f, 1) with f = { 2; 7 } at offset 6.
        assert_eq!(ev(&[0x40, 0x50, 0x00, 0x04, k(1), 0x51, k(2), k(7), 0x51]), 8);
        // Endless recursion ends with TooDeep, not a machine stack overflow.
        assert_eq!(fails(&[0x40, k(1), 0x50, 0xFF, 0xFD, 0x51]), R::TooDeep);
        assert_eq!(fails(&[0x40, k(1), 0x51]), R::UnexpectedReturn);
    }
    fn nested_branch_conditions_are_bounded() {
        // $46 (8-bit branch) whose condition starts with another $46, 10 000 deep: the
        // nesting limit stops it, instead of the machine's stack.
        let mut code = alloc::vec![0x46u8; 10_000];
        code.extend_from_slice(&[k(1), 0, 0x51]);
        let mut m = vm();
        let e = m.run(&code, 0).unwrap_err();
        assert_eq!(e.reason, R::TooDeep);
    }
    fn step_budget_stops_endless_loops() {
        let mut m = vm();
        m.budget = 1000;
        let e = m.run(&[k(1), 0x52, 0xFF, 0xFE], 0).unwrap_err();
        assert_eq!(e.reason, R::StepBudget);
        assert_eq!(fails(&[k(1)]), R::PcOutOfCode);
    }
    fn random_numbers_are_seeded() {
        let mut r = Rng::new(1);
        let a = r.signed16();
        let b = r.signed32();
        let c = r.positive15();
        let d = r.positive31();
        let mut m = vm();
        assert_eq!(run_on(&mut m, &[0x58, 0x51]), a);
        assert_eq!(run_on(&mut m, &[0x59, 0x51]), b);
        assert_eq!(run_on(&mut m, &[0x68, 0x51]), c);
        assert_eq!(run_on(&mut m, &[0x69, 0x51]), d);
        for _ in 0..50 {
            let v = run_on(&mut m, &[0x68, 0x51]);
            assert!((0..32768).contains(&v));
            assert!(run_on(&mut m, &[0x69, 0x51]) >= 0);
            assert!((-32768..32768).contains(&run_on(&mut m, &[0x58, 0x51])));
        }
    }
    fn variables_5a_and_assignment_5b() {
        let mut m = vm();
        m.vars[10] = 3;
        assert_eq!(run_on(&mut m, &[0x5A, k(10), 0x51]), 3);
        assert_eq!(run_on(&mut m, &[0x5B, k(10), k(20), 0x51]), 20);
        assert_eq!(m.vars[10], 20);
        assert_eq!(run_on(&mut m, &[0x5B, k(10 - 64), k(5), 0x51]), 25);
        assert_eq!(run_on(&mut m, &[0x5B, 0x48, 0, 64 + 10, k(30), 0x51]), -5);
        assert_eq!(m.vars[10], -5);
        assert_eq!(run_on(&mut m, &[0x5B, 0x48, 0, 127, k(1), 0x51]), -1);
        assert_eq!(m.vars[63], -1);
        assert_eq!(fails(&[0x5B, 0x48, 0, 128, k(1), 0x51]), R::BadAssignment);
        assert_eq!(fails(&[0x5B, 0x48, 0xFF, 0xBF, k(1), 0x51]), R::BadAssignment);
        assert_eq!(fails(&[0x5A, 0x48, 0, 64, 0x51]), R::BadVariable);
        assert_eq!(fails(&[0x5A, k(-1), 0x51]), R::BadVariable);
        // x computed (the compiler's SET_S, in assembly on the 68030): the same three forms.
        assert_eq!(run_on(&mut m, &[0x5B, 0x40, k(5), k(5), k(7), 0x51]), 7);
        assert_eq!(m.vars[10], 7);
        assert_eq!(run_on(&mut m, &[0x5B, 0x40, k(-60), k(6), k(3), 0x51]), 10);
        assert_eq!(run_on(&mut m, &[0x5B, 0x40, k(60), k(14), k(4), 0x51]), 6);
        assert_eq!(m.vars[10], 6);
        assert_eq!(run_on(&mut m, &[0x5B, 0x40, k(63), k(63), k(5), 0x51]), -5);
        assert_eq!(m.vars[62], -5);
        assert_eq!(run_on(&mut m, &[0x5B, 0x40, k(-64), k(0), k(2), 0x51]), 2);
        assert_eq!(m.vars[0], 2);
        assert_eq!(fails(&[0x5B, 0x40, k(63), 0x48, 0, 65, k(1), 0x51]), R::BadAssignment);
        assert_eq!(fails(&[0x5B, 0x40, k(-64), k(-1), k(1), 0x51]), R::BadAssignment);
        // A failed assignment changes nothing.
        assert_eq!(m.vars[10], 6);
    }
    fn next_piece_pause_timer_fall() {
        let mut m = vm();
        assert_eq!(run_on(&mut m, &[0x5C, k(-1), 0x51]), 0);
        m.radar = true;
        m.next_vars = [4, 1, 2, 3, 0, 9, 9, 9, 0];
        m.next_prepared = true;
        assert_eq!(run_on(&mut m, &[0x5C, k(-1), 0x51]), -1);
        assert_eq!(run_on(&mut m, &[0x5C, k(9), 0x51]), -1);
        assert_eq!(run_on(&mut m, &[0x5C, k(0), 0x51]), 4);
        assert_eq!(run_on(&mut m, &[0x5C, k(5), 0x51]), 9);
        assert_eq!(run_on(&mut m, &[0x5D, 0x51]), 0);
        m.paused = true;
        assert_eq!(run_on(&mut m, &[0x5D, 0x51]), -1);
        assert_eq!(run_on(&mut m, &[0x5E, k(20), 0x51]), 20);
        assert_eq!(m.timer_var, Some(20));
        assert_eq!(run_on(&mut m, &[0x5E, k(-1), 0x51]), -1);
        assert_eq!(m.timer_var, None);
        assert_eq!(fails(&[0x5E, 0x48, 0, 64, 0x51]), R::BadTimerVariable);
        assert_eq!(run_on(&mut m, &[0x5F, 0x48, 0x01, 0xF4, 0x51]), 500);
        assert_eq!(m.fall_ms, 500);
        assert_eq!(run_on(&mut m, &[0x5F, 0x48, 0x7F, 0xFF, 0x51]), 32767);
        assert_eq!(m.fall_ms, 8191);
        run_on(&mut m, &[0x5F, k(-5), 0x51]);
        assert_eq!(m.fall_ms, 1);
    }
    fn constant_tables_60_61() {
        assert_eq!(ev(&[0x60, k(5), 3, 0x00, 0x0A, 0x00, 0x14, 0xFF, 0xE2, 0x51]), -30);
        assert_eq!(ev(&[0x60, k(-2), 3, 0x00, 0x0A, 0x00, 0x14, 0xFF, 0xE2, 0x51]), 20);
        assert_eq!(ev(&[0x40, 0x60, k(0), 1, 0x00, 0x0A, k(1), 0x51]), 11);
        assert_eq!(ev(&[0x61, k(1), 2, 0, 0, 0, 1, 0x80, 0, 0, 0, 0x51]), i32::MIN);
        assert_eq!(fails(&[0x61, k(1), 0, 0x51]), R::EmptyTable);
        assert_eq!(fails(&[0x60, k(1), 3, 0, 1]), R::PcOutOfCode);
    }
    fn rule_stack_63_64_65() {
        assert_eq!(ev(&[0x63, k(5), 0x63, k(6), 0x65, 0x40, 0x64, 0x65, 0x51]), 10);
        assert_eq!(fails(&[0x65, 0x51]), R::StackUnderflow);
        assert_eq!(fails(&[0x64, 0x51]), R::StackUnderflow);
        let mut m = Vm::new(6, 1, 1);
        assert_eq!(m.run(&[0x63, k(1), 0x63, k(2), 0x51], 0).unwrap_err().reason, R::StackOverflow);
        assert_eq!(m.stack.len(), 1);
    }
    fn abs_square_min_max_between() {
        assert_eq!(ev(&[0x66, k(-7), 0x51]), 7);
        assert_eq!(ev(&[0x66, k(7), 0x51]), 7);
        assert_eq!(ev(&[0x67, k(-7), 0x51]), 49);
        assert_eq!(ev(&[0x6A, k(-7), k(3), 0x51]), -7);
        assert_eq!(ev(&[0x6B, k(-7), k(3), 0x51]), 3);
        assert_eq!(ev(&[0x6C, k(2), k(1), k(3), 0x51]), 0);
        assert_eq!(ev(&[0x6C, k(0), k(1), k(3), 0x51]), -1);
        assert_eq!(ev(&[0x6C, k(4), k(1), k(3), 0x51]), 1);
        assert_eq!(ev(&[0x6C, k(3), k(1), k(3), 0x51]), 0);
    }
    fn message_hook_6d_sees_the_stack() {
        let mut m = vm();
        assert_eq!(run_on(&mut m, &[0x6D, 0x51]), 0);
        m.message_hook = |s| s.iter().sum();
        assert_eq!(run_on(&mut m, &[0x63, k(4), 0x63, k(5), 0x6D, 0x51]), 9);
    }
    fn board_queries_70_to_73_and_7f() {
        let mut m = Vm::new(8, 0, 1);
        assert_eq!(run_on(&mut m, &[0x70, 0x51]), 8);
        let id = m.board.id(-3, 2);
        assert_eq!(run_on(&mut m, &[0x71, k(-3), k(2), 0x51]), id);
        assert_eq!(run_on(&mut m, &[0x71, k(-8), k(0), 0x51]), 0);
        assert_eq!(run_on(&mut m, &[0x72, 0x71, k(-3), k(2), 0x51]), 2);
        assert_eq!(run_on(&mut m, &[0x73, 0x71, k(-3), k(2), 0x51]), -3);
        // Left of the centre, lower right keeps the height; upper right adds one.
        assert_eq!(run_on(&mut m, &[0x7F, 0x71, k(-3), k(2), k(1), 0x51]), m.board.id(-2, 2));
        assert_eq!(run_on(&mut m, &[0x7F, 0x71, k(-3), k(2), k(-4), 0x51]), m.board.id(-2, 3));
        assert_eq!(run_on(&mut m, &[0x7F, 0x71, k(3), k(0), k(6), 0x51]), 0);
        assert_eq!(run_on(&mut m, &[0x7F, k(0), k(3), 0x51]), 0);
        // A column far off the board, −2³¹ included, is no cell (0), not an overflow.
        assert_eq!(run_on(&mut m, &with(&[0x71], &long(i32::MIN), &[k(0), 0x51])), 0);
        assert_eq!(run_on(&mut m, &with(&[0x71], &long(i32::MAX), &[k(3), 0x51])), 0);
        assert_eq!(run_on(&mut m, &with(&[0x71, k(0)], &long(i32::MIN), &[0x51])), 0);
        assert_eq!(run_on(&mut m, &with(&[0x71, k(0)], &long(i32::MAX), &[0x51])), 0);
        assert_eq!(fails(&[0x72, 0x48, 0x01, 0x00, 0x51]), R::BadCell);
        // Cell 0 is −1; the first and last ids; one past the last and a negative id fail.
        assert_eq!(run_on(&mut m, &[0x72, k(0), 0x51]), -1);
        assert_eq!(run_on(&mut m, &[0x73, k(0), 0x51]), -1);
        assert_eq!(run_on(&mut m, &[0x73, k(1), 0x51]), -7);
        assert_eq!(run_on(&mut m, &[0x72, k(1), 0x51]), 0);
        let last = m.board.cell_count() as i32;
        assert_eq!(m.board.col_height(last), (7, 7));
        assert_eq!(run_on(&mut m, &[0x73, 0x48, 0, last as u8, 0x51]), 7);
        assert_eq!(run_on(&mut m, &[0x72, 0x48, 0, last as u8, 0x51]), 7);
        assert_eq!(fails(&[0x73, 0x48, 0, last as u8 + 1, 0x51]), R::BadCell);
        assert_eq!(fails(&[0x72, k(-1), 0x51]), R::BadCell);
    }
    fn marks_78_to_7b() {
        let mut m = vm();
        let x = m.board.id(0, 0) as u8;
        let c = |v: u8| [0x48, 0, v];
        let code = |op: u8, mark: i32| with(&[op], &c(x), &[k(mark), 0x51]);
        assert_eq!(run_on(&mut m, &code(0x7B, 3)), x as i32);
        assert_eq!(run_on(&mut m, &code(0x78, 3)), -1);
        assert_eq!(run_on(&mut m, &code(0x78, 2)), 0);
        // m = 8..15: test-and-set, the mark's state before the change.
        assert_eq!(run_on(&mut m, &code(0x79, 8 + 3)), -1);
        assert_eq!(m.board.cell(x as i32).marks, 0);
        assert_eq!(run_on(&mut m, &code(0x79, 8 + 3)), 0);
        assert_eq!(m.board.cell(x as i32).marks, 0b1000);
        assert_eq!(run_on(&mut m, &code(0x7A, 11)), -1);
        assert_eq!(run_on(&mut m, &code(0x7A, 11)), 0);
        assert_eq!(m.board.cell(x as i32).marks, 0);
        assert_eq!(run_on(&mut m, &code(0x7B, 15)), 0);
        assert_eq!(run_on(&mut m, &code(0x7B, 15)), -1);
        assert_eq!(m.board.cell(x as i32).marks, 0b1000_0000);
        assert_eq!(run_on(&mut m, &code(0x7A, 15)), -1);
        // Cell 0: nothing changes, the state is "not marked".
        assert_eq!(run_on(&mut m, &[0x7B, k(0), k(9), 0x51]), 0);
        assert_eq!(run_on(&mut m, &code(0x79, -1)), x as i32);
        assert_eq!(m.board.cell(x as i32).marks, 0xff);
        assert_eq!(run_on(&mut m, &code(0x7A, -1)), x as i32);
        assert_eq!(m.board.cell(x as i32).marks, 0);
        assert_eq!(fails(&with(&[0x78], &c(x), &[k(8), 0x51])), R::BadMark);
        assert_eq!(fails(&with(&[0x7B], &c(x), &[k(16), 0x51])), R::BadMark);
        assert_eq!(run_on(&mut m, &[0x78, k(0), k(1), 0x51]), 0);
    }
    fn piece_and_cells_7c_7d_7e() {
        let mut m = vm();
        m.piece = [5, 5, 6, 0, 0];
        m.piece_len = 2;
        assert_eq!(run_on(&mut m, &[0x7C, k(-1), 0x51]), 2);
        assert_eq!(run_on(&mut m, &[0x7C, k(0), 0x51]), 5);
        assert_eq!(run_on(&mut m, &[0x7C, k(2), 0x51]), 6);
        assert_eq!(m.run(&[0x7C, k(3), 0x51], 0).unwrap_err().reason, R::BadPieceIndex);
        m.board.cell_mut(6).pattern = 3;
        m.board.cell_mut(6).colour = 4;
        assert_eq!(run_on(&mut m, &[0x7D, k(6), 0x51]), 3);
        assert_eq!(run_on(&mut m, &[0x7E, k(6), 0x51]), 4);
        assert_eq!(run_on(&mut m, &[0x7D, k(7), 0x51]), 0);
        assert_eq!(run_on(&mut m, &[0x7E, k(0), 0x51]), -1);
    }
    fn set_iteration_74_to_77() {
        let mut m = vm();
        // $77: every cell then cell 0: V[4] += 1 each time.
        assert_eq!(run_on(&mut m, &[0x77, k(3), 0x5B, k(4 - 64), k(1), 0x51]), 92);
        assert_eq!(m.vars[3], 0);
        for h in 0..3 {
            let id = m.board.id(0, h);
            m.board.cell_mut(id).pattern = 1;
        }
        // $76: occupied cells; sum their ids into V[4].
        m.vars[4] = 0;
        run_on(&mut m, &[0x76, k(3), 0x5B, k(4 - 64), 0x03, 0x51]);
        assert_eq!(m.vars[4], 3 * m.board.id(0, 0) + 3);
        // $75 / $74 around (0,1): 6 existing neighbours, 2 occupied.
        m.vars[4] = 0;
        assert_eq!(run_on(&mut m, &[0x75, k(3), 0x71, k(0), k(1), 0x5B, k(4 - 64), k(1), 0x51]), 7);
        m.vars[4] = 0;
        assert_eq!(run_on(&mut m, &[0x74, k(3), 0x71, k(0), k(1), 0x5B, k(4 - 64), k(1), 0x51]), 3);
        // A corner cell has 3 neighbours on the board; cell 0 none.
        m.vars[4] = 0;
        assert_eq!(run_on(&mut m, &[0x75, k(3), 0x71, k(-5), k(0), 0x5B, k(4 - 64), k(1), 0x51]), 4);
        m.vars[4] = 0;
        assert_eq!(run_on(&mut m, &[0x75, k(3), k(0), 0x5B, k(4 - 64), k(1), 0x51]), 1);
        // Nested: for each occupied cell, count its occupied neighbours into V[5].
        run_on(&mut m, &[0x76, k(1), 0x74, k(2), 0x01, 0x5B, k(5 - 64), k(1), 0x51]);
        assert_eq!(m.vars[5], 3 + 4 + 1);
    }
    fn destruction_6e_6f() {
        let mut m = vm();
        for h in 0..5 {
            let id = m.board.id(1, h);
            m.board.cell_mut(id).pattern = 1;
            m.board.cell_mut(id).colour = h as u8 + 1;
        }
        // Mark the bottom two with mark 2 then destroy mark 2.
        let code = [0x6E, 0x40, 0x7B, 0x71, k(1), k(0), k(2), 0x7B, 0x71, k(1), k(1), k(2), k(2), 0x51];
        assert_eq!(run_on(&mut m, &code), 2);
        assert_eq!(m.board.cell(m.board.id(1, 0)).colour, 3);
        assert_eq!(m.board.hexagons(), 3);
        // $6F: mark the bottom cell each time: destroys the 3 remaining one by one.
        let code = [0x6F, 0x7B, 0x71, k(1), k(0), k(0), k(0), 0x51];
        assert_eq!(run_on(&mut m, &code), 3);
        assert_eq!(m.board.hexagons(), 0);
        m.board.cell_mut(1).pattern = 1;
        assert_eq!(run_on(&mut m, &[0x6E, k(0), k(-1), 0x51]), 1);
        assert_eq!(fails(&[0x6E, k(0), k(8), 0x51]), R::BadMark);
        // Destruction clears mark m on every cell, hexagon or not, and no other mark;
        // destroying everything (m < 0) clears no mark.
        let mut m = vm();
        let (a, b) = (m.board.id(0, 0), m.board.id(2, 3));
        m.board.cell_mut(a).pattern = 1;
        m.board.cell_mut(a).marks = 0b0110;
        m.board.cell_mut(b).marks = 0b0100;
        m.board.cell_mut(1).marks = 0b0001;
        assert_eq!(run_on(&mut m, &[0x6E, k(0), k(2), 0x51]), 1);
        assert_eq!((m.board.cell(a).marks, m.board.cell(b).marks, m.board.cell(1).marks), (0b0010, 0, 1));
        m.board.cell_mut(b).pattern = 1;
        assert_eq!(run_on(&mut m, &[0x6E, k(0), k(-1), 0x51]), 1);
        assert_eq!((m.board.cell(a).marks, m.board.cell(1).marks), (0b0010, 1));
        assert_eq!(fails(&[0x6F, k(0), k(-1), 0x51]), R::BadMark);
    }
}
