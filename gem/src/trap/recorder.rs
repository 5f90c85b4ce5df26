//! A [`Trap`] for tests: it keeps what each call put into the parameter arrays (only the
//! entries `control`/`contrl` declare) and answers with outputs queued beforehand, so a test
//! checks opcodes, counts and argument order without an AES or VDI.

use alloc::collections::VecDeque;
use alloc::vec::Vec;

use super::{AesArrays, Trap, VdiArrays};

/// What one AES call passed in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AesCall {
    /// opcode, intin count, intout count, addrin count, addrout count.
    pub control: [i16; 5],
    pub intin: Vec<i16>,
    pub addrin: Vec<usize>,
    /// The message buffer, for calls that send one (`appl_write`, `shel_write` 7 and 10).
    pub message: [i16; 8],
    /// Whether `addrin[0]` pointed at the block's own message buffer.
    pub addrin0_is_message_buffer: bool,
}

/// What the AES answers to one call.
#[derive(Clone, Debug, Default)]
pub struct AesReply {
    pub intout: Vec<i16>,
    pub addrout: Vec<usize>,
    /// Written to `global` (as `appl_init` does).
    pub global: Vec<i16>,
    /// Written to the message buffer (as `evnt_multi` and `evnt_mesag` do); the recorder
    /// panics if the call's `addrin[0]` does not point there.
    pub message: Option<[i16; 8]>,
}

impl AesReply {
    /// A reply of `intout` words only.
    pub fn ints(intout: &[i16]) -> Self {
        AesReply { intout: intout.to_vec(), ..Default::default() }
    }
}

/// What one VDI call passed in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VdiCall {
    /// contrl[0..12]: opcode, ptsin points, (ptsout), intin words, (intout), sub-opcode,
    /// handle, then the MFDB addresses of the raster calls.
    pub contrl: [i16; 12],
    pub intin: Vec<i16>,
    /// `2 * contrl[1]` words.
    pub ptsin: Vec<i16>,
}

/// What the VDI answers to one call.
#[derive(Clone, Debug, Default)]
pub struct VdiReply {
    pub intout: Vec<i16>,
    pub ptsout: Vec<i16>,
    /// Words written into `contrl`, by index (the handle at 6, the counts at 2 and 4).
    pub contrl: Vec<(usize, i16)>,
}

impl VdiReply {
    /// A reply of `intout` words; `contrl[4]` says how many.
    pub fn ints(intout: &[i16]) -> Self {
        VdiReply { intout: intout.to_vec(), ptsout: Vec::new(), contrl: alloc::vec![(4, intout.len() as i16)] }
    }
}

/// Records calls and plays back replies (in order; a call without a queued reply gets
/// zeros).
#[derive(Default)]
pub struct Recorder {
    pub aes_calls: Vec<AesCall>,
    pub vdi_calls: Vec<VdiCall>,
    aes_replies: VecDeque<AesReply>,
    vdi_replies: VecDeque<VdiReply>,
}

impl Recorder {
    pub fn new() -> Self {
        Self::default()
    }

    /// Queues the answer to the next AES call not yet answered.
    pub fn reply_aes(&mut self, reply: AesReply) {
        self.aes_replies.push_back(reply);
    }

    /// Queues the answer to the next VDI call not yet answered.
    pub fn reply_vdi(&mut self, reply: VdiReply) {
        self.vdi_replies.push_back(reply);
    }

    /// The only AES call recorded (panics if there were none or several).
    pub fn single_aes(&self) -> &AesCall {
        assert_eq!(self.aes_calls.len(), 1, "AES calls: {:?}", self.aes_calls);
        &self.aes_calls[0]
    }

    /// The only VDI call recorded (panics if there were none or several).
    pub fn single_vdi(&self) -> &VdiCall {
        assert_eq!(self.vdi_calls.len(), 1, "VDI calls: {:?}", self.vdi_calls);
        &self.vdi_calls[0]
    }

    /// The opcodes of the AES calls so far, in order.
    pub fn aes_opcodes(&self) -> Vec<i16> {
        self.aes_calls.iter().map(|c| c.control[0]).collect()
    }

    /// The opcodes of the VDI calls so far, in order.
    pub fn vdi_opcodes(&self) -> Vec<i16> {
        self.vdi_calls.iter().map(|c| c.contrl[0]).collect()
    }

    /// Forgets the calls recorded so far.
    pub fn clear(&mut self) {
        self.aes_calls.clear();
        self.vdi_calls.clear();
    }
}

/// `n` as a count of array entries: a negative count is a binding error, shown as a panic.
fn count(n: i16, capacity: usize) -> usize {
    assert!(n >= 0 && n as usize <= capacity, "count {n} outside 0..={capacity}");
    n as usize
}

impl Trap for Recorder {
    fn aes(&mut self, block: &mut AesArrays) {
        let n_intin = count(block.control[1], block.intin.len());
        let n_intout = count(block.control[2], block.intout.len());
        let n_addrin = count(block.control[3], block.addrin.len());
        count(block.control[4], block.addrout.len());
        let message_address = block.message_address();
        let addrin0_is_message_buffer = n_addrin > 0 && block.addrin[0] == message_address;
        self.aes_calls.push(AesCall {
            control: block.control,
            intin: block.intin[..n_intin].to_vec(),
            addrin: block.addrin[..n_addrin].to_vec(),
            message: block.message,
            addrin0_is_message_buffer,
        });
        let reply = self.aes_replies.pop_front().unwrap_or_default();
        assert!(reply.intout.len() <= n_intout, "reply of {} words to a call declaring {n_intout}", reply.intout.len());
        block.intout = [0; 16];
        block.intout[..reply.intout.len()].copy_from_slice(&reply.intout);
        block.addrout[..reply.addrout.len()].copy_from_slice(&reply.addrout);
        block.global[..reply.global.len()].copy_from_slice(&reply.global);
        if let Some(m) = reply.message {
            assert!(addrin0_is_message_buffer, "the call gave the AES no pointer to its message buffer");
            block.message = m;
        }
    }

    fn vdi(&mut self, block: &mut VdiArrays) {
        let n_ptsin = count(block.contrl[1], block.ptsin.len() / 2);
        let n_intin = count(block.contrl[3], block.intin.len());
        let mut contrl = [0i16; 12];
        contrl.copy_from_slice(&block.contrl[..12]);
        self.vdi_calls.push(VdiCall {
            contrl,
            intin: block.intin[..n_intin].to_vec(),
            ptsin: block.ptsin[..2 * n_ptsin].to_vec(),
        });
        let reply = self.vdi_replies.pop_front().unwrap_or_default();
        block.contrl[2] = 0;
        block.contrl[4] = 0;
        block.intout[..reply.intout.len()].copy_from_slice(&reply.intout);
        block.ptsout[..reply.ptsout.len()].copy_from_slice(&reply.ptsout);
        for &(i, v) in &reply.contrl {
            block.contrl[i] = v;
        }
    }
}
