import RoutineCore

/// One response from a studio route. The server adds `Content-Length`, and the safety
/// headers (`Cache-Control`, `X-Content-Type-Options`, `Content-Security-Policy`) unless the
/// route set its own.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public static func html(_ s: String, status: Int = 200) -> HTTPResponse {
        typed(s, "text/html; charset=utf-8", status: status)
    }

    /// The one JSON value, written by its serializer.
    public static func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
        typed(value.text, "application/json; charset=utf-8", status: status)
    }

    public static func text(_ s: String, status: Int) -> HTTPResponse {
        typed(s, "text/plain; charset=utf-8", status: status)
    }

    public static func svg(_ s: String) -> HTTPResponse {
        typed(s, "image/svg+xml; charset=utf-8", status: 200)
    }

    public static func javascript(_ s: String) -> HTTPResponse {
        typed(s, "text/javascript; charset=utf-8", status: 200)
    }

    public static func css(_ s: String) -> HTTPResponse {
        typed(s, "text/css; charset=utf-8", status: 200)
    }

    public static let notFound = HTTPResponse.text("not found\n", status: 404)

    /// The first header of that name, compared without regard to case.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    private static func typed(_ s: String, _ type: String, status: Int) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", type)], body: Array(s.utf8))
    }

    /// The standard reason phrase of a status, for the status line.
    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 422: "Unprocessable Content"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status"
        }
    }
}
