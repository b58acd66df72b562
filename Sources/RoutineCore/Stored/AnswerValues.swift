import Foundation

/// A question a routine asks (in its latest version) or once asked (in recorded
/// answers): what `answers QUESTION` and `insights QUESTION` resolve a name against.
public struct KnownQuestion: Sendable, Equatable {
    public var routine: String
    public var node: String
    /// The latest version's text, else the text of the latest recorded answer.
    public var text: String
    /// The latest version's options, in order (empty for a question no version asks now).
    public var options: [String]
    /// How many live answers it has.
    public var answers: Int

    public init(routine: String, node: String, text: String, options: [String], answers: Int) {
        self.routine = routine
        self.node = node
        self.text = text
        self.options = options
        self.answers = answers
    }
}

/// What `importAnswers` did.
public struct AnswerImportResult: Sendable, Equatable {
    public var imported: Int
    public var alreadyPresent: Int

    public init(imported: Int, alreadyPresent: Int) {
        self.imported = imported
        self.alreadyPresent = alreadyPresent
    }
}

/// The answer that stands for one day at one question (the last recorded that day):
/// what the calendar, `insights` and `review` count. Read lean, for lifetimes of answers.
public struct AnswerDay: Sendable, Equatable {
    public var routine: String
    public var node: String
    /// The question's text as recorded with this answer.
    public var text: String
    public var day: DayKey
    public var answer: String

    public init(routine: String, node: String, text: String, day: DayKey, answer: String) {
        self.routine = routine
        self.node = node
        self.text = text
        self.day = day
        self.answer = answer
    }
}
