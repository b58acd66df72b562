import DurableFile
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The derived key kept on a device, `sync.key` beside the configuration file (SPEC
/// §16.4), so the passphrase is typed once per device and never stored.
///
/// The file is text:
///
///     routine-sync-key 1
///     server <server id>
///     key <32 bytes, base64>
///
/// It is written 0600 from its first moment (`DurableFile.replace`): a temporary file is
/// created with `O_CREAT|O_EXCL` and mode 0600 in the same folder, written, synced and
/// renamed over the old one — at no moment does a copy of the key exist that others could read, and a
/// crash leaves either the old file or the new one. It is read only when group and others
/// have no access, as ssh treats a private key. The server id lets the caller refuse a
/// key made for another server; this type does not judge it.
public struct KeyFile: Sendable {
    /// The key file's path.
    public let path: String
    private let directory: String

    /// The file's name inside the configuration folder.
    public static let fileName = "sync.key"
    private static let header = "routine-sync-key 1"
    /// Larger than any key file this program writes; a larger one is not ours.
    private static let maximumSize = 4096

    /// The key file in `configDirectory`, the folder of `config.yaml` (the caller knows
    /// where that is: `ConfigFile` decides).
    public init(configDirectory: String) {
        self.directory = configDirectory
        self.path =
            configDirectory.hasSuffix("/") ? configDirectory + Self.fileName : configDirectory + "/" + Self.fileName
    }

    /// Whether a key file is there (readable or not).
    public var exists: Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Writes `key` for `serverID`, replacing any key file there; creates the folder
    /// (and any missing parents) with mode 0700 when it is missing.
    public func write(serverID: String, key: SyncKey) throws {
        try write(serverID: serverID, key: key, beforeRename: { _ in })
    }

    /// ``write(serverID:key:)``, calling `beforeRename` with the temporary file's path once
    /// it is written and synced: tests look at it there.
    func write(serverID: String, key: SyncKey, beforeRename: (String) throws -> Void) throws {
        guard !serverID.isEmpty, serverID.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7f }) else {
            throw SyncCryptoError.keyFileIO(
                path: path, action: "write", reason: "the server id '\(serverID)' is not one word")
        }
        try makeDirectory()
        let content = Array(
            "\(Self.header)\nserver \(serverID)\nkey \(Data(key.bytes).base64EncodedString())\n".utf8)
        let temporary = directory + "/.\(Self.fileName).\(getpid()).\(UInt32.random(in: .min ... .max)).tmp"
        do {
            // The umask can only take bits away from 0600; `replace` sets it exactly, so the
            // owner can read it back whatever the umask.
            try DurableFile.replace(path, through: temporary, mode: 0o600, beforeRename: beforeRename) {
                try DurableFile.writeAll(content, to: $0)
            }
        } catch let error as DurableFile.Failure {
            switch error.step {
            case .create: throw SyncCryptoError.keyFileIO(path: temporary, action: "create", reason: error.reason)
            case .setMode:
                throw SyncCryptoError.keyFileIO(path: temporary, action: "set the mode of", reason: error.reason)
            case .write: throw SyncCryptoError.keyFileIO(path: temporary, action: "write", reason: error.reason)
            case .sync: throw SyncCryptoError.keyFileIO(path: temporary, action: "sync", reason: error.reason)
            case .rename: throw SyncCryptoError.keyFileIO(path: path, action: "write", reason: error.reason)
            }
        }
    }

    /// The server id and key in the file. Throws ``SyncCryptoError/keyFileMissing(path:)``
    /// when there is none, ``SyncCryptoError/keyFileOpen(path:writableOnly:)`` when group
    /// or others have access, ``SyncCryptoError/keyFileDamaged(path:reason:)`` when it
    /// does not read as a key file.
    public func read() throws -> (serverID: String, key: SyncKey) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { throw SyncCryptoError.keyFileMissing(path: path) }
            throw ioError("read", path: path)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw ioError("read", path: path) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw SyncCryptoError.keyFileDamaged(path: path, reason: "not a regular file")
        }
        if status.st_mode & 0o077 != 0 {
            throw SyncCryptoError.keyFileOpen(path: path, writableOnly: status.st_mode & 0o044 == 0)
        }
        let bytes: [UInt8]
        do {
            bytes = try DescriptorIO.read(upTo: Self.maximumSize + 1, from: descriptor)
        } catch {
            throw SyncCryptoError.keyFileIO(path: path, action: "read", reason: error.reason)
        }
        guard bytes.count <= Self.maximumSize else {
            throw SyncCryptoError.keyFileDamaged(path: path, reason: "larger than a key file")
        }
        return try parse(bytes)
    }

    private func parse(_ bytes: [UInt8]) throws -> (serverID: String, key: SyncKey) {
        func damaged(_ reason: String) -> SyncCryptoError { .keyFileDamaged(path: path, reason: reason) }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw damaged("not text") }
        // Lines split on the byte, not on Characters ("\r\n" is one Character): a file
        // that passed through a Windows editor still reads.
        var lines = text.utf8.split(separator: 0x0a, omittingEmptySubsequences: false).map {
            String(decoding: $0.last == 0x0d ? $0.dropLast() : $0[...], as: UTF8.self)
        }
        if lines.last == "" { lines.removeLast() }
        guard lines.first == Self.header else {
            if lines.first?.hasPrefix("routine-sync-key ") == true {
                throw damaged("written by a newer routine: '\(lines[0])'")
            }
            throw damaged("line 1 is not '\(Self.header)'")
        }
        guard lines.count == 3 else { throw damaged("expected 3 lines, found \(lines.count)") }
        guard lines[1].hasPrefix("server "), case let serverID = String(lines[1].dropFirst(7)), !serverID.isEmpty,
            !serverID.contains(" ")
        else { throw damaged("line 2 is not 'server ID'") }
        guard lines[2].hasPrefix("key "), let data = Data(base64Encoded: String(lines[2].dropFirst(4))) else {
            throw damaged("line 3 is not 'key BASE64'")
        }
        guard data.count == SyncKey.length else {
            throw damaged("the key is \(data.count) bytes, not \(SyncKey.length)")
        }
        return (serverID, try SyncKey(bytes: Array(data)))
    }

    /// Creates `directory` and its missing parents, 0700 each: the folder of a key file
    /// is nobody else's business either.
    private func makeDirectory() throws {
        var status = stat()
        if stat(directory, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw SyncCryptoError.keyFileIO(path: directory, action: "use", reason: "it is not a folder")
            }
            return
        }
        let parent = (directory as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != directory, stat(parent, &status) != 0 {
            try KeyFile(configDirectory: parent).makeDirectory()
        }
        guard mkdir(directory, 0o700) == 0 || errno == EEXIST else {
            throw ioError("create the folder", path: directory)
        }
    }

    /// The error for a failed system call, read from `errno` at once.
    private func ioError(_ action: String, path: String) -> SyncCryptoError {
        .keyFileIO(path: path, action: action, reason: String(cString: strerror(errno)))
    }
}
