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
            case .json: Output.line(Self.json(report))
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

        static func json(_ report: ImportReport) -> String {
            let counts = report.plan.counts()
            let habits = report.plan.habits.enumerated().map { index, habit in
                JSONText.object([
                    "name": JSONText.string(habit.name), "sourceName": JSONText.string(habit.sourceName),
                    "new": report.isNew[index] ? "true" : "false",
                    "unit": JSONText.string(habit.unit), "frequency": JSONText.string(habit.frequency.text),
                    "target": JSONText.string(habit.target?.storedText), "archived": habit.archived ? "true" : "false",
                    "kept": JSONText.string(report.kept[index]), "entries": String(counts[index].entries),
                    "skips": String(counts[index].skips), "description": JSONText.string(habit.description),
                ])
            }
            return JSONText.object([
                "source": JSONText.string(report.source.rawValue), "path": JSONText.string(report.path),
                "dryRun": report.dryRun ? "true" : "false", "habits": JSONText.array(habits),
                "newEntries": String(report.outcome.newEntries), "newSkips": String(report.outcome.newSkips),
                "newAnswers": String(report.outcome.newAnswers),
                "alreadyImported": String(report.outcome.alreadyImported),
                "notMapped": JSONText.array(report.notMapped.map(JSONText.string)),
                "suggestions": JSONText.array(report.plan.suggestions.map(JSONText.string)),
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
