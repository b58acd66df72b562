import Foundation
import RoutineCore

/// The configuration file, `$XDG_CONFIG_HOME/routine/config.yaml` (SPEC §12): a YAML
/// mapping that may set `store`, `timezone`, `day-start`, `color` and `week-start`.
///
/// Read with the same libyaml event reader as routine files, so that every problem —
/// a syntax error, an unknown key, a value of the wrong shape — is one line
/// `path:line:col: message`, never a silent default. Values are checked here, where
/// their position is known: a zone that does not exist is reported at its value.
public struct ConfigFile: Sendable, Equatable {
    /// One value of the file and where it was written.
    public struct Value: Sendable, Equatable {
        public var text: String
        public var location: SourceLocation
    }

    /// The keys the file may have, in the order `routine config` shows them.
    public static let keys = ["store", "timezone", "day-start", "color", "week-start", "sync"]
    /// The keys of the `sync:` mapping (SPEC §16.1, §20), kept as `sync.url`, `sync.device`,
    /// `sync.auto`.
    public static let syncKeys = ["url", "device", "auto"]
    /// The values `sync.auto` takes.
    public static let autoChoices = ["true", "false"]
    /// The values `color` takes.
    public static let colorChoices = ["auto", "always", "never"]

    public var values: [String: Value] = [:]

    public init(values: [String: Value] = [:]) {
        self.values = values
    }

    public subscript(key: String) -> Value? { values[key] }

    /// Where the file is: `$XDG_CONFIG_HOME/routine/config.yaml`, else
    /// `~/.config/routine/config.yaml`.
    public static func defaultPath(environment: [String: String]) -> String {
        if let config = environment["XDG_CONFIG_HOME"], !config.isEmpty { return config + "/routine/config.yaml" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.config/routine/config.yaml"
    }

    /// Reads the file at `path`; an empty configuration when there is none. A file
    /// that exists but cannot be read (a folder, no permission) is an error.
    public static func load(path: String) throws(ConfigFileError) -> ConfigFile {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return ConfigFile() }
        guard !isFolder.boolValue, let data = FileManager.default.contents(atPath: path) else {
            throw ConfigFileError(path: path, location: nil, message: "cannot read the configuration file")
        }
        return try parse(data, path: path)
    }

    /// Parses the bytes of a configuration file; errors name `path`.
    public static func parse(_ data: Data, path: String) throws(ConfigFileError) -> ConfigFile {
        let output = YAMLEventReader.read(data)
        if let first = output.diagnostics.first {
            throw ConfigFileError(path: path, location: first.location, message: first.message)
        }
        guard let root = output.root, !root.isNull else { return ConfigFile() }
        guard case .mapping(let pairs) = root.kind else {
            throw ConfigFileError(
                path: path, location: root.location,
                message: "expected a mapping of settings (\(keys.joined(separator: ", "))), not \(root.kindName)")
        }
        var config = ConfigFile()
        for pair in pairs {
            guard let key = pair.key.text, keys.contains(key) else {
                let name = pair.key.text ?? pair.key.kindName
                let hint = Suggestion.hint(pair.key.text.flatMap { Suggestion.closest(to: $0, among: keys) })
                throw ConfigFileError(
                    path: path, location: pair.key.location,
                    message: "unknown key '\(name)'\(hint) (known: \(keys.joined(separator: ", ")))")
            }
            guard config.values[key] == nil else {
                throw ConfigFileError(path: path, location: pair.key.location, message: "'\(key)' is set twice")
            }
            let value = pair.value
            if key == "sync" {
                try parseSync(value, path: path, into: &config)
                continue
            }
            guard let text = value.text, !value.isNull else {
                throw ConfigFileError(
                    path: path, location: value.location,
                    message: "'\(key)' wants \(expected(key)), not \(value.isNull ? "nothing" : value.kindName)")
            }
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard isValid(trimmed, for: key) else {
                throw ConfigFileError(
                    path: path, location: value.location, message: "'\(key)' wants \(expected(key)), not '\(text)'")
            }
            config.values[key] = Value(text: trimmed, location: value.location)
        }
        return config
    }

    /// `sync: {url: URL, device: NAME, auto: true}`.
    private static func parseSync(_ node: YAMLNode, path: String, into config: inout ConfigFile) throws(ConfigFileError)
    {
        guard case .mapping(let pairs) = node.kind else {
            throw ConfigFileError(
                path: path, location: node.location,
                message: "'sync' wants a mapping with url, device and auto, not \(node.kindName)")
        }
        for pair in pairs {
            guard let key = pair.key.text, syncKeys.contains(key) else {
                throw ConfigFileError(
                    path: path, location: pair.key.location,
                    message:
                        "unknown key '\(pair.key.text ?? pair.key.kindName)' under 'sync' (known: \(syncKeys.joined(separator: ", ")))"
                )
            }
            guard let text = pair.value.text?.trimmingCharacters(in: .whitespaces), !pair.value.isNull, !text.isEmpty,
                TerminalText.firstControl(in: text) == nil
            else {
                throw ConfigFileError(
                    path: path, location: pair.value.location, message: "'sync.\(key)' wants a text value")
            }
            if key == "auto", !autoChoices.contains(text) {
                throw ConfigFileError(
                    path: path, location: pair.value.location, message: "'sync.auto' wants true or false, not '\(text)'"
                )
            }
            guard config.values["sync." + key] == nil else {
                throw ConfigFileError(path: path, location: pair.key.location, message: "'sync.\(key)' is set twice")
            }
            config.values["sync." + key] = Value(text: text, location: pair.value.location)
        }
    }

    private static func isValid(_ text: String, for key: String) -> Bool {
        guard !text.isEmpty, TerminalText.firstControl(in: text) == nil else { return false }
        switch key {
        case "timezone": return TimeZone(identifier: text) != nil
        case "day-start": return TimeContext.parseDayStart(text) != nil
        case "color": return colorChoices.contains(text)
        case "week-start": return Weekday(name: text) != nil
        default: return true
        }
    }

    private static func expected(_ key: String) -> String {
        switch key {
        case "timezone": "a time zone name such as Europe/Paris or UTC"
        case "day-start": "HH:MM between 00:00 and 23:59"
        case "color": colorChoices.joined(separator: ", ")
        case "week-start": "a weekday: mon, tue, wed, thu, fri, sat or sun"
        default: "a file path"
        }
    }
}

/// A configuration file that cannot be used: one line `path:line:col: message`.
public struct ConfigFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var location: SourceLocation?
    public var message: String

    public var description: String {
        guard let location else { return "\(path): \(message)" }
        return "\(path):\(location.line):\(location.column): \(message)"
    }
}
