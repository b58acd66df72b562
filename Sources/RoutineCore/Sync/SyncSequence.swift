/// The rules a device checks a sync server's log against (SPEC §16.5; issue 31 items 1
/// and 2). Each device numbers its changes 1, 2, 3… with no gap, and a store knows how
/// far it has seen each device's log (its cursors, and what it pushed itself). So a
/// server that lost or dropped a change shows a hole, and one rolled back to an older
/// copy holds less of a device than a store has seen: both are refused before anything
/// is pushed or applied. The seal catches the rest (a change moved, altered or replayed
/// under another number fails to open).
public enum SyncSequence {
    /// Refuses a server that holds less of some device's log (`holds`: device → its
    /// last seq on the server) than this store knows it held (`known`).
    public static func checkServer(
        holds: [String: Int64], known: [String: Int64], name: (String) -> String
    ) throws(SyncSequenceError) {
        for (device, seq) in known.sorted(by: { $0.key < $1.key }) where seq > 0 {
            guard let held = holds[device] else { throw .deviceGone(device: name(device)) }
            if held < seq { throw .serverBehind(device: name(device), holds: held, known: seq) }
        }
    }

    /// Refuses changes that do not continue each device's cursor one by one: a hole (a
    /// change missing), a repeat or one out of place. With `through` (device → its last
    /// seq on the server), a device's changes must also reach that seq.
    public static func checkContinues(
        _ changes: [(device: String, seq: Int64)], cursors: [String: Int64], through last: [String: Int64]? = nil,
        name: (String) -> String
    ) throws(SyncSequenceError) {
        var next: [String: Int64] = [:]
        for (device, seq) in changes.sorted(by: { ($0.device, $0.seq) < ($1.device, $1.seq) }) {
            let expected = next[device] ?? (cursors[device] ?? 0) + 1
            if seq > expected { throw .missing(device: name(device), seq: expected) }
            if seq < expected { throw .outOfPlace(device: name(device), seq: seq) }
            next[device] = seq + 1
        }
        for (device, seq) in (last ?? [:]).sorted(by: { $0.key < $1.key }) {
            let expected = next[device] ?? (cursors[device] ?? 0) + 1
            if expected <= seq { throw .missing(device: name(device), seq: expected) }
        }
    }
}

/// A sync server's log that breaks `SyncSequence`'s rules: one line each, naming the
/// device (its name and id as the caller gives them).
public enum SyncSequenceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The server holds a device's changes up to `holds`; this store has seen `known`.
    case serverBehind(device: String, holds: Int64, known: Int64)
    /// Change `seq` of a device is missing, though the server has later ones.
    case missing(device: String, seq: Int64)
    /// Change `seq` of a device came again or out of its place.
    case outOfPlace(device: String, seq: Int64)
    /// A device whose changes this store holds is no longer on the server.
    case deviceGone(device: String)

    public var description: String {
        let line =
            switch self {
            case .serverBehind(let device, let holds, let known):
                "the sync server holds the changes of device \(device) up to \(holds), but this store has seen up to "
                    + "\(known): the server was rolled back to an older copy; nothing was pushed or applied "
                    + "(docs/sync.md, 'A server that lost changes')"
            case .missing(let device, let seq):
                "the sync server lacks change \(seq) of device \(device) but holds later ones: a change was deleted "
                    + "on the server; nothing was applied (docs/sync.md, 'A server that lost changes')"
            case .outOfPlace(let device, let seq):
                "the sync server handed out change \(seq) of device \(device) again or out of its place: the server "
                    + "was altered; nothing was applied"
            case .deviceGone(let device):
                "the sync server no longer lists device \(device), whose changes this store has seen: the server "
                    + "was rolled back or altered; nothing was pushed or applied "
                    + "(docs/sync.md, 'A server that lost changes')"
            }
        return TerminalText.escaped(line)
    }
}
