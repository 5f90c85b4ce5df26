//! Errors of the RUL engine: loading a rule file and running RUL code.

/// Why a rule file was rejected; `LoadError::offset` says where.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoadReason {
    TooShort,
    BadMagic,
    ColourHighByte,
    NameNotTerminated,
    NoPatterns,
    NoShapes,
    NoSignals,
    BadBoardSize,
    ScoreCountAboveMax,
    StackTooLarge,
    OffsetOutsideFile,
    SectionOverlap,
    ShapeHexCount,
    ShapeRotationCount,
    ShapeListOffsetNotZero,
    ShapeBadPosition,
    ShapeDuplicatePosition,
    ShapeUnusedNotZero,
    ShapeNotConnected,
    SignalIdNotPositive,
    SignalReservedNotZero,
    TooManyNumbers,
    NumberDigits,
    NumberHeight,
    NumberPlacement,
    NumberNoLanguage,
    NumberTextLength,
    PhaseOutsideCode,
    EmptyCode,
    HelpChainBad,
    HelpReservedNotZero,
    HelpBadCharacter,
    HelpNotTerminated,
    ScoresNotAtEnd,
    ScoreNameNotTerminated,
}

/// A rejected rule file: the reason and the byte offset of the offending data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoadError {
    pub reason: LoadReason,
    pub offset: u32,
}

/// Why RUL code stopped. Every case ends the game cleanly instead of hanging or crashing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunReason {
    /// The program counter left the code area.
    PcOutOfCode,
    /// A code that cannot start an expression (`$51` where a value is needed).
    UnexpectedReturn,
    /// The phase executed more operations than its budget.
    StepBudget,
    /// Expression/call/iteration nesting deeper than the fixed limit.
    TooDeep,
    DivisionByZero,
    BadModulo,
    BadShift,
    BadVariable,
    BadAssignment,
    StackOverflow,
    StackUnderflow,
    BadCell,
    BadMark,
    BadPieceIndex,
    EmptyTable,
    BadTimerVariable,
}

/// A run-time error with the code offset where it happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunError {
    pub reason: RunReason,
    pub pc: u32,
}
