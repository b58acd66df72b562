import Foundation
import LineEditor
import RoutineCore

/// The REPL: reads a line, splits it into words with the same rules completion uses,
/// and runs it as the CLI would (`RoutineCommand.execute`), so each command has one
/// grammar and one help text. A failing command prints its line and the session goes on.
struct ReplSession {
    let settings: Settings
    /// The REPL's own global options, passed on to every command it runs.
    let forwardedOptions: [String]

    static let prompt = "routine> "

    /// The prompt, bold when colour is on. The reset comes before the final space:
    /// libedit writes an escape only together with the character after it, so a reset
    /// at the very end of the prompt is never written and the typed line (and what the
    /// command prints) would stay bold.
    /// It goes to libedit, not through `Output`, so its style markers become escapes here.
    static func styledPrompt(_ style: Style) -> String {
        style.enabled ? TerminalText.forTerminal(style.bold(String(prompt.dropLast())) + " ") : prompt
    }

    func run() throws {
        let catalog = try CommandCatalog(RoutineCommand.self)
        let sources = completionSources()
        let outer = Session.current
        let history = HistoryFile.defaultURL(programName: "routine", environment: outer.environment)
        let settings = settings
        let editor = LineEditor(
            programName: "routine", historyFile: history,
            completer: { request in ReplCompleter.candidates(request: request, catalog: catalog, sources: sources) },
            describe: { word in Self.runLabel(word, settings: settings) })
        // Every command of the shell runs in this session: its terminal is the shell's.
        let session = Session(environment: outer.environment, terminal: EditorTerminal(editor: editor, isShell: true))
        defer { session.closeStores() }
        Session.$current.withValue(session) {
            if editor.isInteractive { greet() }
            if let problem = editor.historyProblem, let history {
                Output.line("history is not kept: \(Diagnostic.singleLine(history.path)) is not used (\(problem))")
            }
            while true {
                Output.flush()
                switch editor.readLine(prompt: Self.styledPrompt(settings.style)) {
                case .endOfFile:
                    if editor.isInteractive { Output.line() }
                    return
                case .interrupted:
                    continue
                case .line(let line):
                    session.terminal.remember(line)
                    if handle(line, catalog: catalog, clear: editor.clearScreen) == .leave { return }
                }
            }
        }
    }

    enum Next { case goOn, leave }

    /// Runs one line; `.leave` for `quit` and `exit`; `clear` clears the screen (as Ctrl-L).
    func handle(_ line: String, catalog: CommandCatalog, clear: () -> Void) -> Next {
        let words = LineWords.split(line)
        guard let first = words.first else { return .goOn }
        switch first {
        case _ where LeaveWords.contains(first):
            return .leave
        case "clear" where words.count == 1:
            clear()
            return .goOn
        case "help" where words.count == 1:
            Output.block(ReplHelp.overview(catalog))
            return .goOn
        case "help" where ReplCompleter.shellWords.contains(words[1].lowercased()):
            // The shell's own words are no CLI commands: say what they do, not "unknown command".
            Output.line(ReplHelp.shellWord(words[1].lowercased()))
            return .goOn
        case "help":
            guard catalog.commandNames.contains(words[1]) else {
                Output.line(ReplHelp.unknown(words[1], catalog))
                return .goOn
            }
        default:
            guard catalog.commandNames.contains(first) else {
                Output.line(ReplHelp.unknown(first, catalog))
                return .goOn
            }
            if first == "repl" {
                Output.line("you are in the routine shell already")
                return .goOn
            }
        }
        let outcome = RoutineCommand.execute(arguments: Self.insert(forwardedOptions, into: words))
        return outcome.endOfInput ? .leave : .goOn
    }

    /// The REPL's global options added to a command line (before `--`, if any), unless
    /// the line gives that option itself.
    static func insert(_ options: [String], into words: [String]) -> [String] {
        var extra: [String] = []
        var index = 0
        while index + 1 < options.count {
            let name = options[index]
            if !words.contains(where: { $0 == name || $0.hasPrefix(name + "=") }) {
                extra += [name, options[index + 1]]
            }
            index += 2
        }
        guard !extra.isEmpty, words.first != "help" else { return words }
        var result = words
        result.insert(contentsOf: extra, at: words.firstIndex(of: "--") ?? words.endIndex)
        return result
    }

    private func completionSources() -> CompletionSources {
        let settings = settings
        return CompletionSources(
            routines: {
                (try? Session.current.existingStore(settings)).flatMap { $0 }.map(StoredNames.routines(in:)) ?? []
            },
            habits: {
                (try? Session.current.existingStore(settings)).flatMap { $0 }.map(StoredNames.habits(in:)) ?? []
            },
            paths: { PathCompleter().completePath(prefix: $0) },
            runs: {
                ((try? Session.current.existingStore(settings)?.runs(status: .paused)) ?? []).map {
                    $0.id.short
                }
            })
    }

    /// `morning-checkin, 2026-11-22` beside a paused run's id in a Tab listing
    /// (`resume <Tab>`), so a person sees which run is which; nil for any other word.
    static func runLabel(_ word: String, settings: Settings) -> String? {
        guard word.count == 8, let store = try? Session.current.existingStore(settings),
            let runs = try? store.runs(status: .paused), let run = runs.first(where: { $0.id.short == word })
        else { return nil }
        return "\(run.slug), \(run.dayKey)"
    }

    /// One or two lines on start: what to do first, and any run waiting to be resumed.
    private func greet() {
        let style = settings.style
        Output.line(style.bold("routine") + " — 'help' lists the commands, Tab completes, 'quit' leaves.")
        let store = try? Session.current.existingStore(settings)
        let routines = (try? store?.routines()) ?? []
        if routines.isEmpty {
            let bundled = FileManager.default.fileExists(atPath: "routines") ? "routines/" : "PATH/TO/routines/"
            Output.line(
                "No routines stored yet: 'import \(bundled)' brings in the bundled ones, then 'run morning-checkin'.")
            return
        }
        if let paused = try? store?.latestPausedRun() {
            Output.line("A run of \(paused.slug) for \(paused.dayKey) is paused: 'resume' continues it.")
        } else {
            Output.line("Routines: \(routines.map(\.slug).joined(separator: ", ")). Start one with 'run NAME'.")
        }
    }
}

/// The REPL's own help texts.
enum ReplHelp {
    static func overview(_ catalog: CommandCatalog) -> String {
        let width = catalog.root.subcommands.map(\.name.count).max() ?? 0
        var lines = [
            "routine \(RoutineVersion.current). Commands (the same as 'routine COMMAND' in a shell; 'help COMMAND' for its options):"
        ]
        for command in catalog.root.subcommands {
            lines.append(
                "  " + command.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + command.abstract)
        }
        lines.append(
            "  " + "clear".padding(toLength: width, withPad: " ", startingAt: 0) + "  Clear the screen (also Ctrl-L).")
        lines.append(
            "  " + "quit".padding(toLength: width, withPad: " ", startingAt: 0)
                + "  Leave (a run in progress is paused).")
        return lines.joined(separator: "\n")
    }

    /// What `help quit`, `help exit` and `help help` say.
    static func shellWord(_ word: String) -> String {
        switch word {
        case "help": "help lists the commands; help COMMAND shows a command's options"
        case "clear": "clear clears the screen (as Ctrl-L does)"
        default: "\(word) leaves the shell (a run in progress is paused)"
        }
    }

    static func unknown(_ word: String, _ catalog: CommandCatalog) -> String {
        RoutineCommand.unknownCommand(
            word, candidates: catalog.commandNames + ReplCompleter.shellWords, help: "'help'")
    }
}
