//! AES messages: the 8-word buffers `evnt_mesag` fills and `appl_write` sends.

/// An accessory's menu entry was chosen (msg[4] = its menu id).
pub const AC_OPEN: i16 = 40;
/// The running application changed: close the accessory's windows (msg[3] = menu id).
pub const AC_CLOSE: i16 = 41;

/// One message: type, sender's application id, extra length (0), then 5 words of data.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Message(pub [i16; 8]);

impl Message {
    /// A message of `kind` from `sender` with data words 3..8.
    pub fn new(kind: i16, sender: i16, data: [i16; 5]) -> Self {
        let mut m = [0i16; 8];
        m[0] = kind;
        m[1] = sender;
        m[3..8].copy_from_slice(&data);
        Message(m)
    }

    pub fn kind(&self) -> i16 {
        self.0[0]
    }

    pub fn sender(&self) -> i16 {
        self.0[1]
    }

    /// The 16 bytes as the AES stores them (big-endian words).
    pub fn to_bytes(&self) -> [u8; 16] {
        let mut b = [0u8; 16];
        for (i, w) in self.0.iter().enumerate() {
            b[2 * i..2 * i + 2].copy_from_slice(&w.to_be_bytes());
        }
        b
    }
}

#[cfg(test)]
mod tests;
