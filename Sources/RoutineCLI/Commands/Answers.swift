import ArgumentParser
import Foundation
import RoutineApp
import RoutineCore
import RoutineFile

extension RoutineCommand {
    /// `routine answers [QUESTION]`: recorded answers by day, or one question's year as a calendar.
    struct Answers: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "answers",
            abstract: "List the answers you gave, by day (CSV output is the format import-answers reads).",
            discussion: """
                QUESTION is a question's node id or its text (a unique prefix is enough). With --calendar, one \
                question's year as a grid: a symbol (and colour) per option, a legend with counts.
                """)

        @OptionGroup var selection: QuestionSelection

        private var question: String? { selection.question }
        private var routine: String? { selection.routine }
        private var from: DayArgument? { selection.from }
        private var to: DayArgument? { selection.to }

        @Flag(help: "Draw one question's year as a calendar.")
        var calendar = false

        @Option(help: ArgumentHelp("The calendar's year (default: this year).", valueName: "year"))
        var year: Int?

        @Option(help: "Output format.")
        var format: EntriesFormat = .text

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if calendar, question == nil {
                throw ValidationError("--calendar draws one question: name it, e.g. answers feeling --calendar")
            }
            if calendar, format != .text { throw ValidationError("--calendar is text only") }
            if year != nil, !calendar { throw ValidationError("--year goes with --calendar") }
            if let year, !(1...9999).contains(year) { throw ValidationError("--year must be between 1 and 9999") }
        }

        func run() throws {
            let settings = try Settings(options: global)
            guard let store = try Session.current.existingStore(settings) else {
                if question != nil { throw CLIError("no question '\(question ?? "")': the store holds no routine yet") }
                switch format {
                case .json: Output.line("[]")
                case .csv: Output.block(AnswersCSV.write([]))
                case .text: Output.line("No answers yet.")
                }
                return
            }
            let known = try selection.known(in: store)
            let today = settings.time.today
            if calendar, let known {
                let year = year ?? today.year
                let answers = try store.standingAnswers(routine: known.routine, node: known.node)
                guard
                    let drawn = AnswerCalendar(
                        question: known, answers: answers, year: year, today: today,
                        weekStart: settings.weekStart.rawValue)
                else {
                    Output.line("\(year) is not a year this calendar can show")
                    return
                }
                Output.block(AnswerCalendarText.text(drawn, colour: settings.style.enabled))
                return
            }
            let (slug, node) = (known?.routine ?? routine, known?.node)
            let (first, last) = (try from.map { try settings.day($0) }, try to.map { try settings.day($0) })
            switch format {
            case .csv:
                // Streamed (issue 32): each row is written as SQLite reads it, so a lifetime of
                // answers exports in constant memory; the bytes are those of `AnswersCSV.write`.
                Output.block(AnswersCSV.headerLine)
                try store.eachAnswer(routine: slug, node: node, from: first, to: last) {
                    Output.block(AnswersCSV.line(AnswerListing.row($0)))
                }
            case .json:
                Output.json(AnswersText.json(try store.answers(routine: slug, node: node, from: first, to: last)))
            case .text:
                let answers = try store.answers(routine: slug, node: node, from: first, to: last)
                Output.block(AnswersText.text(answers, oneQuestion: known != nil))
            }
        }
    }

    /// `routine import-answers FILE.csv`: answers back from `answers --format csv`.
    struct ImportAnswers: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import-answers",
            abstract:
                "Load answers from CSV (as 'answers --format csv' writes it): all rows or none; rows whose uid is stored are skipped."
        )

        @Argument(help: ArgumentHelp("The CSV file.", valueName: "file"), completion: .file(extensions: ["csv"]))
        var file: String

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            // A regular file is read a chunk at a time: a million rows are never all in memory.
            let handle = try EntryCommands.openUTF8(file)
            let text = handle == nil ? try EntryCommands.readUTF8(file) : ""
            do {
                let zone = settings.timeZoneName
                let now = settings.time.now()
                let reader: AnswersCSVReader?
                if let handle {
                    reader = try AnswersCSVReader(file: handle, defaultTimeZone: zone, now: now)
                } else {
                    reader = try AnswersCSVReader(csv: text, defaultTimeZone: zone, now: now)
                }
                let store = try Session.current.store(settings)
                let result: AnswerImportResult
                if var rows = reader {
                    result = try store.importAnswers(from: &rows)
                } else {
                    result = try store.importAnswers([])
                }
                var line = "imported \(result.imported) answer\(result.imported == 1 ? "" : "s") from \(file)"
                if result.alreadyPresent > 0 { line += "; \(result.alreadyPresent) already present" }
                Output.line(line)
            } catch let error as CSVError {
                throw CLIError("\(file):\(error.line):\(error.column): \(error.message); nothing was imported")
            } catch StoreError.invalidEntryRow(let line, let column, let message) {
                throw CLIError("\(file):\(line):\(column): \(message); nothing was imported")
            }
        }
    }
}
