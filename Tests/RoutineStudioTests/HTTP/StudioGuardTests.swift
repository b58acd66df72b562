import Testing

@testable import RoutineStudio

@Suite struct StudioGuardTests {
    private let token = "5f" + String(repeating: "a1", count: 31)
    private var studioGuard: StudioGuard { StudioGuard(token: token, port: 4242) }

    private func request(
        _ method: String = "GET", query: [String: String] = [:], host: String? = "127.0.0.1:4242",
        headers extra: [(name: String, value: String)] = []
    ) -> HTTPRequest {
        var headers = extra
        if let host { headers.insert(("Host", host), at: 0) }
        return HTTPRequest(method: method, path: "/", query: query, headers: headers)
    }

    @Test func noTokenIsRefused() {
        let result = studioGuard.check(request())
        #expect(result.refused?.status == 403)
    }

    @Test func aWrongTokenIsRefusedInTheQueryAndInTheCookie() {
        let wrong = String(token.dropLast()) + "0"
        #expect(studioGuard.check(request(query: ["token": wrong])).refused?.status == 403)
        #expect(studioGuard.check(request(query: ["token": String(token.dropLast())])).refused?.status == 403)
        #expect(studioGuard.check(request(query: ["token": ""])).refused?.status == 403)
        #expect(studioGuard.check(request(headers: [("Cookie", "routine_studio=\(wrong)")])).refused?.status == 403)
    }

    @Test func theTokenInTheQueryIsAllowedAndSetsTheCookie() {
        let result = studioGuard.check(request(query: ["token": token]))
        #expect(result.refused == nil)
        #expect(result.setCookie == "routine_studio=\(token); HttpOnly; SameSite=Strict; Path=/")
    }

    @Test func theCookieAloneIsAllowedWithoutSettingItAgain() {
        let result = studioGuard.check(request(headers: [("Cookie", "theme=dark; routine_studio=\(token)")]))
        #expect(result.refused == nil)
        #expect(result.setCookie == nil)
    }

    @Test func localhostIsTheSameStudio() {
        let result = studioGuard.check(request(query: ["token": token], host: "localhost:4242"))
        #expect(result.refused == nil)
    }

    @Test func aForeignHostIsRefusedEvenWithTheToken() {
        // DNS rebinding: evil.example resolves to 127.0.0.1, the browser sends its own Host.
        for host in ["evil.example:4242", "127.0.0.1:4243", "127.0.0.1", "localhost.evil.example:4242", ""] {
            #expect(studioGuard.check(request(query: ["token": token], host: host)).refused?.status == 403)
        }
        #expect(studioGuard.check(request(query: ["token": token], host: nil)).refused?.status == 403)
    }

    @Test func aForeignOriginIsRefusedEvenWithTheCookie() {
        for origin in ["http://evil.example", "http://127.0.0.1:4243", "https://127.0.0.1:4242", "null"] {
            let result = studioGuard.check(
                request(headers: [("Cookie", "routine_studio=\(token)"), ("Origin", origin)]))
            #expect(result.refused?.status == 403, "\(origin)")
        }
        let own = studioGuard.check(
            request(headers: [("Cookie", "routine_studio=\(token)"), ("Origin", "http://localhost:4242")]))
        #expect(own.refused == nil)
    }

    @Test func aPageOfAnotherPortOrSiteIsRefusedByFetchMetadata() {
        // A page at http://127.0.0.1:9999 is the same "site" to the browser: the SameSite
        // cookie goes with its requests, but the browser says where they come from.
        let cookie = ("Cookie", "routine_studio=\(token)")
        for source in ["same-site", "cross-site"] {
            #expect(studioGuard.check(request(headers: [cookie, ("Sec-Fetch-Site", source)])).refused?.status == 403)
        }
        for source in ["same-origin", "none"] {
            #expect(studioGuard.check(request(headers: [cookie, ("Sec-Fetch-Site", source)])).refused == nil)
        }
    }

    @Test func aChangeNeedsTheStudiosOriginOrReferer() {
        let cookie = ("Cookie", "routine_studio=\(token)")
        #expect(studioGuard.check(request("POST", headers: [cookie])).refused?.status == 403)
        #expect(studioGuard.check(request("DELETE", headers: [cookie])).refused?.status == 403)
        #expect(
            studioGuard.check(request("POST", headers: [cookie, ("Referer", "http://evil.example/page")])).refused?
                .status
                == 403)
        #expect(
            studioGuard.check(request("POST", headers: [cookie, ("Referer", "http://127.0.0.1:42420/")])).refused?
                .status
                == 403)
        #expect(
            studioGuard.check(request("POST", headers: [cookie, ("Origin", "http://127.0.0.1:4242")])).refused == nil)
        #expect(
            studioGuard.check(request("PUT", headers: [cookie, ("Referer", "http://127.0.0.1:4242/edit")])).refused
                == nil)
    }

    @Test func newTokensAre32RandomBytesInHex() {
        let first = StudioGuard.newToken()
        let second = StudioGuard.newToken()
        #expect(first.count == 64)
        #expect(first.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        #expect(first != second)
    }
}
