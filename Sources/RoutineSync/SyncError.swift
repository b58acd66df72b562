import Foundation
import RoutineCore

/// What stops a sync, one line each (SPEC §16.5). Errors of the connection
/// (`PostgresError`) and of the keys (`SyncCryptoError`) say their own line.
public enum SyncError: Error, Equatable, Sendable, CustomStringConvertible {
    case noURL
    case notSetUp
    case notOurs(url: String)
    case newerServer(url: String, version: Int64)
    case otherServer
    case deviceNameTaken(String)
    case notRegistered
    case keyForOtherServer(path: String)
    case tampered(device: String, seq: Int64)

    public var description: String {
        let line: String
        switch self {
        case .noURL:
            line = "no sync server: set `sync: {url: …}` in the configuration file or pass --remote URL"
        case .notSetUp:
            line = "this store is not set up for sync: run `routine sync init` first"
        case .notOurs(let url):
            line =
                "the database at \(Self.safe(url)) has a routine_sync schema that routine did not make; refusing to use it"
        case .newerServer(let url, let version):
            line =
                "the sync server at \(Self.safe(url)) was set up by a newer routine (schema \(version)); upgrade routine on this device"
        case .otherServer:
            line =
                "this store syncs with another server; run `routine sync init` to move it to this one (its history is sent again)"
        case .deviceNameTaken(let name):
            line = "another device is registered as '\(name)' on this server; choose another name with --device NAME"
        case .notRegistered:
            line =
                "this device is not registered on the sync server (was its database emptied?); run `routine sync init`"
        case .keyForOtherServer(let path):
            line = "the key in \(path) is for another sync server; run `routine sync key` to set this one's"
        case .tampered(let device, let seq):
            line =
                "change \(seq) from device \(device) does not match what was sealed: it was tampered with; nothing was applied"
        }
        return TerminalText.escaped(line)
    }

    /// A URL without its password.
    public static func safe(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "***"
        return components.string ?? url
    }
}
