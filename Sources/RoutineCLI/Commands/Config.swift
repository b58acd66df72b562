import ArgumentParser
import Foundation
import RoutineCore
import RoutineFile

extension RoutineCommand {
    /// `routine config`: the effective settings and where each came from.
    struct Config: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "config",
            abstract: "Show the effective settings and where each came from (flag, environment, file, default).")

        @OptionGroup var output: FormatOption
        var format: TextOrJSON { output.format }

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            let exists = FileManager.default.fileExists(atPath: settings.configPath)
            if format == .json {
                let settingsJSON = settings.resolved.map { setting -> JSONValue in
                    ["key": .string(setting.key), "value": .string(setting.value), "source": .string(setting.source)]
                }
                Output.json(
                    [
                        "file": .string(settings.configPath), "fileExists": .bool(exists),
                        "settings": .array(settingsJSON),
                    ])
                return
            }
            let keyWidth = settings.resolved.map(\.key.count).max() ?? 0
            let valueWidth = settings.resolved.map { $0.value.count }.max() ?? 0
            for setting in settings.resolved {
                Output.line(
                    setting.key.padding(toLength: keyWidth, withPad: " ", startingAt: 0) + "  "
                        + setting.value.padding(toLength: valueWidth, withPad: " ", startingAt: 0)
                        + "  (" + setting.source + ")")
            }
            Output.line("config file: \(settings.configPath)\(exists ? "" : " (none)")")
        }
    }
}
