//! The GEM bindings against a real AES and VDI (EmuTOS in Hatari): every binding is
//! called once and its answer checked for plausibility. Started from the desktop by
//! `cargo xtask test` (xtask/src/gemtest.rs), which also takes a screenshot, answers the
//! dialogs with keys through Hatari's command FIFO, and checks the desktop afterwards.
//!
//! Protocol (NatFeats lines):
//!   `gemtest: ok <check>` / `gemtest: FAILED <check>: <why>`   one per check
//!   `gemtest: waiting <step>`   the program waits for the host (a screenshot, then a key;
//!                               or the key that answers a dialog)
//!   `gemtest: answered <step>`  it got it
//!   `gemtest: done <failed>`    the end, before leaving the AES
#![no_std]
#![no_main]

extern crate alloc;

use alloc::boxed::Box;
use core::ffi::CStr;

use falcon_gem::Rect;
use falcon_gem::aes::evnt::EventRequest;
use falcon_gem::aes::form::Dial;
use falcon_gem::aes::fsel::{NAME_LEN, PATH_LEN};
use falcon_gem::aes::graf::MouseForm;
use falcon_gem::aes::objc::{Edit, MAX_DEPTH};
use falcon_gem::aes::wind::{Calc, RectField, Update};
use falcon_gem::aes::{Aes, EventMask, WindowHandle, WindowParts};
use falcon_gem::message::{Message, RawMessage};
use falcon_gem::object::builder::CharCell;
use falcon_gem::object::dialog::{ButtonRole, DialogBuilder};
use falcon_gem::object::menu::{Menu, MenuBuilder};
use falcon_gem::object::{ObjectId, ObjectState, Tree};
use falcon_gem::trap::Tos;
use falcon_gem::vdi::attributes::{Interior, TextEffects, WritingMode};
use falcon_gem::vdi::{Format, LogicOp, Mfdb, Vdi};
use falcon_puzzles::println;
use falcon_puzzles::runtime::Start;

/// Counts the checks that failed; prints one line per check.
struct Checks {
    failed: u32,
}

impl Checks {
    fn check(&mut self, name: &str, ok: bool, why: core::fmt::Arguments) {
        if ok {
            println!("gemtest: ok {name}");
        } else {
            self.failed += 1;
            println!("gemtest: FAILED {name}: {why}");
        }
    }
}

static TITLE: &CStr = c" GEM bindings ";
static INFO: &CStr = c" rectangle list, objects, raster copy ";
static ALERT: &CStr = c"[1][GEM bindings test:|Return answers OK][  OK  |Cancel]";
static FSEL_TITLE: &CStr = c"GEM bindings: Return";

/// Waits (at most a minute) for a key from the host after saying what for.
fn wait_for_key(aes: &mut Aes<Tos>, step: &str) -> bool {
    println!("gemtest: waiting {step}");
    let e = aes.evnt_multi(&EventRequest { keyboard: true, timer_ms: Some(60_000), ..Default::default() });
    println!("gemtest: answered {step}");
    e.happened.contains(EventMask::KEYBOARD)
}

/// A 64×32 bitmap in standard format whose pixel value is the column divided by 8 (eight
/// vertical bars of pixel values 0–7), with a 2-pixel frame of value 1.
fn pattern(planes: i16) -> alloc::vec::Vec<u16> {
    let (w, h) = (64usize, 32usize);
    let words_per_line = w / 16;
    let mut words = alloc::vec![0u16; words_per_line * h * planes as usize];
    for y in 0..h {
        for x in 0..w {
            let frame = x < 2 || y < 2 || x >= w - 2 || y >= h - 2;
            let value = if frame { 1 } else { x / 8 };
            for p in 0..planes as usize {
                if value & (1 << p) != 0 {
                    words[p * words_per_line * h + y * words_per_line + x / 16] |= 0x8000 >> (x % 16);
                }
            }
        }
    }
    words
}

