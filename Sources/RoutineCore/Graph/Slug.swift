/// A routine's name (SPEC §2): `[a-z0-9][a-z0-9-]*`, unique in a store. The one place the
/// rule is written; the store's schema repeats it as a CHECK constraint, the last net.
public enum Slug {
    /// The rule as shown in messages.
    public static let pattern = "[a-z0-9][a-z0-9-]*"

    /// Whether `text` is a slug (ASCII lower-case letters, digits and dashes, not
    /// starting with a dash). Anything else on a command line is a file path.
    public static func isValid(_ text: String) -> Bool {
        guard let first = text.utf8.first, isLowerOrDigit(first) else { return false }
        return text.utf8.allSatisfy { isLowerOrDigit($0) || $0 == UInt8(ascii: "-") }
    }

    private static func isLowerOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
