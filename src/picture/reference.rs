//! The fitting code as it was before it was made fast for the 68030 (scaling, median cut,
//! dithering; test builds only): the straightforward versions, kept so that the tests can
//! check that the fast ones give the same pixels and pens, bit for bit.

pub mod dither;
pub mod fit;
pub mod quantise;
