import EndToEndSupport
import Foundation
import Testing

@testable import RoutineSync

#if canImport(Glibc)
    import Glibc
#endif

/// The passphrase (SPEC §16.4): from a file, the environment, or a real terminal without
/// echo — and the terminal is whole again afterwards, however the read ended. Serialized:
/// the signal test looks at process-wide dispositions another read would change.
@Suite(.serialized) struct CryptoPassphraseTests {
    /// Reads one passphrase through `pair` while typing `keys`; returns the outcome.
    private static func readTyping(_ keys: String, on pair: CryptoTerminalPair) throws -> Result<String, any Error> {
        let slave = pair.slave
        let read = BackgroundRead {
            try TerminalPassphraseReader.read(prompt: "Sync passphrase: ", input: slave, output: slave)
        }
        try pair.waitFor("Sync passphrase: ")
        try pair.waitForEchoOff()
        pair.type(keys)
        let outcome = Result { try read.result() }
        pair.readShown(waitingAtMost: 0.2)
        return outcome
    }

    @Test func aTypedPassphraseIsNotEchoedAndEchoComesBack() throws {
        let pair = try CryptoTerminalPair()
        // The check can fail: with echo on, what is typed shows on the master side.
        pair.type("visible\n")
        try pair.waitFor("visible")
        tcflush(pair.slave, TCIFLUSH)

        let outcome = try Self.readTyping("correct horse battery\r", on: pair)
        #expect(try outcome.get() == "correct horse battery")
        #expect(!pair.text.contains("correct"))
        #expect(!pair.text.contains("horse"))
        #expect(pair.text.hasSuffix("Sync passphrase: \n"))
        let modes = pair.localModes
        #expect(modes & tcflag_t(ECHO) != 0)
        #expect(modes & tcflag_t(ICANON) != 0)
        #expect(modes & tcflag_t(ISIG) != 0)
    }

    /// Whether `signal` has its default disposition in this process.
    private static func isDefault(_ signal: Int32) -> Bool {
        var action = sigaction()
        return sigaction(signal, nil, &action) == 0 && action.__sigaction_handler.sa_handler == nil
    }

    /// A kill from elsewhere mid-read must not leave the terminal without echo: while the
    /// prompt waits, each guarded signal that had the default disposition has a handler
    /// (it restores the terminal, then re-raises); afterwards the default is back. (The
    /// handler itself ends the process: only a test of the binary can run it.)
    @Test func signalsFromElsewhereAreGuardedOnlyWhileReading() throws {
        let guarded = [SIGHUP, SIGINT, SIGQUIT, SIGTERM].filter { Self.isDefault($0) }
        #expect(!guarded.isEmpty)
        let pair = try CryptoTerminalPair()
        let slave = pair.slave
        let read = BackgroundRead {
            try TerminalPassphraseReader.read(prompt: "Sync passphrase: ", input: slave, output: slave)
        }
        try pair.waitFor("Sync passphrase: ")
        try pair.waitForEchoOff()
        for signal in guarded {
            #expect(!Self.isDefault(signal), "signal \(signal)")
        }
        pair.type("secret words\r")
        #expect(try read.result() == "secret words")
        for signal in guarded {
            #expect(Self.isDefault(signal), "signal \(signal)")
        }
    }

    @Test func backspaceAndCtrlUEditTheLine() throws {
        let cases = [
            ("abcX\u{7f}d\n", "abcd"),
            ("wrong\u{15}right\r", "right"),
            ("caf\u{e9}\u{7f}e\r", "cafe"),
            ("\u{7f}\u{7f}ok\u{1b}\r", "ok"),
            ("\u{e9}t\u{e9}\r", "\u{e9}t\u{e9}"),
        ]
        for (keys, expected) in cases {
            let pair = try CryptoTerminalPair()
            #expect(try Self.readTyping(keys, on: pair).get() == expected, "\(keys.debugDescription)")
            #expect(pair.echoes)
        }
    }

    @Test func ctrlCAndCtrlDGiveUpAndRestoreTheTerminal() throws {
        for keys in ["secr\u{03}", "\u{04}"] {
            let pair = try CryptoTerminalPair()
            let outcome = try Self.readTyping(keys, on: pair)
            #expect(throws: SyncCryptoError.passphraseInterrupted) { try outcome.get() }
            #expect(pair.echoes)
            #expect(pair.localModes & tcflag_t(ICANON) != 0)
            #expect(!pair.text.contains("secr"))
        }
    }

    /// Asks for the passphrase through ``PassphraseSource`` on `pair`'s terminal, typing
    /// each answer once its prompt shows and echo is off; returns the outcome.
    private static func ask(
        confirm: Bool, on pair: CryptoTerminalPair, answering answers: [(prompt: String, keys: String)]
    ) throws -> Result<String, any Error> {
        let name = pair.slaveName
        let read = BackgroundRead {
            try PassphraseSource(environment: [:], terminalPath: name).passphrase(confirm: confirm)
        }
        for answer in answers {
            try pair.waitFor(answer.prompt)
            try pair.waitForEchoOff()
            pair.type(answer.keys)
        }
        let outcome = Result { try read.result() }
        pair.readShown(waitingAtMost: 0.2)
        return outcome
    }

