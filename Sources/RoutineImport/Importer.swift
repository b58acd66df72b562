import Foundation
import RoutineCore

/// One tool's reader for `routine import-from` (SPEC §18.2): its files in, a plan out.
/// Nothing is written here; the plan goes to the store through RoutineApp.
public protocol Importer: Sendable {
    /// Reads `path` (a file or a folder, as the tool exports) into a plan, or throws an
    /// `ImportError` naming the file (and line) of the first problem.
    func plan(path: String) throws -> ImportPlan
}

/// The importer of each source.
public enum Importers {
    public static func importer(for kind: ImportSourceKind) -> any Importer {
        switch kind {
        case .loop: LoopImporter()
        case .harsh: HarshImporter()
        case .daylio: DaylioImporter()
        case .habitbull: HabitBullImporter()
        }
    }
}

/// Reading a source's files: sizes checked before reading, text checked as UTF-8.
enum SourceFile {
    /// The largest file an importer reads into memory (a ten-year export is a few MB).
    static let maxBytes = 256 * 1024 * 1024

    /// The size of the file at `path`, or an error naming it (missing, a folder, too large).
    static func checkedSize(_ path: String, limit: Int = maxBytes) throws -> Int {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw ImportError(file: path, "no such file")
        }
        guard !isFolder.boolValue else { throw ImportError(file: path, "is a folder, not a file") }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= limit else {
            throw ImportError(file: path, "too large (\(size / 1_048_576) MB; at most \(limit / 1_048_576) MB)")
        }
        return size
    }

    /// The text of a file, checked as UTF-8 (a byte-order mark is dropped).
    static func text(_ path: String) throws -> String {
        _ = try checkedSize(path)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ImportError(file: path, "cannot be read")
        }
        return try text(data, name: path)
    }

    static func text(_ data: Data, name: String) throws -> String {
        guard var text = String(data: data, encoding: .utf8) else {
            throw ImportError(file: name, "is not UTF-8 text")
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return text
    }

    /// The timestamp an entry of a day gets when the source gives only the day: midnight UTC.
    static func midnight(_ day: DayKey) -> Date {
        Date(timeIntervalSince1970: Double(day.ordinal) * 86_400)
    }
}
