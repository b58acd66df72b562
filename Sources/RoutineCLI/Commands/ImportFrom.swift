import ArgumentParser
import Foundation
import RoutineApp
import RoutineCore

extension ImportSourceKind: ExpressibleByArgument {}

extension RoutineCommand {
    /// `routine import-from loop|harsh|daylio|habitbull PATH [--dry-run]` (SPEC §18.2).
    struct ImportFrom: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import-from",
            abstract: "Bring habits and their history from Loop, harsh, Daylio or HabitBull: all or nothing.",
            discussion: """
                loop: its database backup (.db) or CSV export (.zip); harsh: the folder with its habits and log \
                files; daylio, habitbull: their CSV exports. Importing the same file again changes nothing. \
                docs/importing.md says what maps to what.
                """
        )

        @Argument(help: ArgumentHelp("The tool: loop, harsh, daylio or habitbull.", valueName: "source"))
        var source: ImportSourceKind

        @Argument(help: ArgumentHelp("The exported file (a folder for harsh).", valueName: "path"), completion: .file())
        var path: String

        @Flag(help: "Show what would be imported and write nothing.")
        var dryRun = false

        @Option(help: "Output format: text or json.")
        var format: TextOrJSON = .text

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            let store = try Session.current.store(settings)
            let report: ImportReport
            do {
                report = try ImportService.run(
                    source, path: path, store: store, dryRun: dryRun)
            } catch let error as ImportError {
                throw CLIError("\(error.description); nothing was imported")
            } catch let error as StoreError {
                throw CLIError("\(path): \(error.message); nothing was imported")
            }
            switch format {
            case .text: for line in Self.text(report) { Output.line(line) }
            case .json: Output.json(Self.json(report))
            }
        }

        /// The report as lines: each habit with what it maps to and its counts, what is
        /// not mapped, and the total (`0 new; 1,234 already imported`).
        static func text(_ report: ImportReport) -> [String] {
            let outcome = report.outcome
            var lines = [
                "from \(ImportService.sourceName(report.source)): \(report.path)\(report.dryRun ? " (dry run: nothing written)" : "")"
            ]
            let counts = report.plan.counts()
            for (index, habit) in report.plan.habits.enumerated() {
                let state = report.isNew[index] ? "new" : "existing"
                var line = "  \(habit.name) (\(state)): \(report.kept[index]); \(counts[index].entries) entries"
                if counts[index].skips > 0 { line += ", \(counts[index].skips) skips" }
                lines.append(line)
            }
            if let question = report.plan.question {
                let state = outcome.routine.map {
                    $0 == .created ? "new" : $0 == .unchanged ? "existing" : "new version"
                }
                lines.append(
                    "  routine \(question.slug) (\(state ?? "existing")): \(question.node) with \(question.options.count) options; \(report.plan.answers.count) answers"
                )
            }
            if !report.notMapped.isEmpty {
                lines.append("not mapped:")
                lines += report.notMapped.map { "  \($0)" }
            }
            lines += outcome.scheduleChanges.map { "  \($0.line)" }
            lines += report.plan.suggestions
            let verb = report.dryRun ? "would be new" : "new"
            var total = "\(grouped(outcome.newRecords)) \(verb)"
            if outcome.newRecords > 0 {
                total += " (\(grouped(outcome.newEntries)) entries, \(grouped(outcome.newSkips)) skips"
                total += report.plan.answers.isEmpty ? ")" : ", \(grouped(outcome.newAnswers)) answers)"
            }
            lines.append("\(total); \(grouped(outcome.alreadyImported)) already imported")
            return lines
        }

        static func json(_ report: ImportReport) -> JSONValue {
            let counts = report.plan.counts()
            let habits = report.plan.habits.enumerated().map { index, habit in
                JSONValue.object([
                    "name": JSONValue(habit.name), "sourceName": JSONValue(habit.sourceName),
                    "new": .bool(report.isNew[index]),
                    "unit": JSONValue(habit.unit), "frequency": JSONValue(habit.frequency.text),
                    "target": JSONValue(habit.target?.storedText), "archived": .bool(habit.archived),
                    "kept": JSONValue(report.kept[index]), "entries": .integer(counts[index].entries),
                    "skips": .integer(counts[index].skips), "description": JSONValue(habit.description),
                ])
            }
            return JSONValue.object([
                "source": JSONValue(report.source.rawValue), "path": JSONValue(report.path),
                "dryRun": .bool(report.dryRun), "habits": JSONValue.array(habits),
                "newEntries": .integer(report.outcome.newEntries), "newSkips": .integer(report.outcome.newSkips),
                "newAnswers": .integer(report.outcome.newAnswers),
                "alreadyImported": .integer(report.outcome.alreadyImported),
                "notMapped": JSONValue.array(report.notMapped.map { JSONValue($0) }),
                "suggestions": JSONValue.array(report.plan.suggestions.map { JSONValue($0) }),
            ])
        }

        /// `1,234`.
        static func grouped(_ number: Int) -> String {
            let digits = Array(String(number))
            var text = ""
            for (index, digit) in digits.enumerated() {
                if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
                text.append(digit)
            }
            return text
        }
    }
}
