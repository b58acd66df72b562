import Foundation
import RoutineCore

/// Files the studio writes beside the routine files: a new routine's first lines, and
/// the sidecar `NAME.layout.json` with the positions a person pinned by dragging
/// (SPEC §19.2: positions never go into the routine file).
enum StudioFiles {
    /// A new routine file's first lines: its slug from the file name, nothing else yet
    /// (the canvas adds nodes; `check` lists what is still missing).
    static func newRoutine(at path: String) throws -> String {
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        guard Slug.isValid(name) else {
            throw StudioFailure(
                400,
                "'\(name)' cannot name a routine: use lowercase letters, digits and '-' (e.g. morning-checkin.yaml)")
        }
        return "# \(name): made in routine studio.\nroutine: \(name)\nstart: []\n"
    }

    /// The sidecar of a routine file: `morning.yaml` → `morning.layout.json`.
    static func sidecar(of path: String) -> String {
        (path as NSString).deletingPathExtension + ".layout.json"
    }

    struct Sidecar: Codable {
        var pinned: [String: LayoutPoint]
    }

    /// The pinned positions; none when the sidecar is missing or unreadable (a broken
    /// sidecar only loses pins: the routine file is the truth).
    static func pins(of path: String) -> [String: LayoutPoint] {
        guard let data = FileManager.default.contents(atPath: sidecar(of: path)),
            let sidecar = try? JSONDecoder().decode(Sidecar.self, from: data)
        else { return [:] }
        return sidecar.pinned
    }

    static func savePins(_ pins: [String: LayoutPoint], of path: String) throws {
        let target = sidecar(of: path)
        if pins.isEmpty {
            try? FileManager.default.removeItem(atPath: target)
            return
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(Sidecar(pinned: pins)).write(to: URL(fileURLWithPath: target), options: .atomic)
    }
}
