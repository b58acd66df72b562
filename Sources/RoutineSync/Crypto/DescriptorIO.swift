#if canImport(Glibc)
    import Glibc
#endif

/// The read and write loops over file descriptors that the key file, the passphrase
/// file and the terminal share: retried on EINTR, continued after a short count.
enum DescriptorIO {
    /// Reads until end of file, `limit` bytes, or a read that brings `stop` (read in
    /// 4 KiB pieces, so a pipe such as `<(pass show sync)` is read only up to its first
    /// line when `stop` is a newline).
    static func read(
        upTo limit: Int, from descriptor: Int32, stoppingAt stop: UInt8? = nil
    ) throws(SystemCallError)
        -> [UInt8]
    {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        defer {
            for index in buffer.indices { buffer[index] = 0 }
        }
        while bytes.count < limit {
            let wanted = min(buffer.count, limit - bytes.count)
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw SystemCallError(code: errno)
            }
            if count == 0 { break }
            bytes += buffer[0..<count]
            if let stop, buffer[0..<count].contains(stop) { break }
        }
        return bytes
    }

    /// Writes all of `bytes`.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(SystemCallError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                Glibc.write(descriptor, $0.baseAddress?.advanced(by: offset), $0.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw SystemCallError(code: errno)
            }
            offset += written
        }
    }
}

/// A failed system call: its errno, read at once, and the system's words for it.
struct SystemCallError: Error {
    let code: Int32

    var reason: String { String(cString: strerror(code)) }
}