/// The dialog drawn into the window and used by the object checks.
fn dialog(cell: CharCell) -> (Tree, ObjectId, ObjectId) {
    let mut d = DialogBuilder::new(cell, 24, 5);
    d.label(2, 1, "Seed:");
    let field = d.field(8, 1, "____________", "X", "12");
    let ok = d.button(14, 3, 8, "OK", ButtonRole::Default);
    (d.build(), field, ok)
}

#[unsafe(no_mangle)]
pub fn falcon_main(_start: &Start) -> i32 {
    let mut c = Checks { failed: 0 };
    let mut aes = Aes::new();

    // Application: init, version, what it offers.
    let Some(me) = aes.appl_init() else {
        println!("gemtest: FAILED appl_init: no AES");
        return 4;
    };
    c.check("appl_init", me.0 >= 0, format_args!("id {}", me.0));
    let version = aes.version();
    c.check("aes_version_340", (0x0300..0x0400).contains(&version), format_args!("version {version:#06x}"));
    let caps = aes.capabilities(false);
    c.check("no_appl_getinfo", !caps.getinfo && caps.found_by.is_none(), format_args!("{caps:?}"));
    c.check("no_iconify_no_ap_term", !caps.iconify() && !caps.ap_term(), format_args!("{caps:?}"));
    c.check("ap_term_not_announced", !aes.shel_announce_ap_term(&caps), format_args!("shel_write(9) on AES 3.40"));
    let found = aes.appl_find("GEM_TEST");
    c.check("appl_find_self", found == Some(me), format_args!("{found:?} for {me:?}"));
    c.check("appl_find_nobody", aes.appl_find("NOBODY").is_none(), format_args!("found NOBODY"));

    // The VDI.
    let g = aes.graf_handle();
    c.check("graf_handle", g.vdi_handle > 0 && g.char_cell.w == 8 && g.char_cell.h >= 8, format_args!("{g:?}"));
    let Some((mut vdi, work)) = Vdi::open(Tos, g.vdi_handle) else {
        println!("gemtest: FAILED v_opnvwk: no workstation");
        aes.appl_exit();
        return 5;
    };
    c.check(
        "v_opnvwk",
        work.width() == 640 && work.height() == 480,
        format_args!("{}x{}", work.width(), work.height()),
    );
    let planes = vdi.planes();
    let ext = vdi.vq_extnd_extended();
    c.check("vq_extnd_planes", [1, 2, 4, 8, 16].contains(&planes) && ext.planes() == planes, format_args!("{planes}"));
    let again = vdi.vq_extnd();
    c.check("vq_extnd_normal", again == work, format_args!("differs from v_opnvwk's work_out"));
    println!("gemtest: screen {}x{}, {} planes, {} pens", work.width(), work.height(), planes, work.pens());
    c.check("vq_scrninfo_absent", vdi.vq_scrninfo().is_none(), format_args!("EmuTOS has no EdDI"));

    // The desk and a window.
    let screen = Rect::new(0, 0, work.width(), work.height());
    let desk = aes.wind_get_rect(WindowHandle::DESK, RectField::Work).unwrap_or_default();
    c.check(
        "desk_workxywh",
        desk.x == 0 && desk.y > 0 && desk.y < 40 && desk.w == screen.w && desk.y + desk.h == screen.h,
        format_args!("{desk:?}"),
    );
    let parts = WindowParts::NAME
        | WindowParts::CLOSER
        | WindowParts::FULLER
        | WindowParts::MOVER
        | WindowParts::INFO
        | WindowParts::SIZER;
    let Some(win) = aes.wind_create(parts, desk) else {
        println!("gemtest: FAILED wind_create: no window");
        return 6;
    };
    c.check("wind_create", win.0 > 0, format_args!("{win:?}"));
    aes.wind_set_name(win, TITLE);
    aes.wind_set_info(win, INFO);
    let outer = Rect::new(desk.x + 24, desk.y + 24, 480, 300);
    c.check("wind_open", aes.wind_open(win, outer), format_args!("refused"));
    let current = aes.wind_get_rect(win, RectField::Current);
    c.check("wind_get_currxywh", current == Some(outer), format_args!("{current:?}"));
    let moved = Rect::new(outer.x + 16, outer.y + 8, outer.w - 32, outer.h - 16);
    aes.wind_set_rect(win, RectField::Current, moved);
    let now = aes.wind_get_rect(win, RectField::Current);
    let previous = aes.wind_get_rect(win, RectField::Previous);
    aes.wind_set_rect(win, RectField::Current, outer);
    c.check("wind_set_currxywh", now == Some(moved) && previous == Some(outer), format_args!("{now:?} {previous:?}"));
    let inner = aes.wind_get_rect(win, RectField::Work).unwrap_or_default();
    let calc = aes.wind_calc(Calc::WorkFromBorder, parts, outer);
    c.check("wind_calc_work", calc == Some(inner) && outer.covers(&inner), format_args!("{calc:?} vs {inner:?}"));
    let back = aes.wind_calc(Calc::BorderFromWork, parts, inner);
    c.check("wind_calc_border", back == Some(outer), format_args!("{back:?}"));
    let top = aes.wind_get_top();
    c.check("wind_get_top", top == Some(win), format_args!("{top:?}"));
    let full = aes.wind_get_rect(win, RectField::Full);
    c.check("wind_get_fullxywh", full == Some(desk), format_args!("{full:?}"));
    let under = aes.wind_find(inner.x + 10, inner.y + 10);
    c.check("wind_find", under == win, format_args!("{under:?}"));

    // Draw: the rectangle list under the screen lock, pointer hidden.
    let (tree, field, ok) = dialog(g.char_cell);
    let root = tree.root_rect();
    tree.object(ObjectId::ROOT).set_rect(Rect::new(inner.x + 16, inner.y + 48, root.w, root.h));
    let mut words = pattern(planes);
    let mut device = alloc::vec![0u16; words.len()];
    let pattern_at = Rect::new(inner.x + 16 + root.w + 32, inner.y + 48, 64, 32);
    c.check("wind_update_begin", aes.wind_update(Update::Begin), format_args!("refused"));
    let mut rects = [Rect::default(); 8];
    let mut n = 0;
    for r in aes.rectangles(win) {
        if n < rects.len() {
            rects[n] = r;
        }
        n += 1;
    }
    c.check("rectangle_list", n == 1 && rects[0] == inner, format_args!("{n} rectangles, first {:?}", rects[0]));
    vdi.v_hide_c();
    vdi.vswr_mode(WritingMode::Replace);
    vdi.vsf_perimeter(false);
    vdi.vst_color(1);
    vdi.vst_effects(TextEffects::empty());
    vdi.vst_alignment(0, 5);
    let size = vdi.vst_height(13);
    c.check("vst_height", size.cell_h >= 13 && size.cell_w == 8, format_args!("{size:?}"));
    let mut copied = Ok(());
    for r in rects.iter().take(n) {
        let Some(clip) = r.intersect(&screen) else { continue };
        vdi.vs_clip(Some(clip));
        vdi.vsf_interior(Interior::Solid);
        vdi.vsf_color(0);
        vdi.vr_recfl(inner);
        vdi.vsf_interior(Interior::Pattern);
        vdi.vsf_style(4);
        vdi.vsf_color(1);
        vdi.vr_recfl(Rect::new(inner.x, inner.y + inner.h - 24, inner.w, 24));
        vdi.v_gtext(inner.x + 16, inner.y + 16, b"Falcon GEM bindings: VDI text");
        aes.objc_draw(&tree, ObjectId::ROOT, MAX_DEPTH, clip);
        let src = Mfdb::new(&mut words, 64, 32, planes, Format::Standard);
        let dst = Mfdb::new(&mut device, 64, 32, planes, Format::Standard);
        copied = match (src, dst) {
            (Ok(src), Ok(mut dst)) => vdi.vr_trnfm(&src, &mut dst).and_then(|()| {
                let mut screen_mfdb = Mfdb::screen();
                vdi.vro_cpyfm(LogicOp::SOnly, &dst, Rect::new(0, 0, 64, 32), &mut screen_mfdb, pattern_at)
            }),
            (Err(e), _) | (_, Err(e)) => Err(e),
        };
    }
    vdi.vs_clip(None);
    vdi.v_show_c(false);
    aes.wind_update(Update::End);
    c.check("vr_trnfm_vro_cpyfm", copied.is_ok(), format_args!("{copied:?}"));

    // A menu bar built in code.
    let mut m = MenuBuilder::new(g.char_cell, screen, " Desk ", "  About GEM bindings...");
    let file = m.title(" File ");
    let quit = m.item(file, "  Quit       ^Q");
    let options = m.title(" Options ");
    let sound = m.item(options, "  Sound");
    let menu: &'static Menu = Box::leak(Box::new(m.build()));
    c.check("menu_bar_show", aes.menu_bar(&menu.tree, true), format_args!("refused"));
    c.check("menu_icheck", aes.menu_icheck(&menu.tree, menu.item_id(sound), true), format_args!("refused"));
    let checked = menu.tree.object(menu.item_id(sound)).state();
    c.check("menu_icheck_state", checked.contains(ObjectState::CHECKED), format_args!("{checked:?}"));
    aes.menu_ienable(&menu.tree, menu.item_id(quit), false);
    let greyed = menu.tree.object(menu.item_id(quit)).state();
    c.check("menu_ienable_state", greyed.contains(ObjectState::DISABLED), format_args!("{greyed:?}"));
    aes.menu_ienable(&menu.tree, menu.item_id(quit), true);
    c.check("menu_tnormal", aes.menu_tnormal(&menu.tree, menu.title_id(file), true), format_args!("refused"));

    // The host takes its screenshot now, then presses a key.
    let key = wait_for_key(&mut aes, "screenshot");
    c.check("evnt_multi_keyboard", key, format_args!("timer instead of the host's key"));

    // Objects of the drawn dialog.
    aes.wind_update(Update::Begin);
    let abs = tree.absolute_rect(ok);
    let offset = aes.objc_offset(&tree, ok);
    c.check("objc_offset", offset == Some((abs.x, abs.y)), format_args!("{offset:?} vs {abs:?}"));
    let hit = aes.objc_find(&tree, ObjectId::ROOT, MAX_DEPTH, abs.x + abs.w / 2, abs.y + abs.h / 2);
    c.check("objc_find", hit == Some(ok), format_args!("{hit:?}"));
    let miss = aes.objc_find(&tree, ObjectId::ROOT, MAX_DEPTH, 2, screen.h - 2);
    c.check("objc_find_outside", miss.is_none(), format_args!("{miss:?}"));
    aes.objc_change(&tree, ok, inner, ObjectState::SELECTED, true);
    c.check(
        "objc_change",
        tree.object(ok).state() == ObjectState::SELECTED,
        format_args!("{:?}", tree.object(ok).state()),
    );
    let idx = aes.objc_edit(&tree, field, 0, 0, Edit::Start);
    let idx2 = idx.and_then(|i| aes.objc_edit(&tree, field, 0x2c5a, i, Edit::Char));
    let end = idx2.and_then(|i| aes.objc_edit(&tree, field, 0, i, Edit::End));
    let mut text = [0u8; 16];
    let len = tree.text(field, &mut text).unwrap_or(0);
    c.check(
        "objc_edit",
        idx == Some(2) && idx2 == Some(3) && end.is_some() && &text[..len] == b"12Z",
        format_args!("{idx:?} {idx2:?} {end:?} {:?}", &text[..len]),
    );
    aes.wind_update(Update::End);

    // Messages: one to ourselves, among the redraws the AES sent for the window.
    let own = RawMessage([0x7123, me.0, 0, 1, 2, 3, 4, 5]);
    c.check("appl_write", aes.appl_write(me, &own), format_args!("refused"));
    let (mut got_own, mut redraws) = (false, 0);
    for _ in 0..20 {
        let e = aes.evnt_multi(&EventRequest { message: true, timer_ms: Some(500), ..Default::default() });
        match e.message() {
            Some(Message::Unknown(raw)) if raw == own => got_own = true,
            Some(Message::Redraw { window, .. }) if window == win => redraws += 1,
            None if e.happened.contains(EventMask::TIMER) && got_own => break,
            _ => {}
        }
    }
    c.check("evnt_multi_message", got_own && redraws >= 1, format_args!("own message {got_own}, {redraws} redraws"));
    let e = aes.evnt_multi(&EventRequest { timer_ms: Some(0), ..Default::default() });
    c.check("evnt_multi_timer", e.happened == EventMask::TIMER, format_args!("{:?}", e.happened));
    aes.evnt_timer(20);
    let (mx, my, _, _) = aes.graf_mkstate();
    c.check("graf_mkstate", screen.contains(mx, my), format_args!("({mx}, {my})"));
    c.check("graf_mouse", aes.graf_mouse(MouseForm::Busy) && aes.graf_mouse(MouseForm::Arrow), format_args!("refused"));

    // Palette: a pen read, changed, read back, restored.
    let pen: i16 = if work.pens() > 16 { 200 } else { 15 };
    let before = vdi.vq_color(pen, true);
    vdi.vs_color(pen, [1000, 0, 500]);
    let asked = vdi.vq_color(pen, false);
    let shown = vdi.vq_color(pen, true).unwrap_or([-1; 3]);
    if let Some(rgb) = before {
        vdi.vs_color(pen, rgb);
    }
    let after = vdi.vq_color(pen, true);
    c.check("vq_color_asked", asked == Some([1000, 0, 500]), format_args!("{asked:?}"));
    let near = |a: i16, b: i16| (a - b).abs() <= 70;
    c.check(
        "vs_color_shown",
        near(shown[0], 1000) && near(shown[1], 0) && near(shown[2], 500),
        format_args!("{shown:?}"),
    );
    c.check("vs_color_restored", before.is_some() && after == before, format_args!("{before:?} then {after:?}"));

    // The window goes: closed, deleted; the menu bar removed.
    c.check("wind_close", aes.wind_close(win), format_args!("refused"));
    c.check("wind_delete", aes.wind_delete(win), format_args!("refused"));
    c.check("menu_bar_hide", aes.menu_bar(&menu.tree, false), format_args!("refused"));

    // Dialogs answered by the host with Return.
    let area = aes.form_center(&tree);
    c.check(
        "form_center",
        screen.covers(&area) && (area.x + area.w / 2 - screen.w / 2).abs() <= 8 && area.w >= root.w,
        format_args!("{area:?}"),
    );
    tree.object(ok).set_state(ObjectState::empty());
    println!("gemtest: waiting dialog");
    // form_run: the program's own loop of form_do's (form_keybd takes the Return).
    let exit = aes.form_run(&tree, field, |_| true);
    println!("gemtest: answered dialog");
    c.check(
        "form_run_default_button",
        exit == Some(ok) && tree.object(ok).state().is_empty(),
        format_args!("{exit:?}"),
    );
    println!("gemtest: waiting alert");
    let button = aes.form_alert(1, ALERT);
    println!("gemtest: answered alert");
    c.check("form_alert", button == 1, format_args!("button {button}"));
    let mut path = [0u8; PATH_LEN];
    path[..6].copy_from_slice(b"C:\\*.*");
    let mut name = [0u8; NAME_LEN];
    println!("gemtest: waiting fsel");
    let chosen = aes.fsel(&mut path, &mut name, FSEL_TITLE);
    println!("gemtest: answered fsel");
    c.check("fsel_exinput", chosen == Some(true) && path.starts_with(b"C:\\"), format_args!("{chosen:?}"));
    // form_dial(FMD_FINISH) over the whole desk: every window and the desktop redraw.
    c.check("form_dial_finish", aes.form_dial(Dial::Finish, desk, desk), format_args!("refused"));

    c.check(
        "wind_update_mouse",
        aes.wind_update(Update::BeginMouse) && aes.wind_update(Update::EndMouse),
        format_args!("refused"),
    );
    vdi.close();
    println!("gemtest: done {}", c.failed);
    c.check("appl_exit", aes.appl_exit(), format_args!("refused"));
    if c.failed == 0 { 0 } else { 1 }
}
