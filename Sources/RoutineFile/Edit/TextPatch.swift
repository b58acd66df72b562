/// One change to a text: the UTF-8 bytes `offset..<offset+length` of the text before
/// the change are replaced by `replacement`. The studio applies every edit of a routine
/// file as one patch (SPEC §19.2), so what it does not touch stays byte for byte, and
/// undo is the inverse patch.
public struct TextPatch: Sendable, Equatable, Codable {
    /// The first replaced byte, counted in UTF-8 from the start of the text.
    public var offset: Int
    /// How many UTF-8 bytes are replaced (0: an insertion).
    public var length: Int
    public var replacement: String

    public init(offset: Int, length: Int, replacement: String) {
        self.offset = offset
        self.length = length
        self.replacement = replacement
    }

    /// Why a patch does not fit a text.
    public struct Mismatch: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The text with the patch applied; throws when the range is outside the text or
    /// splits a UTF-8 sequence.
    public func applied(to text: String) throws(Mismatch) -> String {
        var bytes = Array(text.utf8)
        guard offset >= 0, length >= 0, offset <= bytes.count, length <= bytes.count - offset else {
            throw Mismatch(description: "the change at byte \(offset) is outside the file (\(bytes.count) bytes)")
        }
        bytes.replaceSubrange(offset..<(offset + length), with: Array(replacement.utf8))
        guard let result = String(validating: bytes, as: UTF8.self) else {
            throw Mismatch(description: "the change at byte \(offset) splits a character")
        }
        return result
    }

    /// The patch that undoes this one, given the text it applies to.
    public func inverse(on text: String) throws(Mismatch) -> TextPatch {
        let bytes = Array(text.utf8)
        guard offset >= 0, length >= 0, offset <= bytes.count, length <= bytes.count - offset else {
            throw Mismatch(description: "the change at byte \(offset) is outside the file (\(bytes.count) bytes)")
        }
        guard let removed = String(validating: bytes[offset..<(offset + length)], as: UTF8.self) else {
            throw Mismatch(description: "the change at byte \(offset) splits a character")
        }
        return TextPatch(offset: offset, length: replacement.utf8.count, replacement: removed)
    }
}
