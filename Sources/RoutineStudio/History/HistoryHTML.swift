/// The one escaping of the history pages: every text that comes from the store (habit
/// names, question and option texts, routine slugs, node ids, sentences that quote them)
/// goes through `escape` before it is written into HTML or SVG, as element text or as
/// an attribute value; every path segment of a link goes through `pathSegment` first.
enum HistoryHTML {
    /// `&`, `<`, `>`, `"` and `'` as character references: safe in element text and in
    /// quoted attribute values alike.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// One segment of a URL path: every byte of its UTF-8 but the unreserved characters
    /// of RFC 3986 percent-encoded, so a `/`, `?`, `#` or `%` in a name stays inside its
    /// segment. (Not HTML-safe on its own: `href` values are escaped too.)
    static func pathSegment(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF")
                out += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0x0F)])
            }
        }
        return out
    }

    /// `<a href="…">text</a>`, both escaped.
    static func link(_ href: String, _ text: String) -> String {
        "<a href=\"\(escape(href))\">\(escape(text))</a>"
    }

    /// A page of the history: `<main class="history history-KIND">`, the links back, the
    /// heading (escaped here), `lead` (HTML) and each section's heading and HTML.
    static func page(_ kind: String, heading: String, lead: String = "", sections: [(String, String)]) -> String {
        var out = "<main class=\"history history-\(kind)\">\n"
        if kind != "index" { out += "<p><a href=\"/history\">All history</a> · <a href=\"/today\">Today</a></p>\n" }
        out += "<h1>\(escape(heading))</h1>\n" + lead
        for (title, body) in sections { out += "<section><h2>\(title)</h2>\n\(body)\n</section>\n" }
        return out + "</main>\n"
    }

    /// A list of `items` (each already HTML) with its class, or `empty` in words.
    static func list(_ className: String, _ items: [String], empty: String) -> String {
        guard !items.isEmpty else { return "<p>\(empty)</p>" }
        return "<ul class=\"\(className)\">\n" + items.map { "<li>\($0)</li>\n" }.joined() + "</ul>"
    }

    /// A number for an SVG attribute: at most one decimal, no trailing `.0`.
    static func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        if tenths.truncatingRemainder(dividingBy: 10) == 0 { return String(Int(tenths / 10)) }
        return String(Double(tenths) / 10)
    }

    /// `1 day`, `21 days`.
    static func days(_ count: Int) -> String { "\(count) day\(count == 1 ? "" : "s")" }
}
