import Foundation

/// Text is text, never terminal commands (SPEC §11): which characters count as control
/// characters, and how output shows one that reached it from a store.
public enum TerminalText {
    /// C0 other than tab, DEL and C1: the characters a terminal may act on. Newline is
    /// a C0 control too: no single-line text (a title, a question, a name) holds one.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && value != 0x09) || value == 0x7F || (0x80...0x9F).contains(value)
    }

    /// The first control character of `text`, or nil. With `allowingLineBreaks`, a
    /// newline is no control character (a note is the one text that may span lines).
    public static func firstControl(in text: String, allowingLineBreaks: Bool = false) -> Unicode.Scalar? {
        // Bytes first: nearly every text is printable ASCII or UTF-8 above C1. In UTF-8 a
        // C0 control or DEL is its own byte, and a C1 control is 0xC2 then 0x80...0x9F.
        var scanned = text  // withUTF8 reads a native string in place
        let clean = scanned.withUTF8 { bytes in
            var previous: UInt8 = 0
            for byte in bytes {
                if byte < 0x20 && byte != 0x09 || byte == 0x7F { return false }
                if previous == 0xC2 && byte >= 0x80 && byte <= 0x9F { return false }
                previous = byte
            }
            return true
        }
        if clean { return nil }
        return text.unicodeScalars.first { isControl($0) && !(allowingLineBreaks && $0 == "\n") }
    }

    /// `U+001B`, the form messages name a control character by.
    public static func name(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The one line that refuses a text holding a control character, or nil when
    /// `text` has none. `what` names the text (`the note`, `habit name`).
    public static func refusal(_ text: String, what: String) -> String? {
        guard let scalar = firstControl(in: text) else { return nil }
        return "\(what) holds the control character \(name(scalar)); text cannot carry terminal commands"
    }

    /// Escapes every control character as `\u{1B}`; with `keepingLines`, newlines stay
    /// (output of several lines). Text with none comes back unchanged.
    public static func escaped(_ text: String, keepingLines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && !(keepingLines && $0 == "\n") }) else {
            return text
        }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar) && !(keepingLines && scalar == "\n") {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// The escape character as this process's styling writes it: ESC followed by a
    /// random token no stored text can guess. Output escapes every control character
    /// and then turns this marker, and only it, back into ESC, so colour survives and a
    /// stored `\e[2J` does not.
    public static let styleEscape: String = "\u{1B}" + UUID().uuidString.replacingOccurrences(of: "-", with: "")

    /// `text` (which may hold `styleEscape` markers) ready for a terminal: every control
    /// character escaped except newlines, the markers turned into ESC.
    public static func forTerminal(_ text: String) -> String {
        // Printable ASCII (with tabs and newlines) is most of what is printed: one byte
        // scan, no scalar decoding (a check of a 100,000-node file prints 80,000 lines).
        var scanned = text  // withUTF8 reads a native string in place
        let plain = scanned.withUTF8 { ByteScan.isPrintable($0, allowingTab: true, allowingNewline: true) }
        if plain { return text }
        if !text.unicodeScalars.contains(where: { isControl($0) && $0 != "\n" }) { return text }
        return text.components(separatedBy: styleEscape)
            .map { escaped($0, keepingLines: true) }
            .joined(separator: "\u{1B}")
    }

    /// A terminal colour (SGR) sequence for styled output: `styleEscape` + `[code m`.
    public static func sgr(_ code: String) -> String {
        styleEscape + "[\(code)m"
    }
}
