import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Replaces a file's bytes so that a crash leaves the old content or the new, never half of
/// each: a temporary file in the same folder (same file system, so the rename is atomic),
/// the original's permission bits, fsync, rename over the original, fsync of the folder.
/// A symbolic link is followed: its target is replaced and the link stays. A read-only file
/// is refused, though the folder would let the rename replace it.
enum AtomicFileWriter {
    static func write(_ bytes: [UInt8], to path: String) throws {
        let target = resolved(path)
        var info = stat()
        guard stat(target, &info) == 0 else {
            if errno == ENOENT { throw failure(path, "the file is gone (deleted or moved away)") }
            throw failure(path, String(cString: strerror(errno)))
        }
        // The rename would replace a file made read-only; refuse, as an editor does (also for
        // root, whom access(2) lets write anything: a file nobody may write is meant to stay).
        guard info.st_mode & 0o222 != 0, access(target, W_OK) == 0 else {
            throw failure(path, "the file is read-only")
        }
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { $0 == target.startIndex ? "/" : String(target[..<$0]) } ?? "."
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        let temporary = "\(folder)/.\(name).studio-\(getpid())-\(UInt32.random(in: .min ... .max)).tmp"
        let descriptor = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw failure(path, "cannot write in its folder (\(String(cString: strerror(errno))))")
        }
        var renamed = false
        defer {
            if !renamed { unlink(temporary) }
        }
        do {
            defer { close(descriptor) }
            guard fchmod(descriptor, info.st_mode & 0o7777) == 0 else {
                throw failure(path, "cannot set the permission bits (\(String(cString: strerror(errno))))")
            }
            try writeAll(bytes, to: descriptor, path: path)
        }
        guard rename(temporary, target) == 0 else {
            throw failure(path, "cannot replace it (\(String(cString: strerror(errno))))")
        }
        renamed = true
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            _ = fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Writes a new file, never replacing one: `O_EXCL`, the usual permission bits (0666
    /// less the umask), fsync.
    static func create(_ bytes: [UInt8], at path: String) throws {
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            if errno == EEXIST { throw failure(path, "a file of that name exists already") }
            throw failure(path, "cannot create it (\(String(cString: strerror(errno))))")
        }
        var complete = false
        defer {
            close(descriptor)
            if !complete { unlink(path) }
        }
        try writeAll(bytes, to: descriptor, path: path)
        complete = true
    }

    /// Writes every byte and syncs them to the disk.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return Glibc.write(descriptor, base + written, raw.count - written)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw failure(path, "cannot write (\(String(cString: strerror(errno))))") }
            written += count
        }
        guard fsync(descriptor) == 0 else {
            throw failure(path, "cannot sync (\(String(cString: strerror(errno))))")
        }
    }

    private static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    private static func failure(_ path: String, _ reason: String) -> StudioDocument.FileError {
        StudioDocument.FileError(description: "\(path): \(reason)")
    }
}
