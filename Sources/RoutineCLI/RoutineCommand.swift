import ArgumentParser
import Foundation

/// `routine`: the root command. With no subcommand it opens the REPL.
public struct RoutineCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "routine",
        abstract: "Personal routines as graphs of questions and habits: check, walk, record, reflect.",
        subcommands: [
            Check.self, Run.self, Resume.self, Runs.self, Paths.self,
            Import.self, List.self, Show.self, Export.self, New.self, Edit.self,
            Log.self, Entries.self, Delete.self, Habits.self, ImportEntries.self,
            Stats.self, Today.self, Goal.self, Habit.self, Pause.self, Pauses.self, Unpause.self, Plan.self, Repl.self,
        ],
        defaultSubcommand: Repl.self
    )

    public init() {}

    /// Runs the command line of one process: parses (with global options allowed before
    /// the subcommand), runs, and turns failures into one line and an exit status.
    public static func main(arguments: [String]) -> Never {
        let status = execute(arguments: arguments)
        Session.shared.closeStores()
        Foundation.exit(status)
    }

    /// Parses and runs one command line; returns the exit status. The REPL calls this
    /// for each line, so a failing command never ends the session.
    @discardableResult
    static func execute(arguments: [String]) -> Int32 {
        do {
            var command = try parseAsRoot(GlobalOptions.normalize(arguments))
            try command.run()
            Output.flush()
            return 0
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
                return 0
            }
            if let message = CLIError.describe(error) {
                printError("routine: \(message)")
                return 1
            }
            printError(fullMessage(for: error).trimmingCharacters(in: .whitespacesAndNewlines))
            return code.rawValue
        }
    }
}
