import Foundation
import LineEditor
import RoutineApp
import RoutineCore

/// Shows a run's prompts on a `Terminal` and hands each line to the run's coordinator,
/// which makes every write before the next prompt. All flow logic is the walker's and
/// every rule of a run is the coordinator's; this type only reads and shows.
struct RunDriver {
    /// How the run stopped: end of input (or `quit` in the shell) leaves the REPL too.
    enum Ending: Equatable {
        case finished(RunStatus)
        case endOfInput
    }

    var coordinator: RunCoordinator
    let format: TextOrJSON
    let terminal: Terminal
    let style: Style
    /// Today's DayKey, so that a backfill run says the day it means instead of "today".
    let today: DayKey?

    init(coordinator: RunCoordinator, format: TextOrJSON, terminal: Terminal, style: Style, today: DayKey? = nil) {
        self.coordinator = coordinator
        self.format = format
        self.terminal = terminal
        self.style = style
        self.today = today
    }

    /// `today`, or `on 2026-11-20` for a run of another day (issue 19 item 20).
    static func dayWords(_ day: DayKey, today: DayKey?) -> String {
        day == (today ?? day) ? "today" : "on \(day)"
    }

    /// Drives the run until it completes, pauses, is aborted, or input ends.
    mutating func drive() throws -> Ending {
        var endedByInput = false
        while coordinator.status == .active {
            show(steppedOver: try coordinator.refresh())
            guard coordinator.status == .active, let prompt = coordinator.prompt else { break }
            if format == .text { terminal.show(prompt.render()) }
            switch terminal.readLine(
                prompt: "\(coordinator.slug)> ", completions: prompt.answerWords + Prompt.runCommands)
            {
            case .endOfFile:
                coordinator.pause()
                endedByInput = true
            case .interrupted:
                coordinator.pause()
            case .line(let line) where terminal.isShell && Self.leavesTheShell(line):
                // SPEC §8: quit and exit leave the shell from anywhere, pausing the run.
                coordinator.pause()
                endedByInput = true
            case .line(let line):
                try handle(line)
            }
        }
        try coordinator.finish()
        switch format {
        case .json:
            terminal.show(
                Transcript.json(
                    run: coordinator.runID.rawValue, walker: coordinator.walker, dryRun: coordinator.isDryRun))
        case .text:
            RunSummary(terminal: terminal, style: style, today: today).print(coordinator)
        }
        return endedByInput ? .endOfInput : .finished(coordinator.status)
    }

    /// A leave word (`LeaveWords`) typed at a run's prompt in the REPL.
    static func leavesTheShell(_ line: String) -> Bool {
        LeaveWords.contains(line)
    }

    private mutating func handle(_ line: String) throws {
        switch try coordinator.handle(line) {
        case .walker(let event):
            switch event {
            case .answered(_, let stepped), .wentBack(_, let stepped):
                show(steppedOver: stepped)
            case .nothingToUndo, .rejected, .help:
                if let message = event.message { say(message) }
            case .paused, .aborted, .ignored:
                break
            }
        case .recordedElsewhere(let habit, let stepped):
            // One line for the habit itself, then any later habit stepped over with it.
            say("✓ \(habit) was recorded for \(coordinator.walker.dayKey) elsewhere meanwhile; nothing written twice")
            show(steppedOver: Array(stepped.dropFirst()))
        }
    }

    private func show(steppedOver steps: [Step]) {
        guard format == .text else { return }
        let day = Self.dayWords(coordinator.walker.dayKey, today: today)
        for step in steps {
            if let reason = step.reason {
                terminal.show(style.dim("– \(step.text): not due \(day) (\(reason))"))
            } else {
                terminal.show(style.dim("✓ \(step.text): already done \(day)"))
            }
        }
    }

    /// Hints and help: with the prompts in text mode, on standard error when standard
    /// output carries the JSON transcript.
    private func say(_ message: String) {
        if format == .text { terminal.show(message) } else { terminal.note(message) }
    }
}
