import EndToEndSupport
import Foundation
import RoutineCore
import RoutineFile
import RoutineStore
import Testing

@testable import RoutineApp
@testable import RoutineStudio

/// The studio's routes in process (SPEC §19.7): the guard, the document API, edits on a
/// real file, undo and redo byte for byte, stale edits, outside edits, pins and the dry run.
@Suite struct StudioRouteTests {
    static let port = 48_123
    static let token = String(repeating: "ab", count: 32)

    /// A studio over a copy of the bundled morning check-in, with no store.
    struct Fixture {
        let folder: TemporaryDirectory
        let path: String
        let app: StudioApp

        init(text: String? = nil, name: String = "morning-checkin.yaml", store: String? = nil) throws {
            folder = try TemporaryDirectory()
            let source = try String(contentsOfFile: EndToEnd.routineFile("morning-checkin"), encoding: .utf8)
            path = folder.url.appendingPathComponent(name).path
            if let text = text ?? source as String? { try text.write(toFile: path, atomically: true, encoding: .utf8) }
            let time = TimeContext(
                now: { Date(timeIntervalSince1970: 1_795_000_000) }, timeZone: TimeZone(identifier: "UTC")!,
                dayStartMinutes: 0, newID: { UUID().uuidString.lowercased() })
            let services = StudioApp.Services(
                store: { try store.map { AppServices(store: try AppDatabase.open(path: $0), time: time) } },
                importRoutine: { path in "imported \(path)" }, time: time)
            app = try StudioApp(
                paths: [path], services: services, token: StudioRouteTests.token, port: StudioRouteTests.port)
        }

        var text: String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

        func get(_ target: String, headers: [(String, String)] = []) -> HTTPResponse {
            app.handle(request("GET", target, headers: headers))
        }

        func post(
            _ target: String, _ body: String, origin: String? = "http://127.0.0.1:\(StudioRouteTests.port)"
        )
            -> HTTPResponse
        {
            var headers: [(String, String)] = [("Content-Type", "application/json")]
            if let origin { headers.append(("Origin", origin)) }
            return app.handle(request("POST", target, headers: headers, body: body))
        }

