import Foundation

/// Turns libpq's multi-line connection messages into one `PostgresError` line.
///
/// libpq reports a failed connection only as text (no SQLSTATE reaches the client before
/// the session exists), so the kind is read from the words libpq and the server use.
/// Those are English unless libpq's translations are installed and the locale asks for
/// another language; a message not recognised still becomes one clear line
/// (`connectionFailed`), only less specific.
enum ConnectionFailure {
    /// The error for a connection that failed with libpq's `message`, opened with `url`.
    static func error(message: String, url: String) -> PostgresError {
        let detail = redacted(firstLine(of: message), secrets: secrets(in: url))
        let text = message.lowercased()
        if text.contains("server does not support ssl") { return .sslRequired(detail) }
        if text.contains("no pg_hba.conf entry"), text.contains("no encryption") {
            return .sslRequiredByServer(detail)
        }
        if text.contains("database \""), text.contains("\" does not exist") { return .databaseMissing(detail) }
        let authentication = [
            "authentication failed", "no password supplied", "no pg_hba.conf entry", "role \"",
            "password authentication", "server requested", "scram",
        ]
        if authentication.contains(where: text.contains) { return .authenticationFailed(detail) }
        let unreachable = [
            "connection refused", "no such file or directory", "could not translate host name",
            "timeout expired", "network is unreachable", "no route to host", "could not connect",
            "connection timed out", "name or service not known", "temporary failure in name resolution",
        ]
        if unreachable.contains(where: text.contains) { return .unreachable(detail) }
        return .connectionFailed(detail)
    }

    /// The first line that says something. When the server itself refused
    /// (`connection to server … failed: FATAL:  …`), only the server's words: they name
    /// the role or database; libpq's own failures keep the socket or host they tried.
    static func firstLine(of message: String) -> String {
        let line =
            message.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .first { !$0.isEmpty } ?? "no message from libpq"
        for severity in ["FATAL:", "ERROR:"] {
            if let range = line.range(of: severity) {
                return line[range.upperBound...].trimmingCharacters(in: .whitespaces)
            }
        }
        return line
    }

    /// `text` with every secret replaced by `***` (libpq quotes pieces of a malformed
    /// connection string back, which could be a password).
    static func redacted(_ text: String, secrets: [String]) -> String {
        secrets.filter { !$0.isEmpty }.reduce(text) { $0.replacingOccurrences(of: $1, with: "***") }
    }

    /// The passwords a connection string may hold, as written and percent-decoded:
    /// `scheme://user:PASSWORD@…`, `?password=…` and `password=…` in key=value form.
    static func secrets(in url: String) -> [String] {
        let patterns = [
            #"^[A-Za-z][A-Za-z0-9+.-]*://[^@/?]*?:([^@/?]*)@"#,
            #"[?&]password=([^&]*)"#,
            #"(?:^|\s)password\s*=\s*'((?:[^'\\]|\\.)*)'"#,
            #"(?:^|\s)password\s*=\s*([^'\s]\S*)"#,
        ]
        var found: [String] = []
        for pattern in patterns {
            guard let expression = try? NSRegularExpression(pattern: pattern) else { continue }
            let range = NSRange(url.startIndex..., in: url)
            for match in expression.matches(in: url, range: range) {
                guard let captured = Range(match.range(at: 1), in: url) else { continue }
                let secret = String(url[captured])
                found.append(secret)
                if let decoded = secret.removingPercentEncoding { found.append(decoded) }
            }
        }
        return found.sorted { $0.count > $1.count }
    }
}
