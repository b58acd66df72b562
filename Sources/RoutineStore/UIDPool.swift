import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The uids of a bulk load: time-ordered (UUID version 7, RFC 9562: 48 bits of Unix
/// milliseconds, a 12-bit counter within the millisecond, 62 random bits), so that the
/// uids of one load come in increasing order and its uid index grows at one edge rather
/// than at random places (a sort of 365,000 random uids was a fifth of a load's time).
/// When the counter runs out the milliseconds step on, as RFC 9562 §6.2 method 1 allows.
///
/// The random bits are read 4 KiB at a time from `/dev/urandom`: one system call per 512
/// uids instead of one per 8 bytes (`SystemRandomNumberGenerator`). Where the device
/// cannot be read, the standard library's generator fills the buffer.
final class UIDPool {
    private var buffer = [UInt8](repeating: 0, count: 4096)
    private var position = 4096
    private var device: Int32 = -2  // not opened yet
    private var milliseconds: UInt64
    private var counter: UInt64 = 0

    init(now: Date) {
        milliseconds = UInt64(max(0, now.timeIntervalSince1970 * 1000)) & 0xFFFF_FFFF_FFFF
    }

    deinit {
        if device >= 0 { close(device) }
    }

    /// A new entry uid's 16 bytes, after every uid this pool made before.
    func next() -> (UInt64, UInt64) {
        if position + 8 > buffer.count { refill() }
        let start = position
        let random = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: start, as: UInt64.self) }
        position += 8
        if counter > 0xFFF {
            milliseconds += 1
            counter = 0
        }
        // Big-endian: milliseconds (48), version 7 (4), counter (12); variant (2), random (62).
        let high = (milliseconds << 16 | 0x7000 | counter).bigEndian
        let low = (0x8000_0000_0000_0000 | random >> 2).bigEndian
        counter += 1
        return (high, low)
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
