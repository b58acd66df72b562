/// Lets a prompt carry terminal escapes (colour, bold) without confusing
/// libedit about where the cursor is.
///
/// libedit counts every character of the prompt as one column unless it is
/// enclosed between two marker characters (`EL_PROMPT_ESC`). ``marked(_:)``
/// encloses each escape sequence of a prompt, so callers pass ordinary
/// ANSI-coloured text.
enum PromptEscapes {
    /// The marker given to libedit: SOH, which never appears in printable text.
    static let marker: UInt8 = 0x01

    /// `prompt` with each escape sequence — CSI (`ESC [ … final byte`), OSC
    /// (`ESC ] … BEL` or `ESC ] … ESC \`), or a two-character `ESC x` — between
    /// two markers. Markers already in `prompt` are dropped, so they cannot
    /// unbalance the pairs. An escape cut short by the end of the prompt is
    /// enclosed as it is.
    static func marked(_ prompt: String) -> String {
        let scalars = Array(prompt.unicodeScalars)
        var result = String.UnicodeScalarView()
        let marker = Unicode.Scalar(Self.marker)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == marker {
                index += 1
                continue
            }
            guard scalar == "\u{1b}" else {
                result.append(scalar)
                index += 1
                continue
            }
            let end = escapeEnd(scalars, from: index)
            result.append(marker)
            result.append(contentsOf: scalars[index..<end].filter { $0 != marker })
            result.append(marker)
            index = end
        }
        return String(result)
    }

    /// The index just after the escape sequence that starts at `start`.
    private static func escapeEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start + 1
        guard index < scalars.count else { return index }
        switch scalars[index] {
        case "[":
            index += 1
            while index < scalars.count, !(0x40...0x7e).contains(scalars[index].value) {
                index += 1
            }
            return min(index + 1, scalars.count)
        case "]":
            index += 1
            while index < scalars.count {
                if scalars[index] == "\u{07}" { return index + 1 }
                if scalars[index] == "\u{1b}", index + 1 < scalars.count, scalars[index + 1] == "\\" {
                    return index + 2
                }
                index += 1
            }
            return index
        default:
            return index + 1
        }
    }
}
