/// One request as the studio's server parsed it: the method, the path (percent-decoded,
/// without the query), the query's parameters, the headers in their order and the body.
public struct HTTPRequest: Sendable {
    public var method: String
    /// Percent-decoded, without the query; always starts with "/".
    public var path: String
    /// The query's parameters, percent-decoded (`+` is a space); the last of a repeated name wins.
    public var query: [String: String]
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(
        method: String, path: String, query: [String: String] = [:],
        headers: [(name: String, value: String)] = [], body: [UInt8] = []
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The first header of that name, compared without regard to case.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    /// The cookies of every `Cookie` header (`a=1; b=2`); the first of a repeated name wins,
    /// as browsers send the most specific cookie first.
    public var cookies: [String: String] {
        var cookies: [String: String] = [:]
        for header in headers where header.name.lowercased() == "cookie" {
            for pair in header.value.split(separator: ";") {
                guard let equals = pair.firstIndex(of: "=") else { continue }
                let name = Self.trimmed(pair[..<equals])
                var value = Self.trimmed(pair[pair.index(after: equals)...])
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                    value = String(value.dropFirst().dropLast())
                }
                if !name.isEmpty, cookies[name] == nil { cookies[name] = value }
            }
        }
        return cookies
    }

    private static func trimmed(_ text: Substring) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
