/// The changes one edit makes, each a byte range of the old text and its replacement,
/// made into one `TextPatch` from the first change to the last (the bytes between them
/// copied unchanged), so that undo is one inverse patch.
struct ChangeSet {
    private(set) var changes: [(range: Range<Int>, text: String)] = []

    mutating func replace(_ range: Range<Int>, with text: String) {
        changes.append((range, text))
    }

    mutating func insert(_ text: String, at offset: Int) {
        changes.append((offset..<offset, text))
    }

    mutating func remove(_ range: Range<Int>) {
        changes.append((range, ""))
    }

    /// One patch; changes that overlap mean the edit was computed wrongly, and are
    /// refused rather than written.
    func patch(on bytes: [UInt8]) throws(RoutineEditError) -> TextPatch {
        let sorted = changes.enumerated().sorted {
            ($0.element.range.lowerBound, $0.element.range.upperBound, $0.offset)
                < ($1.element.range.lowerBound, $1.element.range.upperBound, $1.offset)
        }.map(\.element)
        guard let first = sorted.first, let last = sorted.last else {
            return TextPatch(offset: 0, length: 0, replacement: "")
        }
        var end = first.range.lowerBound
        var replacement: [UInt8] = []
        for change in sorted {
            guard change.range.lowerBound >= end, change.range.upperBound <= bytes.count else {
                throw RoutineEditError("this edit touches one part of the file twice; edit it in a text editor")
            }
            replacement += bytes[end..<change.range.lowerBound]
            replacement += Array(change.text.utf8)
            end = change.range.upperBound
        }
        let upper = max(end, last.range.upperBound)
        return TextPatch(
            offset: first.range.lowerBound, length: upper - first.range.lowerBound,
            replacement: String(decoding: replacement, as: UTF8.self))
    }
}

/// Lines of a text, in bytes: where a line starts and ends, its indentation.
extension EditDocument {
    /// The offset of the first byte of the line holding `offset`.
    func lineStart(_ offset: Int) -> Int {
        var index = min(offset, bytes.count)
        while index > 0, bytes[index - 1] != 0x0A, bytes[index - 1] != 0x0D { index -= 1 }
        return index
    }

    /// The offset just after the line break ending the line holding `offset` (the end
    /// of the text when that line has none).
    func lineEnd(_ offset: Int) -> Int {
        var index = min(offset, bytes.count)
        while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
        if index < bytes.count, bytes[index] == 0x0D { index += 1 }
        if index < bytes.count, bytes[index] == 0x0A { index += 1 }
        return index
    }

    /// The offset of the line break ending the line holding `offset` (or the text's end).
    func lineBreak(_ offset: Int) -> Int {
        var index = min(offset, bytes.count)
        while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
        return index
    }

    /// Whether only spaces come before `offset` on its line.
    func startsLine(_ offset: Int) -> Bool {
        bytes[lineStart(offset)..<offset].allSatisfy { $0 == 0x20 }
    }

    /// The whole lines from the one holding `start` to the one holding `end`, with the
    /// last line break; nil when something other than spaces precedes `start`.
    func wholeLines(from start: Int, to end: Int) -> Range<Int>? {
        guard startsLine(start) else { return nil }
        return lineStart(start)..<lineEnd(max(start, end))
    }

    /// Inserts `lines` (each without its line break) after the line holding `offset`.
    func insertLines(_ lines: [String], after offset: Int, into changes: inout ChangeSet) {
        let at = lineEnd(offset)
        let needsBreak = at == bytes.count && at > 0 && bytes[at - 1] != 0x0A && bytes[at - 1] != 0x0D
        let body = lines.map { $0 + newline }.joined()
        changes.insert((needsBreak ? newline : "") + body, at: at)
    }

    /// Whether bytes in `range`, outside the ranges in `kept`, hold a comment.
    func hasComment(in range: Range<Int>, outside kept: [Range<Int>]) -> Bool {
        range.contains { index in
            bytes[index] == UInt8(ascii: "#") && !kept.contains { $0.contains(index) }
        }
    }

    static func spaces(_ count: Int) -> String { String(repeating: " ", count: max(0, count)) }
}
