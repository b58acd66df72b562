import Foundation
import RoutineCore

/// harsh (wakatara/harsh): a folder with its `habits` and `log` files. The formats, from
/// harsh's source: `internal/storage/config.go` (`Name: frequency[: end date]`, frequency
/// `1`, `7` or `1w`, `3/7`, `0`; `! Heading`; `#` comments) and `internal/storage/log.go`
/// (`YYYY-MM-DD : Habit : y|n|s : comment : amount`, split on ` : `; a later line for the
/// same habit and day replaces the earlier).
public struct HarshImporter: Importer {
    public init() {}

    public func plan(path: String) throws -> ImportPlan {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw ImportError(file: path, "no such folder")
        }
        guard isFolder.boolValue else {
            throw ImportError(file: path, "not a harsh folder: give the folder holding harsh's habits and log files")
        }
        let habitsPath = (path as NSString).appendingPathComponent("habits")
        let logPath = (path as NSString).appendingPathComponent("log")
        guard FileManager.default.fileExists(atPath: habitsPath) else {
            throw ImportError(file: path, "not a harsh folder: no habits file")
        }
        var plan = ImportPlan(source: .harsh)
        var indexByName: [String: Int] = [:]
        for (number, line) in try SourceFile.text(habitsPath).split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated()
        {
            let text = line.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\r")))
            if text.isEmpty || text.hasPrefix("#") { continue }
            if text.hasPrefix("!") {
                let heading = text.dropFirst().trimmingCharacters(in: .whitespaces)
                plan.notMapped.append("heading \(heading): harsh's headings group habits; routine has no groups")
                continue
            }
            let parts = text.components(separatedBy: ": ")
            guard parts.count >= 2, !parts[0].trimmingCharacters(in: .whitespaces).isEmpty,
                let frequency = Self.frequency(parts[1].trimmingCharacters(in: .whitespaces))
            else {
                throw ImportError(
                    file: habitsPath, line: number + 1, "expected 'Name: frequency' (1, 7, 1w, 3/7 or 0)")
            }
            let name = parts[0].trimmingCharacters(in: .whitespaces)
            var archived = false
            if parts.count >= 3 {
                guard DayKey(parts[2].trimmingCharacters(in: .whitespaces)) != nil else {
                    throw ImportError(file: habitsPath, line: number + 1, "the end date is not YYYY-MM-DD")
                }
                archived = true
            }
            indexByName[name] = plan.addHabit(PlannedHabit(name: name, frequency: frequency, archived: archived))
        }
        guard FileManager.default.fileExists(atPath: logPath) else { return plan }
        // The last line for a habit and day stands, as in harsh.
        struct Outcome {
            var line: Int
            var result: String
            var comment: String
            var amount: Double?
        }
        var outcomes: [Int: [DayKey: Outcome]] = [:]
        var unknown: [String: Int] = [:]
        for (number, line) in try SourceFile.text(logPath).split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated()
        {
            let text = line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
            if text.isEmpty || text.hasPrefix("#") { continue }
            let parts = text.components(separatedBy: " : ")
            func fail(_ message: String) -> ImportError { ImportError(file: logPath, line: number + 1, message) }
            guard parts.count >= 3 else { throw fail("expected 'YYYY-MM-DD : Habit : y|n|s[ : comment[ : amount]]'") }
            guard let day = DayKey(parts[0].trimmingCharacters(in: .whitespaces)), day.isInSupportedRange else {
                throw fail("\(parts[0]) is not a date (YYYY-MM-DD)")
            }
            let result = parts[2].trimmingCharacters(in: .whitespaces)
            guard ["y", "n", "s"].contains(result) else { throw fail("result \(result) is not y, n or s") }
            var amount: Double?
            if parts.count >= 5, !parts[4].trimmingCharacters(in: .whitespaces).isEmpty {
                // The one amount grammar, as data (harsh writes what its user typed).
                switch Quantity.read(parts[4], form: .data) {
                case .value(let value): amount = value
                case .tooLarge: throw fail(Quantity.tooLargeMessage(parts[4].trimmingCharacters(in: .whitespaces)))
                case .notAnAmount: throw fail("amount \(parts[4]) is not a number ≥ 0")
                }
            }
            let name = parts[1].trimmingCharacters(in: .whitespaces)
            guard let index = indexByName[name] else {
                unknown[name, default: 0] += 1
                continue
            }
            outcomes[index, default: [:]][day] = Outcome(
                line: number + 1, result: result, comment: parts.count >= 4 ? parts[3] : "", amount: amount)
        }
        for (name, count) in unknown.sorted(by: { $0.key < $1.key }) {
            plan.notMapped.append(
                "\(count) log line\(count == 1 ? "" : "s") of \(name): not a habit in the habits file")
        }
        var comments = 0
        for index in plan.habits.indices {
            let days = outcomes[index] ?? [:]
            // A habit whose log gives amounts is a quantity (a plain count, as harsh has no
            // units); a `y` without an amount then records 0, as harsh reads it.
            let quantity = days.values.contains { $0.result == "y" && $0.amount != nil }
            if quantity { plan.habits[index].unit = "" }
            let name = plan.habits[index].name
            for (day, outcome) in days.sorted(by: { $0.key < $1.key }) {
                let note = outcome.comment.trimmingCharacters(in: .whitespaces)
                switch outcome.result {
                case "y":
                    plan.entries.append(
                        PlannedEntry(
                            habit: index, dayKey: day, value: quantity ? (outcome.amount ?? 0) : nil,
                            note: note.isEmpty ? nil : note, timestamp: SourceFile.midnight(day),
                            uid: plan.uid(name, day.description)))
                case "s":
                    plan.skips.append(
                        PlannedSkip(
                            habit: index, dayKey: day, uid: plan.uid("skip", name, day.description),
                            note: note.isEmpty ? nil : note))
                default:
                    // `n` records nothing, so its comment has nowhere to go.
                    if !note.isEmpty { comments += 1 }
                }
            }
        }
        if comments > 0 {
            plan.notMapped.append(
                "\(comments) comment\(comments == 1 ? "" : "s") of `n` lines: an `n` records nothing to keep it with")
        }
        return plan
    }

    /// harsh's frequency (`parseDay` in config.go): `N` or `Nw` once in that many days,
    /// `N/P` N in every P, `0` tracked only.
    static func frequency(_ text: String) -> ImportFrequency? {
        func days(_ part: String) -> Int? {
            if part.hasSuffix("w") { return Int(part.dropLast()).map { $0 * 7 } }
            return Int(part)
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if parts.count == 1 {
            guard let n = days(parts[0]), n >= 0, n <= 366 else { return nil }
            return n == 0 ? ImportFrequency.none : n == 1 ? .daily : .every(n)
        }
        guard parts.count == 2, let n = days(parts[0]), let p = days(parts[1]), n >= 1, p >= n, p <= 366 else {
            return nil
        }
        return .fraction(n, p)
    }
}