    @Test func aNewServerAsksTwiceOnTheTerminal() throws {
        let pair = try CryptoTerminalPair()
        let outcome = try Self.ask(
            confirm: true, on: pair,
            answering: [
                ("New sync passphrase: ", "long enough phrase\r"), ("Repeat the passphrase: ", "long enough phrase\r"),
            ])
        #expect(try outcome.get() == "long enough phrase")
        #expect(!pair.text.contains("enough"))
        #expect(pair.echoes)
    }

    @Test func aMismatchOrAShortPassphraseSetsNothingUp() throws {
        let pair = try CryptoTerminalPair()
        let mismatch = try Self.ask(
            confirm: true, on: pair,
            answering: [
                ("New sync passphrase: ", "long enough phrase\r"), ("Repeat the passphrase: ", "long enough phrasf\r"),
            ])
        #expect(throws: SyncCryptoError.passphraseMismatch) { try mismatch.get() }
        let short = try Self.ask(confirm: true, on: pair, answering: [("New sync passphrase: ", "short\r")])
        #expect(throws: SyncCryptoError.passphraseTooShort(minimum: 8)) { try short.get() }
        // Refused at once: the second prompt showed for the first attempt only.
        #expect(pair.text.components(separatedBy: "Repeat the passphrase: ").count == 2)
        #expect(pair.echoes)
    }

    @Test func anExistingServerTakesAShortPassphraseFromTheTerminal() throws {
        let pair = try CryptoTerminalPair()
        let outcome = try Self.ask(confirm: false, on: pair, answering: [("Sync passphrase: ", "short\r")])
        #expect(try outcome.get() == "short")
        #expect(pair.echoes)
    }

    @Test func noTerminalAndNoSourceSaysHow() throws {
        let folder = try TemporaryDirectory()
        let notATerminal = try folder.write("plain", "not a terminal\n")
        for path in ["/nonexistent/tty", notATerminal] {
            #expect(throws: SyncCryptoError.passphraseNeeded) {
                try PassphraseSource(environment: [:], terminalPath: path).passphrase(confirm: false)
            }
        }
        #expect(
            SyncCryptoError.passphraseNeeded.description
                == "sync needs the passphrase: set ROUTINE_SYNC_PASSPHRASE or pass --passphrase-file FILE")
    }

    @Test func theFileComesFirstThenTheEnvironment() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("pass", "from the file\r\nsecond line\n")
        let environment = ["ROUTINE_SYNC_PASSPHRASE": "from the environment"]
        let noTerminal = "/nonexistent/tty"
        #expect(
            try PassphraseSource(passphraseFile: file, environment: environment, terminalPath: noTerminal)
                .passphrase(confirm: false) == "from the file")
        #expect(
            try PassphraseSource(environment: environment, terminalPath: noTerminal).passphrase(confirm: true)
                == "from the environment")
        let bare = try folder.write("bare", "no newline at all")
        #expect(try PassphraseSource.firstLine(ofFile: bare) == "no newline at all")
        let spaced = try folder.write("spaced", "  spaces kept  \n")
        #expect(try PassphraseSource.firstLine(ofFile: spaced) == "  spaces kept  ")
    }

    @Test func badFilesAndEmptyPassphrasesAreOneClearLine() throws {
        let folder = try TemporaryDirectory()
        let missing = folder.url.path + "/missing"
        #expect {
            try PassphraseSource(passphraseFile: missing, environment: [:]).passphrase(confirm: false)
        } throws: { error in
            "\(error)" == "cannot read the passphrase file \(missing): No such file or directory"
        }
        #expect(throws: SyncCryptoError.self) {
            try PassphraseSource(passphraseFile: folder.url.path, environment: [:]).passphrase(confirm: false)
        }
        let binary = folder.url.appendingPathComponent("binary")
        try Data([0xff, 0xfe, 0x0a]).write(to: binary)
        #expect(throws: SyncCryptoError.passphraseFileUnreadable(path: binary.path, reason: "it is not UTF-8 text")) {
            try PassphraseSource(passphraseFile: binary.path, environment: [:]).passphrase(confirm: false)
        }
        let empty = try folder.write("empty", "\nsecond line\n")
        #expect(throws: SyncCryptoError.emptyPassphrase(from: empty)) {
            try PassphraseSource(passphraseFile: empty, environment: [:]).passphrase(confirm: false)
        }
        #expect {
            try PassphraseSource(environment: ["ROUTINE_SYNC_PASSPHRASE": ""]).passphrase(confirm: false)
        } throws: { error in
            "\(error)" == "the passphrase from ROUTINE_SYNC_PASSPHRASE is empty"
        }
        #expect(throws: SyncCryptoError.passphraseTooShort(minimum: 8)) {
            try PassphraseSource(environment: ["ROUTINE_SYNC_PASSPHRASE": "seven77"]).passphrase(confirm: true)
        }
        #expect(
            try PassphraseSource(environment: ["ROUTINE_SYNC_PASSPHRASE": "seven77"]).passphrase(confirm: false)
                == "seven77")
    }
}
