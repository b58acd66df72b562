import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where sync's passphrase comes from (SPEC §16.4), in this order: `--passphrase-file
/// FILE` (its first line), the environment variable `ROUTINE_SYNC_PASSPHRASE`, else the
/// terminal (`/dev/tty`, read without echo), so a script and a person both have a way
/// and a person's passphrase never passes through the shell's history.
///
/// Setting up a new server (`confirm`) asks twice on a terminal and wants at least
/// ``minimumLength`` characters; joining an existing server takes whatever passphrase
/// it was made with, short or not — the key check judges it.
public struct PassphraseSource: Sendable {
    /// The fewest characters a new server's passphrase may have.
    public static let minimumLength = 8
    /// The environment variable read when no file is given.
    public static let environmentVariable = "ROUTINE_SYNC_PASSPHRASE"
    /// A passphrase file larger than this is not a passphrase file.
    private static let maximumFileSize = 65_536

    /// `--passphrase-file`, when given.
    public var passphraseFile: String?
    /// The process environment (passed in, so tests choose it).
    public var environment: [String: String]
    /// The terminal to ask on: `/dev/tty`, the controlling terminal, whatever standard
    /// input and output are redirected to.
    public var terminalPath: String
    /// Where a warning goes (a passphrase file others can read): standard error in the CLI.
    public var warn: @Sendable (String) -> Void

    public init(
        passphraseFile: String? = nil, environment: [String: String], terminalPath: String = "/dev/tty",
        warn: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.passphraseFile = passphraseFile
        self.environment = environment
        self.terminalPath = terminalPath
        self.warn = warn
    }

    /// The passphrase. `confirm` for a new server: the terminal asks twice and refuses
    /// a mismatch, and any source refuses fewer than ``minimumLength`` characters.
    public func passphrase(confirm: Bool) throws -> String {
        let passphrase: String
        let origin: String
        if let passphraseFile {
            passphrase = try Self.firstLine(ofFile: passphraseFile)
            origin = passphraseFile
            // As ssh warns of a private key others can read (the key file is refused:
            // it is ours to write; a passphrase file is the person's, used as it is).
            var status = stat()
            if stat(passphraseFile, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_mode & 0o044 != 0 {
                warn(SyncCryptoError.passphraseFileOpen(path: passphraseFile).description)
            }
        } else if let value = environment[Self.environmentVariable] {
            passphrase = value
            origin = Self.environmentVariable
        } else {
            passphrase = try fromTerminal(confirm: confirm)
            origin = "the terminal"
        }
        guard !passphrase.isEmpty else { throw SyncCryptoError.emptyPassphrase(from: origin) }
        if confirm, passphrase.precomposedStringWithCanonicalMapping.count < Self.minimumLength {
            throw SyncCryptoError.passphraseTooShort(minimum: Self.minimumLength)
        }
        return passphrase
    }

    private func fromTerminal(confirm: Bool) throws -> String {
        let terminal = open(terminalPath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard terminal >= 0 else { throw SyncCryptoError.passphraseNeeded }
        defer { close(terminal) }
        guard isatty(terminal) == 1 else { throw SyncCryptoError.passphraseNeeded }
        guard confirm else {
            return try TerminalPassphraseReader.read(prompt: "Sync passphrase: ", input: terminal, output: terminal)
        }
        let first = try TerminalPassphraseReader.read(
            prompt: "New sync passphrase: ", input: terminal, output: terminal)
        // An empty or short first answer is refused before asking again for nothing.
        guard !first.isEmpty else { throw SyncCryptoError.emptyPassphrase(from: "the terminal") }
        guard first.precomposedStringWithCanonicalMapping.count >= Self.minimumLength else {
            throw SyncCryptoError.passphraseTooShort(minimum: Self.minimumLength)
        }
        let second = try TerminalPassphraseReader.read(
            prompt: "Repeat the passphrase: ", input: terminal, output: terminal)
        guard first == second else { throw SyncCryptoError.passphraseMismatch }
        return first
    }

    /// The first line of `path`, without its newline or a carriage return before it.
    static func firstLine(ofFile path: String) throws -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw unreadable(path) }
        defer { close(descriptor) }
        var bytes: [UInt8]
        do {
            bytes = try DescriptorIO.read(upTo: maximumFileSize + 1, from: descriptor, stoppingAt: 0x0a)
        } catch {
            throw SyncCryptoError.passphraseFileUnreadable(path: path, reason: error.reason)
        }
        defer {
            for index in bytes.indices { bytes[index] = 0 }
        }
        var line = bytes.split(separator: 0x0a, maxSplits: 1, omittingEmptySubsequences: false).first ?? []
        guard line.count <= maximumFileSize else {
            throw SyncCryptoError.passphraseFileUnreadable(path: path, reason: "its first line is longer than 64 KiB")
        }
        if line.last == 0x0d { line = line.dropLast() }
        guard let text = String(validating: line, as: UTF8.self) else {
            throw SyncCryptoError.passphraseFileUnreadable(path: path, reason: "it is not UTF-8 text")
        }
        return text
    }

    private static func unreadable(_ path: String) -> SyncCryptoError {
        .passphraseFileUnreadable(path: path, reason: String(cString: strerror(errno)))
    }
}
