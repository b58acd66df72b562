import ArgumentParser
import Foundation

/// The command tree as ArgumentParser itself describes it (its documented
/// `--experimental-dump-help` JSON), so that the REPL's help and completion can never
/// drift from the commands' declarations: one grammar, two front ends.
public struct CommandCatalog: Sendable {
    /// What a positional argument or an option's value names, for completion. Taken
    /// from the argument's value name in its declaration (`<routine>`, `<habit>` …).
    public enum ValueKind: Sendable, Equatable {
        case routine
        case habit
        /// A run id (`resume`, `abort`): the paused runs' ids, by their first 8 characters.
        case run
        case path
        case routineOrPath
        case choice([String])
        case other
    }

    public struct Command: Sendable {
        public var name: String
        public var abstract: String
        public var subcommands: [Command]
        /// The subcommand a line without a subcommand word runs (`edit NAME` runs `edit`'s
        /// short form): zero or one, hidden or not.
        public var fallback: [Command]
        /// Long option and flag names, with their dashes (`--dry-run`).
        public var flags: [String]
        /// The value kind of each option that takes a value, by long name.
        public var optionValues: [String: ValueKind]
        /// The value kinds of the positional arguments, in order (the last may repeat).
        public var positionals: [ValueKind]
    }

    public var root: Command

    public init(dumpHelpJSON: String) throws {
        let info = try JSONDecoder().decode(ToolInfo.self, from: Data(dumpHelpJSON.utf8))
        root = CommandCatalog.command(from: info.command)
    }

    /// The catalog of a root command, through public API only: parsing
    /// `--experimental-dump-help` ends in an error whose full message is the tree as JSON
    /// (what `routine --experimental-dump-help` prints), instead of the underscored
    /// `_dumpHelp()`.
    public init<Root: ParsableCommand>(_ root: Root.Type) throws {
        do {
            _ = try Root.parseAsRoot(["--experimental-dump-help"])
        } catch {
            try self.init(dumpHelpJSON: Root.fullMessage(for: error))
            return
        }
        throw CatalogError()
    }

    /// ArgumentParser parsed `--experimental-dump-help` as a command line.
    struct CatalogError: Error {}

    /// The command named by the leading words of `words` (following subcommands), and
    /// how many words named it. `(root, 0)` when the first word is no command.
    public func resolve(_ words: [String]) -> (command: Command, consumed: Int) {
        var command = root
        var consumed = 0
        for word in words {
            guard let sub = command.subcommands.first(where: { $0.name == word }) else {
                if var fallback = command.fallback.first {
                    // A short form (`edit 12 --value 3`) may become any subcommand by its
                    // options: offer all of theirs.
                    for other in command.subcommands where other.name != fallback.name {
                        fallback.flags += other.flags.filter { !fallback.flags.contains($0) }
                        fallback.optionValues.merge(other.optionValues) { mine, _ in mine }
                    }
                    command = fallback
                }
                break
            }
            command = sub
            consumed += 1
        }
        return (command, consumed)
    }

    /// The names of the top-level commands.
    public var commandNames: [String] { root.subcommands.map(\.name) }

    private static func command(from info: CommandInfo) -> Command {
        var flags: [String] = []
        var optionValues: [String: ValueKind] = [:]
        var positionals: [ValueKind] = []
        for argument in info.arguments ?? [] where argument.shouldDisplay != false {
            let kind = valueKind(argument)
            switch argument.kind {
            case "positional":
                positionals.append(kind)
            default:
                let longNames = (argument.names ?? []).filter { $0.kind == "long" }.map { "--" + $0.name }
                flags += longNames
                if argument.kind == "option" {
                    for name in longNames { optionValues[name] = kind }
                }
            }
        }
        flags.removeAll { $0 == "--help" || $0 == "--version" }
        let subcommands = info.subcommands ?? []
        return Command(
            name: info.commandName, abstract: info.abstract ?? "",
            subcommands: subcommands.filter { $0.shouldDisplay != false && $0.commandName != "help" }
                .map(command(from:)),
            fallback: subcommands.filter { $0.commandName == info.defaultSubcommand }.map(command(from:)),
            flags: flags, optionValues: optionValues, positionals: positionals)
    }

    private static func valueKind(_ argument: ArgumentInfo) -> ValueKind {
        if let values = argument.allValues, !values.isEmpty { return .choice(values) }
        switch argument.valueName {
        case "routine": return .routine
        case "habit": return .habit
        case "run-id": return .run
        case "day": return .choice(DayArgument.completions)
        case "path", "file", "paths", "folder": return .path
        case "routine-or-file": return .routineOrPath
        default: return .other
        }
    }

    // The subset of ArgumentParser's ToolInfoV0 that the catalog reads.
    private struct ToolInfo: Decodable { var command: CommandInfo }

    private struct CommandInfo: Decodable {
        var commandName: String
        var abstract: String?
        var shouldDisplay: Bool?
        var defaultSubcommand: String?
        var subcommands: [CommandInfo]?
        var arguments: [ArgumentInfo]?
    }

    private struct ArgumentInfo: Decodable {
        var kind: String
        var shouldDisplay: Bool?
        var names: [NameInfo]?
        var valueName: String?
        var allValues: [String]?
    }

    private struct NameInfo: Decodable {
        var kind: String
        var name: String
    }
}
