import Foundation
import RoutineCore

/// A position as LSP sends it: a 0-based line and a 0-based column in UTF-16 code units.
public struct LSPPosition: Sendable, Equatable, Comparable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public init?(_ json: JSON?) {
        guard let line = json?["line"]?.int, let character = json?["character"]?.int else { return nil }
        self.init(line: line, character: character)
    }

    public var json: JSON { ["line": JSON(line), "character": JSON(character)] }

    public static func < (a: LSPPosition, b: LSPPosition) -> Bool { (a.line, a.character) < (b.line, b.character) }
}

public struct LSPRange: Sendable, Equatable {
    public var start: LSPPosition
    public var end: LSPPosition

    public init(start: LSPPosition, end: LSPPosition) {
        self.start = start
        self.end = end
    }

    public init?(_ json: JSON?) {
        guard let start = LSPPosition(json?["start"]), let end = LSPPosition(json?["end"]) else { return nil }
        self.init(start: min(start, end), end: max(start, end))
    }

    public var json: JSON { ["start": start.json, "end": end.json] }
}

/// An open document's text, with the one place where positions are converted: LSP's
/// UTF-16 columns, the reader's 1-based Unicode-scalar columns (libyaml's marks), and
/// indices into the text.
///
/// Positions past the end of a line clamp to its end, and lines past the last clamp to
/// the end of the text (as the protocol asks), so no position an editor sends is out of
/// range. A UTF-16 column inside a surrogate pair (inside an emoji) rounds down to the
/// start of that character's scalar.
public struct TextDocument: Sendable {
    public private(set) var text: String
    public var version: Int
    /// Where each line starts, as indices into `text`.
    private var lineStarts: [String.Index] = []

    public init(text: String, version: Int) {
        self.text = text
        self.version = version
        indexLines()
    }

    public var lineCount: Int { lineStarts.count }

    /// Finds the line breaks with `memchr` over the text's bytes: a document is indexed
    /// again after every edit, and a 50 MB one byte by byte through the view's generic
    /// `firstIndex` took seconds (issue 31 item 8). Offsets into a native UTF-8 string
    /// become indices in constant time.
    private mutating func indexLines() {
        let utf8 = text.utf8
        let offsets =
            utf8.withContiguousStorageIfAvailable { buffer -> [Int] in
                guard let base = buffer.baseAddress else { return [] }
                var found: [Int] = []
                var position = 0
                while position < buffer.count, let hit = memchr(base + position, 0x0A, buffer.count - position) {
                    position = UnsafeRawPointer(hit) - UnsafeRawPointer(base) + 1
                    found.append(position)
                }
                return found
            }
            ?? utf8.indices.filter { utf8[$0] == 0x0A }.map { utf8.distance(from: utf8.startIndex, to: $0) + 1 }
        var starts = [text.startIndex]
        starts.reserveCapacity(offsets.count + 1)
        var previous = (offset: 0, index: utf8.startIndex)
        for offset in offsets {
            previous = (offset, utf8.index(previous.index, offsetBy: offset - previous.offset))
            starts.append(previous.index)
        }
        lineStarts = starts
    }

    /// The text of line `number` (0-based) without its line break; empty past the end.
    public func line(_ number: Int) -> Substring {
        guard number >= 0, number < lineStarts.count else { return "" }
        let start = lineStarts[number]
        var end = number + 1 < lineStarts.count ? text.utf8.index(before: lineStarts[number + 1]) : text.endIndex
        if end > start, text.utf8[text.utf8.index(before: end)] == 0x0D { end = text.utf8.index(before: end) }
        return text[start..<end]
    }

    /// The index of an LSP position, clamped into the text.
    public func index(of position: LSPPosition) -> String.Index {
        guard position.line >= 0 else { return text.startIndex }
        guard position.line < lineStarts.count else { return text.endIndex }
        let lineText = line(position.line)
        var remaining = max(0, position.character)
        var index = lineText.startIndex
        for scalar in lineText.unicodeScalars {
            let width = scalar.utf16.count
            if remaining < width { break }
            remaining -= width
            index = lineText.unicodeScalars.index(after: index)
        }
        return index
    }

    /// The LSP position of a reader's location (1-based line, 1-based scalar column),
    /// moved `scalars` further along its line.
    public func position(of location: SourceLocation, plus scalars: Int = 0) -> LSPPosition {
        let lineNumber = location.line - 1
        let lineText = line(lineNumber)
        var character = 0
        var remaining = location.column - 1 + scalars
        for scalar in lineText.unicodeScalars {
            guard remaining > 0 else { break }
            character += scalar.utf16.count
            remaining -= 1
        }
        return LSPPosition(line: max(0, lineNumber), character: character)
    }

    /// The reader's location (1-based, scalar column) of an LSP position.
    public func location(of position: LSPPosition) -> SourceLocation {
        let clampedLine = min(max(0, position.line), max(0, lineStarts.count - 1))
        let lineText = line(clampedLine)
        let end = index(of: LSPPosition(line: clampedLine, character: position.character))
        let column = lineText.unicodeScalars[lineText.startIndex..<end].count
        return SourceLocation(line: clampedLine + 1, column: column + 1)
    }

    /// Applies one `contentChanges` entry: a range and its new text, or (no range) the
    /// whole text.
    public mutating func apply(range: LSPRange?, text newText: String) {
        guard let range else {
            text = newText
            indexLines()
            return
        }
        let lower = index(of: range.start)
        let upper = max(lower, index(of: range.end))
        text.replaceSubrange(lower..<upper, with: newText)
        indexLines()
    }
}
