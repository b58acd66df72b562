import RoutineCore

/// What can go wrong with sync's keys, sealed changes and the passphrase: each case is
/// one line a person can act on (SPEC §16.4: "a wrong key or a tampered change is one
/// clear line"). None of them carries a key or a passphrase, so printing one is safe.
public enum SyncCryptoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// KDF parameters that are malformed or outside what this program will compute
    /// (a hostile server must not make a device allocate gigabytes).
    case badParameters(text: String, reason: String)
    /// The environment variable for tests' cheap KDF holds something unusable.
    case badTestCost(value: String, reason: String)
    /// The key derived from the passphrase does not open the server's key check.
    case wrongKey
    /// The server's key check is not a value this program made.
    case damagedKeyCheck
    /// A sealed change failed to open: short, unknown format, tag mismatch or other
    /// associated data. The cases are not told apart on purpose: all mean "not ours".
    case cannotOpen(device: String, seq: Int64)
    /// Sealing failed inside the cipher (it does not, for the sizes we seal).
    case cannotSeal(reason: String)
    /// Bytes that are not a 32-byte key.
    case badKeyLength(Int)
    /// A salt too short to be one (derivation refuses it rather than weaken the key).
    case badSalt(length: Int)
    /// The key file's key does not open the server's key check.
    case keyFileDoesNotMatch(path: String)
    /// The passphrase file can be read by group or others (a warning, not a failure).
    case passphraseFileOpen(path: String)
    /// The key file is missing.
    case keyFileMissing(path: String)
    /// The key file can be read or changed by group or others.
    case keyFileOpen(path: String, writableOnly: Bool)
    /// The key file is there but does not read as one.
    case keyFileDamaged(path: String, reason: String)
    /// The key file or its folder could not be read or written.
    case keyFileIO(path: String, action: String, reason: String)
    /// The passphrase file could not be read.
    case passphraseFileUnreadable(path: String, reason: String)
    /// No passphrase file, no environment variable and no terminal.
    case passphraseNeeded
    /// The passphrase is empty; `from` names where it came from, when known.
    case emptyPassphrase(from: String?)
    /// A new server's passphrase is shorter than ``PassphraseSource/minimumLength``.
    case passphraseTooShort(minimum: Int)
    /// The two passphrases typed when setting up a new server differ.
    case passphraseMismatch
    /// The person pressed Ctrl-C (or the input ended) at the passphrase prompt.
    case passphraseInterrupted
    /// The terminal could not be read or set up.
    case terminal(reason: String)

    /// The line, with any control character in it escaped: device ids, parameter texts
    /// and paths come from a server or the environment, and a line cannot be split or
    /// carry terminal commands.
    public var description: String { TerminalText.escaped(line) }

    private var line: String {
        switch self {
        case .badParameters(let text, let reason):
            return "the sync key parameters '\(text)' cannot be used: \(reason)"
        case .badTestCost(let value, let reason):
            return "ROUTINE_SYNC_KDF_LOG2N='\(value)' cannot be used: \(reason)"
        case .wrongKey:
            return "the passphrase does not match this sync server's key"
        case .damagedKeyCheck:
            return "this sync server's key check is damaged: it was not made by routine"
        case .cannotOpen(let device, let seq):
            return "change \(seq) from device \(device) cannot be opened: "
                + "it was tampered with or sealed with another key"
        case .cannotSeal(let reason):
            return "a change cannot be sealed: \(reason)"
        case .badKeyLength(let count):
            return "a sync key is 32 bytes, not \(count)"
        case .badSalt(let length):
            return "a sync key salt is at least \(SyncKey.minimumSaltLength) bytes, not \(length)"
        case .keyFileDoesNotMatch(let path):
            return "the key in \(path) does not open this sync server's key check (the file was altered, or the "
                + "server's key changed): run `routine sync key` and enter the passphrase"
        case .passphraseFileOpen(let path):
            return "warning: the passphrase file \(path) is readable by others: chmod 600 \(path)"
        case .keyFileMissing(let path):
            return "there is no sync key on this device (\(path) is missing): run `routine sync key`"
        case .keyFileOpen(let path, let writableOnly):
            return writableOnly
                ? "\(path) can be changed by others: chmod 600 \(path)"
                : "\(path) is readable by others: chmod 600 \(path)"
        case .keyFileDamaged(let path, let reason):
            return "\(path) is damaged (\(reason)): run `routine sync key` to write it again"
        case .keyFileIO(let path, let action, let reason):
            return "cannot \(action) \(path): \(reason)"
        case .passphraseFileUnreadable(let path, let reason):
            return "cannot read the passphrase file \(path): \(reason)"
        case .passphraseNeeded:
            return "sync needs the passphrase: set ROUTINE_SYNC_PASSPHRASE or pass --passphrase-file FILE"
        case .emptyPassphrase(let origin):
            return origin.map { "the passphrase from \($0) is empty" } ?? "the passphrase is empty"
        case .passphraseTooShort(let minimum):
            return "the passphrase is too short: use at least \(minimum) characters"
        case .passphraseMismatch:
            return "the two passphrases differ: nothing was set up"
        case .passphraseInterrupted:
            return "no passphrase was entered"
        case .terminal(let reason):
            return "cannot read the passphrase from the terminal: \(reason)"
        }
    }
}
