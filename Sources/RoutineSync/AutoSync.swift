import Foundation
import RoutineCore

/// The automatic sync of SPEC §20 (`sync: {auto: true}`): what the detached process that
/// a writing command starts does, and the note it leaves when it fails, which the next
/// command reads once. Starting the process is the command line's part.
public enum AutoSync {
    /// A failed automatic sync, as its note keeps it.
    public struct Failure: Sendable, Equatable {
        public var at: Date
        public var message: String

        public init(at: Date, message: String) {
            (self.at, self.message) = (at, message)
        }
    }

    /// The note beside the store: `INSTANT<TAB>message`, one line.
    public static func failurePath(storePath: String) -> String {
        storePath + ".sync-failed"
    }

    /// Rounds of one process at most: a round starts again only when changes made while
    /// it ran still wait (their own process found the lock taken and left).
    static let rounds = 5

    /// The note of what completed automatic syncs had to tell (entries of one day recorded
    /// on two devices, problems), a line each, for the next command.
    public static func newsPath(storePath: String) -> String {
        storePath + ".sync-news"
    }

    /// Syncs unless another sync of the store runs (then it leaves at once: that one
    /// goes on). After each sync, with the lock released, changes still waiting mean a
    /// command wrote meanwhile and its own process found the lock taken: another round,
    /// so no write is left waiting for the next. A failure leaves its note (the latest
    /// replaces an older one); a sync that completes removes it.
    public static func run(_ engine: SyncEngine, notices: (SyncReport) -> [String]) {
        let path = failurePath(storePath: engine.storePath)
        for _ in 0..<rounds {
            do {
                guard let report = try engine.syncIfIdle() else { return }
                clearFailure(path: path)
                addNews(notices(report), path: newsPath(storePath: engine.storePath))
            } catch {
                record(Failure(at: engine.now(), message: String(describing: error)), path: path)
                return
            }
            guard ((try? engine.store.sync.syncIdentity()?.waiting) ?? 0) > 0 else { return }
        }
    }

    /// Lines told already that are kept to be recognised (the latest ones).
    static let toldLinesKept = 200

    /// Appends `lines` to the news note (what an earlier sync left and nobody read yet
    /// stays); a line told already or waiting already is not added again (a problem every
    /// sync meets is told once).
    static func addNews(_ lines: [String], path: String) {
        let known = Set(Self.lines(at: path) + Self.lines(at: path + ".told"))
        let fresh = lines.map { Diagnostic.singleLine($0) }.filter { !known.contains($0) }
        guard !fresh.isEmpty else { return }
        write(Self.lines(at: path) + fresh, to: path)
    }

    /// The news lines left by automatic syncs, removed as they are read (told once).
    public static func takeNews(storePath: String) -> [String] {
        let path = newsPath(storePath: storePath)
        let news = lines(at: path)
        guard !news.isEmpty else { return [] }
        write(Array((lines(at: path + ".told") + news).suffix(toldLinesKept)), to: path + ".told")
        _ = unlink(path)
        return news
    }

    private static func lines(at path: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    private static func write(_ lines: [String], to path: String) {
        let text = lines.map { $0 + "\n" }.joined()
        try? Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// Removes the notes (a sync by hand that completes makes an older failure moot).
    public static func clearFailure(storePath: String) {
        clearFailure(path: failurePath(storePath: storePath))
    }

    private static func clearFailure(path: String) {
        _ = unlink(path)
        _ = unlink(path + ".told")
    }

    /// Leaves the note of `failure` beside the store at `storePath`.
    public static func record(_ failure: Failure, storePath: String) {
        record(failure, path: failurePath(storePath: storePath))
    }

    /// Writes the note whole or not at all (a reader never sees half of it). The same
    /// reason as the failure told last is not noted again: a laptop offline for a day
    /// hears once that it cannot reach the server, not after every command.
    static func record(_ failure: Failure, path: String) {
        let message = Diagnostic.singleLine(failure.message)
        if read(path: path + ".told")?.message == message { return }
        let line = Instant.format(failure.at) + "\t" + message + "\n"
        try? Data(line.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// The note of the last failure, set aside as it is read (kept as told, until a sync
    /// completes), so that it is told once; nil when there is none (the usual case: one
    /// failed `open`).
    public static func takeFailure(storePath: String) -> Failure? {
        let path = failurePath(storePath: storePath)
        guard let failure = read(path: path) else { return nil }
        if rename(path, path + ".told") != 0 { _ = unlink(path) }
        return failure
    }

    /// The last failure noted, told or not, without setting it aside (`sync status`).
    public static func lastFailure(storePath: String) -> Failure? {
        let path = failurePath(storePath: storePath)
        return read(path: path) ?? read(path: path + ".told")
    }

    private static func read(path: String) -> Failure? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let tab = text.firstIndex(of: "\t"), let at = Instant.parse(String(text[..<tab])) else {
            return Failure(at: Date(timeIntervalSince1970: 0), message: text.isEmpty ? "no reason was kept" : text)
        }
        return Failure(at: at, message: String(text[text.index(after: tab)...]))
    }
}
