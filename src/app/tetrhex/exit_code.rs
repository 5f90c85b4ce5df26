//! [`ExitCode`]: what TETRHEX returns to the program that started it (manual section 8.2).
//! When there is an error, TETRHEX also shows it in an alert box if the AES could be
//! initialised; the code is what a shell or a batch file sees.

/// Every value TETRHEX returns, as listed in section 8.2 of the manual.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExitCode {
    /// 0: no error.
    Ok,
    /// 1: not enough memory.
    OutOfMemory,
    /// 2: the resolution could not be changed (or `-vr` forbade a needed change).
    ResolutionChange,
    /// 3: wrong processor (at least a 68020 is needed).
    WrongProcessor,
    /// 4: no VDI workstation could be opened.
    NoWorkstation,
    /// 5: no window could be created.
    NoWindow,
    /// 6: a font problem.
    FontProblem,
    /// 7: the rule file was not found.
    RuleFileNotFound,
    /// 8: the rule file's format is wrong.
    BadRuleFile,
    /// 9: an internal error.
    InternalError,
    /// 10: the options string (TETRHEX.CFG, the command line, `-o` files) is incorrect.
    BadOptions,
    /// 11: the language file (TETRHEX.LNG) has a wrong format.
    BadLanguageFile,
    /// 12: the help file was not found.
    HelpFileNotFound,
    /// 13: the help has a wrong format.
    BadHelp,
    /// 14: stack overflow.
    StackOverflow,
    /// -1: a system error (an operating system call failed).
    SystemError,
}

impl ExitCode {
    /// Every code, in the manual's order.
    pub const ALL: [ExitCode; 16] = [
        ExitCode::Ok,
        ExitCode::OutOfMemory,
        ExitCode::ResolutionChange,
        ExitCode::WrongProcessor,
        ExitCode::NoWorkstation,
        ExitCode::NoWindow,
        ExitCode::FontProblem,
        ExitCode::RuleFileNotFound,
        ExitCode::BadRuleFile,
        ExitCode::InternalError,
        ExitCode::BadOptions,
        ExitCode::BadLanguageFile,
        ExitCode::HelpFileNotFound,
        ExitCode::BadHelp,
        ExitCode::StackOverflow,
        ExitCode::SystemError,
    ];

    /// The program's exit code (`Pterm`'s argument).
    pub const fn value(self) -> i16 {
        match self {
            ExitCode::Ok => 0,
            ExitCode::OutOfMemory => 1,
            ExitCode::ResolutionChange => 2,
            ExitCode::WrongProcessor => 3,
            ExitCode::NoWorkstation => 4,
            ExitCode::NoWindow => 5,
            ExitCode::FontProblem => 6,
            ExitCode::RuleFileNotFound => 7,
            ExitCode::BadRuleFile => 8,
            ExitCode::InternalError => 9,
            ExitCode::BadOptions => 10,
            ExitCode::BadLanguageFile => 11,
            ExitCode::HelpFileNotFound => 12,
            ExitCode::BadHelp => 13,
            ExitCode::StackOverflow => 14,
            ExitCode::SystemError => -1,
        }
    }
}

/// Why TETRHEX cannot start or go on: the exit code of section 8.2 and a message for the
/// player that names the file or option and what is wrong. Where only the message is wanted
/// (a message box in the game), `?` turns it into a `String`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub code: ExitCode,
    pub message: alloc::string::String,
}

impl Failure {
    pub fn new(code: ExitCode, message: alloc::string::String) -> Self {
        Failure { code, message }
    }

    /// Options (or the collection's own words) that are not understood: code 10.
    pub fn bad_options(message: alloc::string::String) -> Self {
        Failure::new(ExitCode::BadOptions, message)
    }

    /// The program's exit code.
    pub fn exit_code(&self) -> i32 {
        self.code.value().into()
    }
}

impl core::fmt::Display for Failure {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<Failure> for alloc::string::String {
    fn from(f: Failure) -> Self {
        f.message
    }
}
