import ArgumentParser
import Testing

@testable import RoutineCLI

/// Every command names itself in its configuration (ArgumentParser would otherwise
/// derive the name from the type with `String(describing:)`, a protocol-conformance
/// scan of the whole static binary per command at every start-up). The names must
/// stay what ArgumentParser derived before: the type name in kebab case.
@Suite struct CommandNameTests {
    /// ArgumentParser's derivation for these names: `ImportEntries` → `import-entries`.
    static func derived(_ type: Any.Type) -> String {
        var name = ""
        for (index, character) in String(describing: type).enumerated() {
            if character.isUppercase && index > 0 { name += "-" }
            name += character.lowercased()
        }
        return name
    }

    static func all(_ root: ParsableCommand.Type) -> [ParsableCommand.Type] {
        [root] + root.configuration.subcommands.flatMap { all($0) }
    }

    @Test func everyCommandNamesItselfAsBefore() {
        let renamed: [String: String] = [
            "GoalList": "list", "GoalShow": "show", "GoalDelete": "delete", "HabitDelete": "delete",
            "HabitSchedule": "schedule", "HabitTarget": "target", "EditRoutine": "routine", "EditEntry": "entry",
            "RunsList": "list", "RunsShow": "show",
            "SyncNow": "now", "SyncInit": "init", "SyncStatusCommand": "status", "SyncDevices": "devices",
            "SyncKeyCommand": "key", "RemindNow": "now", "RemindInstall": "install", "RemindUninstall": "uninstall",
        ]
        let commands = Self.all(RoutineCommand.self).dropFirst()
        #expect(commands.count == 70)
        for command in commands {
            let typeName = String(describing: command)
            let expected = renamed[typeName] ?? Self.derived(command)
            #expect(command.configuration.commandName == expected, "\(typeName)")
        }
        #expect(
            RoutineCommand.configuration.subcommands.map { $0.configuration.commandName ?? "" } == [
                "check", "run", "resume", "runs", "abort", "paths", "archive", "unarchive", "import", "list", "show",
                "export",
                "new", "edit",
                "log", "entries", "delete", "undelete", "undo", "habits", "habit", "import-entries", "import-from",
                "stats",
                "today",
                "plan", "goal", "pause", "pauses", "unpause", "backup", "restore", "config", "test", "schema", "lsp",
                "repl", "answers", "import-answers", "insights", "review", "sync", "remind", "studio",
            ])
    }
}
