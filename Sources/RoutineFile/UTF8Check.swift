import RoutineCore

/// Strict UTF-8 validation with the position of the first bad byte.
enum UTF8Check {
    /// The byte offset of the first byte that does not start or continue a valid
    /// UTF-8 sequence (overlong forms, surrogates and values above U+10FFFF are
    /// invalid), or nil when all of `bytes` is valid.
    static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index = ByteScan.firstNonASCII(bytes, from: index + 1)
                continue
            }
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: return index
            }
            guard index + length <= count else {
                // A truncated sequence: the first missing or bad continuation byte.
                var probe = index + 1
                while probe < count, bytes[probe] & 0xC0 == 0x80 { probe += 1 }
                return probe < count ? probe : index
            }
            let second = bytes[index + 1]
            if second < lower || second > upper { return index + 1 }
            for offset in 2..<max(length, 2) where bytes[index + offset] & 0xC0 != 0x80 {
                return index + offset
            }
            index += length
        }
        return nil
    }

    /// The 1-based line and column (in characters) of a byte offset. Line breaks are
    /// `\n`, `\r\n` and a lone `\r`, as YAML counts them; a continuation byte does not
    /// start a character.
    static func location(ofOffset offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation {
        var line = 1
        var column = 1
        // A leading byte order mark is not a column.
        let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        var index = hasBOM ? 3 : 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte == 0x0D {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                    // counted with the \n that follows
                } else {
                    line += 1
                    column = 1
                }
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return SourceLocation(line: line, column: column)
    }
}
