import ArgumentParser
import CStandardOutput
import Foundation
import RoutineCore

/// `routine`: the root command. With no subcommand it opens the REPL.
public struct RoutineCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "routine",
        abstract: "Personal routines as graphs of questions and habits: check, walk, record, reflect.",
        discussion: "Version \(RoutineVersion.current). 'routine help COMMAND' shows a command's options.",
        version: RoutineVersion.current,
        subcommands: [
            Check.self, Run.self, Resume.self, Runs.self, Abort.self, Paths.self, Archive.self, Unarchive.self,
            Import.self, List.self, Show.self, Export.self, New.self, Edit.self,
            Log.self, Entries.self, Delete.self, Undelete.self, Undo.self, Habits.self, Habit.self, ImportEntries.self,
            ImportFrom.self,
            Stats.self, Today.self, Plan.self, Goal.self, Pause.self, Pauses.self, Unpause.self, Backup.self,
            Restore.self, Config.self, Test.self, Schema.self, Lsp.self, Repl.self, Answers.self, ImportAnswers.self,
            Insights.self, Review.self, Sync.self, Remind.self, Studio.self,
        ],
        defaultSubcommand: Repl.self
    )

    public init() {}

    /// Runs the command line of one process: parses (with global options allowed before
    /// the subcommand), runs, and turns failures into one line and an exit status.
    public static func main(arguments: [String]) -> Never {
        // A closed pipe ends the process quietly, as it ends other tools (`Output`).
        routine_stdout_default_sigpipe()
        if arguments == ["--version"] {
            // What ArgumentParser prints for it, before the session or ArgumentParser's
            // command tree, built by reflection, exist: they were nine tenths of this
            // line's start-up (docs/PERFORMANCE.md, "Start-up"). The REPL's `--version`
            // still goes through ArgumentParser.
            Output.block(RoutineVersion.current)
            do {
                try Output.checkWritten()
            } catch {
                printError("routine: \(error.message)")
                Foundation.exit(error.exitCode)
            }
            Foundation.exit(0)
        }
        let outcome = execute(arguments: arguments)
        Session.current.closeStores()
        Foundation.exit(outcome.status)
    }

    /// How one command line ended.
    struct Outcome: Equatable {
        var status: Int32
        /// Input ended inside a run (or `quit` at a run prompt): the shell leaves too.
        var endOfInput = false
    }

    /// Parses and runs one command line in the bound `Session`; returns how it ended.
    /// The REPL calls this for each line, so a failing command never ends the session.
    @discardableResult
    static func execute(arguments: [String]) -> Outcome {
        let outcome = run(arguments: arguments)
        // Whether it succeeded or not: what a failed command wrote goes too.
        Session.current.commandFinished()
        return outcome
    }

    /// Parses and runs one command line; returns how it ended.
    private static func run(arguments: [String]) -> Outcome {
        let arguments = Edit.longForm(GlobalOptions.normalize(arguments))
        do {
            // The few lines a shell prompt or a timer runs skip ArgumentParser's parse (a
            // fifth of `today --short`); the same command value, run the same way.
            var command: any ParsableCommand
            if let quick = QuickLine.command(arguments) {
                command = quick
            } else {
                try checkCommandName(arguments)
                command = try parseAsRoot(arguments)
            }
            try command.run()
            try Output.checkWritten()
            return Outcome(status: 0)
        } catch is EndOfInput {
            do {
                try Output.checkWritten()
            } catch {
                return Outcome(status: status(of: error, arguments: arguments), endOfInput: true)
            }
            return Outcome(status: 0, endOfInput: true)
        } catch {
            return Outcome(status: status(of: error, arguments: arguments))
        }
    }

    /// Reports a failed command (one line on standard error) and gives its exit status.
    private static func status(of error: Error, arguments: [String]) -> Int32 {
        // The command's own failure is the one line to say: a failed write to standard
        // output before it is forgotten (a `--help` text is checked below).
        try? Output.checkWritten()
        do {
            throw error
        } catch let error as CLIError {
            Output.flush()
            printError("routine: \(error.message)")
            return error.exitCode
        } catch let error as ExitCode {
            Output.flush()
            return error.rawValue
        } catch {
            Output.flush()
            let code = exitCode(for: error)
            if code == .success {
                // --help and friends: ArgumentParser's text on standard output.
                Output.block(fullMessage(for: error))
                do {
                    try Output.checkWritten()
                } catch {
                    printError("routine: \(error.message)")
                    return error.exitCode
                }
                return 0
            }
            if let message = CLIError.describe(error) {
                printError("routine: \(message)")
                return 1
            }
            guard code == .validationFailure else {
                printError(fullMessage(for: error).trimmingCharacters(in: .whitespacesAndNewlines))
                return code.rawValue
            }
            // A usage error is one line that says where the whole usage is (SPEC §9),
            // not ArgumentParser's usage block.
            let path = commandPath(arguments)
            let help = (Session.current.isREPL ? "help" : "routine help") + (path.isEmpty ? "" : " " + path)
            var message = Diagnostic.singleLine(
                Self.message(for: error).trimmingCharacters(in: .whitespacesAndNewlines))
            // ArgumentParser's own messages start with a capital; ours do not.
            if let first = message.first, first.isUppercase, message.dropFirst().first?.isLowercase == true {
                message = first.lowercased() + message.dropFirst()
            }
            printError("routine: \(message) (see '\(help)')")
            return code.rawValue
        }
    }

    /// The words naming the command a line runs (`goal show`; `edit routine` for `edit
    /// NAME`), following subcommands and default subcommands as ArgumentParser does.
    static func commandPath(_ arguments: [String]) -> String {
        var command: ParsableCommand.Type = RoutineCommand.self
        var path: [String] = []
        for word in arguments {
            guard let sub = command.configuration.subcommands.first(where: { $0.configuration.commandName == word })
            else { break }
            command = sub
            path.append(word)
        }
        if !path.isEmpty, let fallback = command.configuration.defaultSubcommand?.configuration.commandName {
            path.append(fallback)
        }
        return path.joined(separator: " ")
    }

    /// The names a command line may start with: every subcommand, and `help`.
    static var commandNames: [String] {
        configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
    }

    /// An unknown first word is a usage error with a suggestion (SPEC §12), as in the
    /// REPL, instead of ArgumentParser's "Unexpected argument" for the default `repl`.
    static func checkCommandName(_ arguments: [String]) throws {
        guard let first = arguments.first, !first.hasPrefix("-"), !commandNames.contains(first) else { return }
        throw CLIError.usage(unknownCommand(first, candidates: commandNames, help: "'routine help'"))
    }

    /// `unknown command 'lst'; did you mean 'list'?`, the same words in the shell and the REPL.
    static func unknownCommand(_ word: String, candidates: [String], help: String) -> String {
        let hint = Suggestion.hint(Suggestion.closest(to: word, among: candidates))
        // "did you mean 'list'?" ends in a question mark: no semicolon after it.
        return "unknown command '\(word)'"
            + (hint.isEmpty ? "; \(help) lists the commands" : "\(hint) (\(help) lists the commands)")
    }
}
