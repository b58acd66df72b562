import DurableFile
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Replaces a file's bytes so that a crash leaves the old content or the new, never half of
/// each (`DurableFile.replace`: a temporary file in the same folder, the original's
/// permission bits, fsync, rename over the original, fsync of the folder).
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
        do {
            try DurableFile.replace(target, through: temporary, mode: info.st_mode & 0o7777) { descriptor in
                try DurableFile.writeAll(bytes, to: descriptor)
            }
        } catch let error as DurableFile.Failure {
            throw failure(path, Self.words(error))
        }
    }

    /// What a failed step is called in the studio's messages.
    private static func words(_ error: DurableFile.Failure) -> String {
        switch error.step {
        case .create: "cannot write in its folder (\(error.reason))"
        case .setMode: "cannot set the permission bits (\(error.reason))"
        case .write: "cannot write (\(error.reason))"
        case .sync: "cannot sync (\(error.reason))"
        case .rename: "cannot replace it (\(error.reason))"
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
        do {
            try DurableFile.writeAll(bytes, to: descriptor)
            guard fsync(descriptor) == 0 else { throw DurableFile.Failure(step: .sync, code: errno) }
        } catch let error as DurableFile.Failure {
            throw failure(path, Self.words(error))
        }
        complete = true
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
