//! Counting what passed and failed: every runner of the test command prints one line per
//! check and counts it here.

/// How many checks passed and failed.
#[derive(Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counts {
    pub passed: usize,
    pub failed: usize,
}

impl Counts {
    pub fn add(&mut self, other: Counts) {
        self.passed += other.passed;
        self.failed += other.failed;
    }
}

/// The checks of one group, each printed as `<prefix><name> ... ok` or `... FAILED: why`.
pub struct Tally {
    prefix: &'static str,
    pub counts: Counts,
}

impl Tally {
    /// A group whose lines begin with `prefix` (`"EmuTOS test gem_host::"`).
    pub fn new(prefix: &'static str) -> Self {
        Tally { prefix, counts: Counts::default() }
    }
    /// Prints and counts one check.
    pub fn judge(&mut self, name: &str, result: Result<(), String>) {
        match result {
            Ok(()) => {
                self.counts.passed += 1;
                println!("{}{name} ... ok", self.prefix);
            }
            Err(e) => {
                self.counts.failed += 1;
                println!("{}{name} ... FAILED: {e}", self.prefix);
            }
        }
    }
    /// Adds the counts of checks printed elsewhere.
    pub fn add(&mut self, other: Counts) {
        self.counts.add(other);
    }
}
