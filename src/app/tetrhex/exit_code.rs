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
