//! The AES parameter block and the calls the program uses.

use crate::message::Message;

unsafe extern "C" {
    /// `trap #2` with d0 = `selector` (200: AES) and d1 = `parameter_block`.
    fn falcon_gem_trap(selector: u32, parameter_block: *const u32);
}

/// The AES arrays of one application. Only one call may be in progress at a time (GEM
/// programs are single-threaded).
#[repr(C)]
pub struct Aes {
    control: [i16; 5],
    /// Filled by appl_init: AES version, number of applications, our application id, ...
    global: [i16; 15],
    intin: [i16; 16],
    intout: [i16; 7],
    addrin: [u32; 3],
    addrout: [u32; 1],
}

impl Default for Aes {
    fn default() -> Self {
        Self::new()
    }
}

impl Aes {
    pub const fn new() -> Self {
        Aes { control: [0; 5], global: [0; 15], intin: [0; 16], intout: [0; 7], addrin: [0; 3], addrout: [0; 1] }
    }

    /// Calls AES function `opcode` with the given numbers of array entries in use.
    fn call(&mut self, opcode: i16, intin: i16, intout: i16, addrin: i16, addrout: i16) -> i16 {
        self.control = [opcode, intin, intout, addrin, addrout];
        let pb: [u32; 6] = [
            self.control.as_ptr() as u32,
            self.global.as_ptr() as u32,
            self.intin.as_ptr() as u32,
            self.intout.as_ptr() as u32,
            self.addrin.as_ptr() as u32,
            self.addrout.as_ptr() as u32,
        ];
        // SAFETY: the block points at our arrays, which outlive the call.
        unsafe { falcon_gem_trap(200, pb.as_ptr()) };
        self.intout[0]
    }

    /// appl_init (10): registers the application; its id, or -1.
    pub fn appl_init(&mut self) -> i16 {
        self.call(10, 0, 1, 0, 0)
    }

    /// The AES version `appl_init` left in the global array (0: no AES answered, e.g. a
    /// program started from the AUTO folder or without a TOS).
    pub fn version(&self) -> i16 {
        self.global[0]
    }

    /// appl_exit (19).
    pub fn appl_exit(&mut self) -> i16 {
        self.call(19, 0, 1, 0, 0)
    }

    /// appl_find (13): the id of the application whose 8-character name (padded with
    /// spaces, NUL-terminated) is `name`, or -1.
    pub fn appl_find(&mut self, name: &[u8; 9]) -> i16 {
        self.addrin[0] = name.as_ptr() as u32;
        self.call(13, 0, 1, 1, 0)
    }

    /// appl_write (12): sends a message to application `to`.
    pub fn appl_write(&mut self, to: i16, message: &Message) -> i16 {
        let bytes = message.to_bytes();
        self.intin[0] = to;
        self.intin[1] = 16;
        self.addrin[0] = bytes.as_ptr() as u32;
        self.call(12, 2, 1, 1, 0)
    }

    /// menu_register (35): puts an accessory's title (NUL-terminated, starting with two
    /// spaces by convention) in the Desk menu; its menu id, or -1.
    pub fn menu_register(&mut self, ap_id: i16, title: &core::ffi::CStr) -> i16 {
        self.intin[0] = ap_id;
        self.addrin[0] = title.as_ptr() as u32;
        self.call(35, 1, 1, 1, 0)
    }

    /// evnt_mesag (23): waits for a message.
    pub fn evnt_mesag(&mut self) -> Message {
        let mut buf = [0u8; 16];
        self.addrin[0] = buf.as_mut_ptr() as u32;
        self.call(23, 0, 1, 1, 0);
        let mut m = [0i16; 8];
        for (i, w) in m.iter_mut().enumerate() {
            *w = i16::from_be_bytes([buf[2 * i], buf[2 * i + 1]]);
        }
        Message(m)
    }

    /// evnt_timer (24): waits `ms` milliseconds, letting other applications run.
    pub fn evnt_timer(&mut self, ms: u32) {
        self.intin[0] = (ms & 0xffff) as i16;
        self.intin[1] = (ms >> 16) as i16;
        self.call(24, 2, 1, 0, 0);
    }

    /// wind_update (107): takes (`BEG_UPDATE` 1, `BEG_MCTRL` 3) or gives back (`END_UPDATE`
    /// 0, `END_MCTRL` 2) the screen or the mouse; 0 on error.
    pub fn wind_update(&mut self, mode: i16) -> i16 {
        self.intin[0] = mode;
        self.call(107, 1, 1, 0, 0)
    }

    /// wind_get (104) of a field answered with four words (`WF_WORKXYWH` 4, `WF_CURRXYWH`
    /// 5...): (x, y, w, h), or `None` on error.
    pub fn wind_get_rect(&mut self, handle: i16, field: i16) -> Option<[i16; 4]> {
        self.intin[0] = handle;
        self.intin[1] = field;
        let ok = self.call(104, 2, 5, 0, 0);
        (ok != 0).then(|| [self.intout[1], self.intout[2], self.intout[3], self.intout[4]])
    }

    /// graf_mouse (78) with a built-in form or `M_OFF` (256) / `M_ON` (257).
    pub fn graf_mouse(&mut self, mode: i16) -> i16 {
        self.intin[0] = mode;
        self.addrin[0] = 0;
        self.call(78, 1, 1, 1, 0)
    }

    /// form_dial (51): `FMD_START` 0, `FMD_GROW` 1, `FMD_SHRINK` 2, `FMD_FINISH` 3 (the
    /// AES sends a redraw for the `big` rectangle to every window under it).
    pub fn form_dial(&mut self, mode: i16, little: [i16; 4], big: [i16; 4]) -> i16 {
        self.intin[0] = mode;
        self.intin[1..5].copy_from_slice(&little);
        self.intin[5..9].copy_from_slice(&big);
        self.call(51, 9, 1, 0, 0)
    }

    /// form_alert (52): shows an alert (`[icon][line|line][button|button]`, NUL-terminated)
    /// and waits; the number of the button chosen.
    pub fn form_alert(&mut self, default_button: i16, text: &core::ffi::CStr) -> i16 {
        self.intin[0] = default_button;
        self.addrin[0] = text.as_ptr() as u32;
        self.call(52, 1, 1, 1, 0)
    }
}
