/// The studio's door (SPEC §19.6): every request must carry the token the studio printed,
/// name the studio's own Host, and come from the studio's own pages; anything else is a 403.
/// Together with listening on 127.0.0.1 only, this keeps another page in the person's
/// browser from reading or changing routines (CSRF, DNS rebinding) and another user of the
/// machine from using the studio without the token.
public struct StudioGuard: Sendable {
    public static let cookieName = "routine_studio"
    private let token: [UInt8]
    private let hosts: [String]
    private let origins: [String]

    public init(token: String, port: Int) {
        self.token = Array(token.utf8)
        self.hosts = ["127.0.0.1:\(port)", "localhost:\(port)"]
        self.origins = hosts.map { "http://" + $0 }
    }

    /// 32 random bytes, in hex.
    public static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef")
        return String(
            (0..<32).flatMap { _ -> [Character] in
                let byte = UInt8.random(in: .min ... .max, using: &generator)
                return [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
            })
    }

    /// nil: allowed (and `setCookie`, when set, is the value of a `Set-Cookie` header the
    /// response must carry); else the 403.
    /// The token comes from the `token` query parameter, else the cookie; the Host must be
    /// the studio's own; an Origin, when sent, must be the studio's, and a `Sec-Fetch-Site`
    /// `same-origin` or `none`; a state-changing method needs an Origin or a Referer of the
    /// studio.
    public func check(_ request: HTTPRequest) -> (refused: HTTPResponse?, setCookie: String?) {
        guard let host = request.header("Host")?.lowercased(), hosts.contains(host) else {
            return (Self.refusal("this studio answers only at http://127.0.0.1:PORT or http://localhost:PORT"), nil)
        }
        let origin = request.header("Origin")
        if let origin, !origins.contains(origin.lowercased()) {
            return (Self.refusal("a request from another site's page is refused"), nil)
        }
        // A page of another site, or of another port of this machine (the same "site" for the
        // browser, so it would send the SameSite cookie), is told apart by what the browser
        // says of the request's source; "none" is the person opening the printed link.
        if let source = request.header("Sec-Fetch-Site")?.lowercased(), source != "same-origin", source != "none" {
            return (Self.refusal("a request from another site's page is refused"), nil)
        }
        let fromQuery = request.query["token"]
        guard let presented = fromQuery ?? request.cookies[Self.cookieName], matches(presented) else {
            return (Self.refusal("open the studio with the link `routine studio` printed (it holds the token)"), nil)
        }
        if ["POST", "PUT", "DELETE", "PATCH"].contains(request.method.uppercased()), origin == nil,
            !isOwnReferer(request.header("Referer"))
        {
            return (Self.refusal("a change must come from the studio's own page (no Origin or Referer)"), nil)
        }
        let cookie = fromQuery.map { "\(Self.cookieName)=\($0); HttpOnly; SameSite=Strict; Path=/" }
        return (nil, cookie)
    }

    /// Compares in time that depends on the lengths only, not on where the first difference is.
    private func matches(_ presented: String) -> Bool {
        let bytes = Array(presented.utf8)
        var difference = UInt8(bytes.count == token.count ? 0 : 1)
        for index in 0..<token.count {
            difference |= token[index] ^ (index < bytes.count ? bytes[index] : 0)
        }
        return difference == 0 && !token.isEmpty
    }

    private func isOwnReferer(_ referer: String?) -> Bool {
        guard let referer = referer?.lowercased() else { return false }
        return origins.contains { referer == $0 || referer.hasPrefix($0 + "/") }
    }

    private static func refusal(_ reason: String) -> HTTPResponse {
        .text("403 forbidden: \(reason)\n", status: 403)
    }
}
