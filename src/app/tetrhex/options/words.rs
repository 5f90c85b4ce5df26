//! The words of an options string (manual section 4): separated by blanks, i.e. bytes of
//! code 32 or less (space and control characters). A word that starts with `"` or `'` runs to
//! the next same quote and may hold blanks (the player's name of `-p`); a quoted word is
//! never an option, even when it starts with `-`.

/// One word: its text (without quotes) and how it was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Word<'a> {
    /// The text, without the quotes of a quoted word.
    pub text: &'a [u8],
    /// The word as written, quotes included (for messages).
    pub raw: &'a [u8],
    /// It was written between quotes.
    pub quoted: bool,
}

impl Word<'_> {
    /// The word is an option: unquoted and starting with `-`.
    pub fn is_option(&self) -> bool {
        !self.quoted && self.text.first() == Some(&b'-')
    }
}

/// Why the next word could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WordError<'a> {
    /// A quote with no closing quote before the end of the string; the text from the quote.
    Unterminated(&'a [u8]),
    /// Something other than a blank right after a closing quote; the word up to there.
    TextAfterQuote(&'a [u8]),
}

/// The words of a string, one after the other.
#[derive(Clone)]
pub struct Words<'a> {
    text: &'a [u8],
    pos: usize,
}

/// A byte that separates words.
pub fn is_blank(b: u8) -> bool {
    b <= b' '
}

impl<'a> Words<'a> {
    pub fn new(text: &'a [u8]) -> Words<'a> {
        Words { text, pos: 0 }
    }

    /// The next word without taking it.
    pub fn peek(&self) -> Option<Result<Word<'a>, WordError<'a>>> {
        self.clone().next()
    }
}

impl<'a> Iterator for Words<'a> {
    type Item = Result<Word<'a>, WordError<'a>>;

    fn next(&mut self) -> Option<Self::Item> {
        let text = self.text;
        while self.pos < text.len() && is_blank(text[self.pos]) {
            self.pos += 1;
        }
        if self.pos >= text.len() {
            return None;
        }
        let start = self.pos;
        let first = text[start];
        if first == b'"' || first == b'\'' {
            let Some(len) = text[start + 1..].iter().position(|&b| b == first) else {
                self.pos = text.len();
                return Some(Err(WordError::Unterminated(&text[start..])));
            };
            let end = start + 1 + len + 1;
            self.pos = end;
            if end < text.len() && !is_blank(text[end]) {
                self.pos = text.len();
                return Some(Err(WordError::TextAfterQuote(&text[start..end + 1])));
            }
            return Some(Ok(Word { text: &text[start + 1..end - 1], raw: &text[start..end], quoted: true }));
        }
        while self.pos < text.len() && !is_blank(text[self.pos]) {
            self.pos += 1;
        }
        let word = &text[start..self.pos];
        Some(Ok(Word { text: word, raw: word, quoted: false }))
    }
}
