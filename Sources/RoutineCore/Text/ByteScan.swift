/// Byte scans that skip printable ASCII eight bytes at a time (SWAR on a `UInt64`): the
/// text a big `check` reads and prints (8.5 MB in, 7 MB out on a 100,000-node file) is
/// nearly all printable ASCII, and a loop of one byte a turn was several per cent of it.
public enum ByteScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The index of the first byte at or after `start` that is not printable ASCII
    /// (below 0x20, or 0x7F and above), or `bytes.count` when there is none.
    public static func firstNonPrintable(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int {
        // A byte below 0x20 (`hasless`), or above 0x7E (`hasmore`): both tests are exact
        // about whether the word holds such a byte.
        var index = skipWords(bytes, from: start) { word in
            (word &- ones &* 0x20) & ~word & highs | ((word &+ ones &* (127 - 0x7E)) | word) & highs == 0
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 || byte >= 0x7F { return index }
            index += 1
        }
        return bytes.count
    }

    /// The index of the first byte at or after `start` that is not ASCII (0x80 and
    /// above), or `bytes.count` when there is none.
    public static func firstNonASCII(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int {
        var index = skipWords(bytes, from: start) { $0 & highs == 0 }
        while index < bytes.count {
            if bytes[index] >= 0x80 { return index }
            index += 1
        }
        return bytes.count
    }

    /// From `start`, past every whole eight-byte word that `passes`; where a word fails
    /// or fewer than eight bytes are left, the caller goes on a byte at a time.
    @inline(__always)
    private static func skipWords(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, where passes: (UInt64) -> Bool
    ) -> Int {
        var index = start
        guard let base = bytes.baseAddress else { return index }
        let raw = UnsafeRawPointer(base)
        while index + 8 <= bytes.count, passes(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
            index += 8
        }
        return index
    }

    /// True when every byte is printable ASCII or one of `allowed` (tab, newline).
    public static func isPrintable(
        _ bytes: UnsafeBufferPointer<UInt8>, allowingTab: Bool, allowingNewline: Bool
    ) -> Bool {
        var index = firstNonPrintable(bytes)
        while index < bytes.count {
            let byte = bytes[index]
            guard (byte == 0x09 && allowingTab) || (byte == 0x0A && allowingNewline) else { return false }
            index = firstNonPrintable(bytes, from: index + 1)
        }
        return true
    }
}
