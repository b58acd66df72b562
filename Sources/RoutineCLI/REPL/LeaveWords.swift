import Foundation

/// The words that leave the shell, in one place: at its own prompt and at a run's prompt
/// inside it (which pauses the run), matched the same way in both — ignoring case and
/// surrounding white space, as a person types them (`QUIT` left a run but was an
/// unknown command at the shell).
enum LeaveWords {
    /// As help and completion show them.
    static let all = ["quit", "exit"]

    /// Whether `word` is one of them.
    static func contains(_ word: String) -> Bool {
        all.contains(word.trimmingCharacters(in: .whitespacesAndNewlines).lowercased())
    }
}
