import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Random bytes for the uids of a bulk load, read 4 KiB at a time from `/dev/urandom`:
/// one system call per 256 uids instead of two per uid (`SystemRandomNumberGenerator`
/// asks the kernel for every 8 bytes), which was a tenth of a 365,000-row import's time
/// (issue 19 item 21). The bytes are the kernel's either way; where the device cannot be
/// read, the standard library's generator fills the buffer.
final class UIDPool {
    private var buffer = [UInt8](repeating: 0, count: 4096)
    private var position = 4096
    private var device: Int32 = -2  // not opened yet

    deinit {
        if device >= 0 { close(device) }
    }

    /// A new entry uid, as `AppDatabase.newUID()` makes one.
    func next() -> String {
        if position + 16 > buffer.count { refill() }
        let start = position
        let bytes = buffer.withUnsafeBytes { raw in
            (
                raw.loadUnaligned(fromByteOffset: start, as: UInt64.self),
                raw.loadUnaligned(fromByteOffset: start + 8, as: UInt64.self)
            )
        }
        position += 16
        return AppDatabase.uidText(bytes)
    }

    private func refill() {
        if device == -2 { device = open("/dev/urandom", O_RDONLY | O_CLOEXEC) }
        let fd = device
        let filled =
            fd >= 0
            && buffer.withUnsafeMutableBytes { raw -> Bool in
                guard let base = raw.baseAddress else { return false }
                var done = 0
                while done < raw.count {
                    let count = read(fd, base + done, raw.count - done)
                    if count > 0 {
                        done += count
                    } else if count == 0 || errno != EINTR {
                        return false
                    }
                }
                return true
            }
        if !filled {
            var generator = SystemRandomNumberGenerator()
            for index in stride(from: 0, to: buffer.count, by: 8) {
                withUnsafeBytes(of: generator.next() as UInt64) { word in
                    for offset in 0..<8 { buffer[index + offset] = word[offset] }
                }
            }
        }
        position = 0
    }
}