        func request(
            _ method: String, _ target: String, headers: [(String, String)], body: String = ""
        )
            -> HTTPRequest
        {
            let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
            var query: [String: String] = [:]
            for pair in (parts.count > 1 ? parts[1] : "").split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1).map(String.init)
                query[kv[0]] = kv.count > 1 ? (kv[1].removingPercentEncoding ?? kv[1]) : ""
            }
            var all = [(name: "Host", value: "127.0.0.1:\(StudioRouteTests.port)")]
            all += [(name: "Cookie", value: "routine_studio=\(StudioRouteTests.token)")]
            for (name, value) in headers {
                all.removeAll { $0.name.lowercased() == name.lowercased() }
                all.append((name: name, value: value))
            }
            return HTTPRequest(method: method, path: parts[0], query: query, headers: all, body: Array(body.utf8))
        }

        func json(_ response: HTTPResponse) throws -> [String: Any] {
            try #require(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        }

        func version() throws -> String {
            try #require(try json(get("/api/doc?file=0"))["version"] as? String)
        }
    }

    @Test func theDocumentIsTheFileAsWrittenWithItsLayoutAndCheck() throws {
        let fixture = try Fixture()
        let response = fixture.get("/api/doc?file=0")
        #expect(response.status == 200)
        let doc = try fixture.json(response)
        let model = try #require(doc["model"] as? [String: Any])
        let nodes = try #require(model["nodes"] as? [[String: Any]])
        #expect(nodes.map { $0["id"] as? String } == ["feeling", "read", "water", "meditate", "walk", "journal"])
        #expect(model["clean"] as? Bool == true)
        #expect(model["start"] as? [String] == ["feeling"])
        // Laid out: every node has a size, and no two boxes overlap.
        let boxes = nodes.map {
            ($0["x"] as! Double, $0["y"] as! Double, $0["width"] as! Double, $0["height"] as! Double)
        }
        for (i, a) in boxes.enumerated() {
            #expect(a.2 > 0 && a.3 > 0)
            for b in boxes[(i + 1)...] {
                #expect(a.0 + a.2 <= b.0 || b.0 + b.2 <= a.0 || a.1 + a.3 <= b.1 || b.1 + b.3 <= a.1)
            }
        }
        // The journal is reached from three nodes and drawn once, with three edges into it.
        let edges = try #require(model["edges"] as? [[String: Any]])
        #expect(edges.filter { $0["to"] as? Int == 5 }.count == 3)
    }

    @Test func anEditChangesOnlyItsLineAndUndoAndRedoAreByteForByte() throws {
        let fixture = try Fixture()
        let before = fixture.text
        let version = try fixture.version()
        let edit =
            #"{"file":0,"version":"\#(version)","edit":{"setHabitName":{"node":"walk","name":"Go for a long walk"}}}"#
        let edited = fixture.post("/api/edit", edit)
        #expect(edited.status == 200, "\(String(decoding: edited.body, as: UTF8.self))")
        let after = fixture.text
        let changed = zip(
            before.split(separator: "\n", omittingEmptySubsequences: false),
            after.split(separator: "\n", omittingEmptySubsequences: false)
        )
        .filter { $0 != $1 }
        #expect(changed.count == 1)
        #expect(after.contains("habit: Go for a long walk"))
        #expect(after.contains("# A morning check-in"))
        let newVersion = try #require(try fixture.json(edited)["version"] as? String)
        #expect(fixture.post("/api/undo", #"{"file":0,"version":"\#(newVersion)"}"#).status == 200)
        #expect(fixture.text == before)
        let undone = try fixture.version()
        #expect(fixture.post("/api/redo", #"{"file":0,"version":"\#(undone)"}"#).status == 200)
        #expect(fixture.text == after)
    }

    @Test func anEditAgainstAnOldVersionIsRefusedAndWritesNothing() throws {
        let fixture = try Fixture()
        let version = try fixture.version()
        let first = #"{"file":0,"version":"\#(version)","edit":{"setTitle":{"_0":"Mornings"}}}"#
        #expect(fixture.post("/api/edit", first).status == 200)
        let now = fixture.text
        let stale = #"{"file":0,"version":"\#(version)","edit":{"setTitle":{"_0":"Evenings"}}}"#
        let refused = fixture.post("/api/edit", stale)
        #expect(refused.status == 409)
        #expect(fixture.text == now)
    }

    @Test func anOutsideEditIsSeenByThePoll() throws {
        let fixture = try Fixture()
        let version = try fixture.version()
        #expect(try fixture.json(fixture.get("/api/poll?file=0&version=\(version)"))["changed"] as? Bool == false)
        try fixture.text.replacingOccurrences(of: "Journal", with: "Write it down").write(
            toFile: fixture.path, atomically: true, encoding: .utf8)
        #expect(try fixture.json(fixture.get("/api/poll?file=0&version=\(version)"))["changed"] as? Bool == true)
    }

    @Test func aBadEditIsOneSentenceAndChangesNothing() throws {
        let fixture = try Fixture()
        let before = fixture.text
        let version = try fixture.version()
        let edit = #"{"file":0,"version":"\#(version)","edit":{"renameNode":{"from":"nowhere","to":"x"}}}"#
        let response = fixture.post("/api/edit", edit)
        #expect(response.status == 422)
        let message = try #require(try fixture.json(response)["error"] as? String)
        #expect(message.contains("nowhere") && !message.contains("\n"))
        #expect(fixture.post("/api/edit", "not json").status == 400)
        #expect(fixture.text == before)
    }

    @Test func requestsWithoutTheTokenOrFromElsewhereAreRefused() throws {
        let fixture = try Fixture()
        let before = fixture.text
        #expect(fixture.get("/api/doc?file=0", headers: [("Cookie", "")]).status == 403)
        #expect(fixture.get("/api/doc?file=0", headers: [("Host", "evil.example:\(Self.port)")]).status == 403)
        #expect(fixture.get("/api/doc?file=0", headers: [("Origin", "http://evil.example")]).status == 403)
        let version = try fixture.version()
        let edit = #"{"file":0,"version":"\#(version)","edit":{"setTitle":{"_0":"pwned"}}}"#
        #expect(fixture.post("/api/edit", edit, origin: "http://evil.example").status == 403)
        #expect(fixture.post("/api/edit", edit, origin: nil).status == 403)
        #expect(fixture.text == before)
        // The token in the address sets the cookie the page's calls carry.
        let page = fixture.get("/?token=\(Self.token)", headers: [("Cookie", "")])
        #expect(page.status == 200)
        #expect(page.headers.contains { $0.name == "Set-Cookie" && $0.value.contains("HttpOnly") })
    }

    @Test func aPinnedNodeKeepsItsPlaceInASidecarNotInTheRoutine() throws {
        let fixture = try Fixture()
        let before = fixture.text
        let pinned = fixture.post("/api/pin", #"{"file":0,"node":"walk","x":900,"y":40}"#)
        #expect(pinned.status == 200)
        let model = try #require(try fixture.json(pinned)["model"] as? [String: Any])
        let walk = try #require((model["nodes"] as? [[String: Any]])?.first { $0["id"] as? String == "walk" })
        #expect(walk["x"] as? Double == 900 && walk["y"] as? Double == 40)
        #expect(fixture.text == before)
        let sidecar = fixture.folder.url.appendingPathComponent("morning-checkin.layout.json").path
        #expect(FileManager.default.fileExists(atPath: sidecar))
        #expect(fixture.post("/api/pin", #"{"file":0,"node":"walk"}"#).status == 200)
        #expect(!FileManager.default.fileExists(atPath: sidecar))
    }

    @Test func theDryRunIsTheWalkerOfRunDryRun() throws {
        let fixture = try Fixture()
        let first = try fixture.json(fixture.post("/api/dryrun", #"{"file":0,"day":"2026-11-26","answers":[]}"#))
        let prompt = try #require(first["prompt"] as? [String: Any])
        #expect(prompt["node"] as? String == "feeling")
        #expect(
            (prompt["options"] as? [[String: Any]])?.map { $0["text"] as? String } == ["Great!", "Okay", "Not so good"])
        let walked = try fixture.json(
            fixture.post("/api/dryrun", #"{"file":0,"day":"2026-11-26","answers":["3","y","y"]}"#))
        let steps = try #require(walked["steps"] as? [[String: Any]])
        #expect(steps.map { $0["node"] as? String } == ["feeling", "read", "journal"])
        #expect(walked["status"] as? String == "completed")
        #expect((walked["records"] as? [[String: Any]])?.map { $0["habit"] as? String } == ["Read a book", "Journal"])
        let rejected = try fixture.json(fixture.post("/api/dryrun", #"{"file":0,"answers":["9"]}"#))
        #expect(rejected["hint"] as? String != nil)
    }

    @Test func aNewFileNameStartsANewRoutine() throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("evening.yaml").path
        let time = TimeContext(
            now: { Date(timeIntervalSince1970: 1_795_000_000) }, timeZone: TimeZone(identifier: "UTC")!,
            dayStartMinutes: 0, newID: { "id" })
        _ = try StudioApp(
            paths: [path], services: .init(store: { nil }, importRoutine: { $0 }, time: time), token: Self.token,
            port: Self.port)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("routine: evening"))
        let bad = folder.url.appendingPathComponent("Bad Name.yaml").path
        #expect(throws: (any Error).self) {
            try StudioApp(
                paths: [bad], services: .init(store: { nil }, importRoutine: { $0 }, time: time), token: Self.token,
                port: Self.port)
        }
    }
}

@Suite struct CanvasModelTests {
    @Test func aPolylineKeepsItsEndsAndCornersOnly() {
        let points = [(0.0, 0.0), (0, 10), (0, 20), (10, 30), (20, 40), (20, 50)].map { LayoutPoint(x: $0.0, y: $0.1) }
        let corners = CanvasModel.corners(points)
        #expect(corners.map { [$0.x, $0.y] } == [[0, 0], [0, 20], [20, 40], [20, 50]])
        #expect(CanvasModel.corners(Array(points.prefix(2))) == Array(points.prefix(2)))
    }

    @Test func aTextEditKeepsTheLayoutAndAConnectionLaysItOutAgain() throws {
        let source = try String(contentsOfFile: EndToEnd.routineFile("morning-checkin"), encoding: .utf8)
        let cache = LayoutCache()
        let first = CanvasModel(text: source, path: "m.yaml", layout: cache.layout)
        let renamed = CanvasModel(
            text: source.replacingOccurrences(of: "Go for a walk", with: "Walk"), path: "m.yaml", layout: cache.layout)
        #expect(cache.laidOut.load(ordering: .relaxed) == 1)
        #expect(renamed.layout == first.layout)
        let patch = try RoutineEditor.patch(.connect(from: "water", option: nil, to: "journal"), in: source)
        let connected = CanvasModel(text: try patch.applied(to: source), path: "m.yaml", layout: cache.layout)
        #expect(cache.laidOut.load(ordering: .relaxed) == 2)
        #expect(connected.edges.count == first.edges.count + 1)
        #expect(connected.layout.edges.count == connected.edges.count)
    }
}
