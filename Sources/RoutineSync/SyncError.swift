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
    case serverNotSetUp(url: String)
    case badVersion(url: String, version: Int64)
    case changeTooLarge(device: String, seq: Int64, bytes: Int)
    case changeExists(seq: Int64)

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
        case .serverNotSetUp(let url):
            line =
                "the database at \(Self.safe(url)) holds no sync server (no routine_sync schema): was it emptied, or "
                + "is the URL wrong? `routine sync init` sets up a new one there"
        case .badVersion(let url, let version):
            line =
                "the sync server at \(Self.safe(url)) says schema version \(version), which no routine makes: "
                + "it was altered; refusing to use it"
        case .changeTooLarge(let device, let seq, let bytes):
            line =
                "change \(seq) of \(device) is \(bytes) bytes, over the \(SyncEngine.maximumChangeBytes) a "
                + "change may have: it was not fetched; nothing was applied"
        case .changeExists(let seq):
            line =
                "the sync server already holds change \(seq) of this device, which this store did not push: another "
                + "store syncs as this device (a copy of this one?) or the server was altered; nothing was pushed"
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
