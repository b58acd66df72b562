import ArgumentParser
import Foundation
import LineEditor
import RoutineApp

/// The names Tab offers for routines and habits: one source for the REPL (over the
/// session's open store) and for the shells' completion scripts (ArgumentParser's
/// `.custom` kinds, which call back into the binary with the command line typed so far).
enum StoredNames {
    /// The stored routines' names (archived ones left out, as `list` leaves them out).
    static func routines(in store: AppServices) -> [String] {
        ((try? store.routines()) ?? []).map(\.slug)
    }

    /// The habits' display names.
    static func habits(in store: AppServices) -> [String] {
        ((try? store.habits()) ?? []).map(\.name)
    }

    /// The store the command line being completed names (`--store`, else the
    /// environment, else the configuration file, else the default), opened read-only:
    /// completion never creates a store, migrates one or waits for a writer's lock.
    /// Nil when there is none or it cannot be read; completion then offers nothing.
    static func shellStore(words: [String]) -> AppServices? {
        var given: [String] = []
        for (index, word) in words.enumerated() {
            if word == "--store", index + 1 < words.count {
                given = ["--store", words[index + 1]]
            } else if word.hasPrefix("--store=") {
                given = [word]
            }
        }
        guard let options = try? GlobalOptions.parse(given),
            let settings = try? Settings(options: options),
            FileManager.default.fileExists(atPath: settings.storePath)
        else { return nil }
        return try? AppServices.openForReading(path: settings.storePath, time: settings.time, busyTimeout: 0.2)
    }
}

extension CompletionKind {
    /// A stored routine's name, read from the store the command line names.
    static var routineName: CompletionKind {
        .custom { words, _, _ in StoredNames.shellStore(words: words).map(StoredNames.routines(in:)) ?? [] }
    }

    /// A habit's name, read from the store the command line names.
    static var habitName: CompletionKind {
        .custom { words, _, _ in StoredNames.shellStore(words: words).map(StoredNames.habits(in:)) ?? [] }
    }

    /// A stored routine's name or a routine file (`run`, `show`): the names, then the
    /// files and folders the word being typed begins.
    static var routineOrFile: CompletionKind {
        .custom { words, _, prefix in
            let names = StoredNames.shellStore(words: words).map(StoredNames.routines(in:)) ?? []
            let files = PathCompleter().completePath(prefix: prefix).filter {
                $0.hasSuffix("/") || $0.hasSuffix(".yaml") || $0.hasSuffix(".yml")
            }
            return names + files
        }
    }

    /// Routine files and folders of them (`check`, `import`).
    static var routineFiles: CompletionKind { .file(extensions: ["yaml", "yml"]) }
}
