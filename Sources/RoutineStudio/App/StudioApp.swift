import Foundation
import RoutineApp
import RoutineCore
import RoutineFile
import Synchronization

/// The studio's routes (SPEC §19): every request passes the guard (§19.6), then reads or
/// edits one of the routine files it was started with, walks a dry run, or draws the
/// history. Requests are handled one at a time (one person, one browser): an edit and
/// the poll that follows it never interleave.
public final class StudioApp: Sendable {
    /// What the studio needs from the front end that started it: the application
    /// layer over the store (opened on first use, nil when there is none yet), `routine
    /// import` for one file, the clock, and the first day of the week (the
    /// configuration's `week-start`, for the history's year grids).
    public struct Services: Sendable {
        public var store: @Sendable () throws -> AppServices?
        public var importRoutine: @Sendable (String) throws -> String
        public var time: TimeContext
        public var weekStart: Weekday

        public init(
            store: @escaping @Sendable () throws -> AppServices?,
            importRoutine: @escaping @Sendable (String) throws -> String, time: TimeContext,
            weekStart: Weekday = .mon
        ) {
            self.store = store
            self.importRoutine = importRoutine
            self.time = time
            self.weekStart = weekStart
        }
    }

    let services: Services
    let gate: StudioGuard
    private let documents: Mutex<[StudioDocument]>
    /// One per document, by index.
    let layouts: [LayoutCache]
    private let serial = Mutex(())

    /// Opens every file (a path that does not exist yet is created with a new routine's
    /// first lines, named after the file).
    public init(paths: [String], services: Services, token: String, port: Int) throws {
        var opened: [StudioDocument] = []
        for path in paths {
            opened.append(
                FileManager.default.fileExists(atPath: path)
                    ? try StudioDocument(path: path)
                    : try StudioDocument.create(path: path, text: try StudioFiles.newRoutine(at: path)))
        }
        layouts = opened.map { _ in LayoutCache() }
        documents = Mutex(opened)
        self.services = services
        gate = StudioGuard(token: token, port: port)
    }

    /// Answers one request. Never throws: a failure is a response with one sentence.
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        let (refused, cookie) = gate.check(request)
        if let refused { return refused }
        var response = serial.withLock { _ in
            do {
                return try route(request)
            } catch let failure as StudioFailure {
                return .json(JSONValue.object(["error": JSONValue(failure.message)]), status: failure.status)
            } catch {
                return .json(JSONValue.object(["error": JSONValue(String(describing: error))]), status: 500)
            }
        }
        if let cookie { response.headers.append((name: "Set-Cookie", value: cookie)) }
        return response
    }

    private func route(_ request: HTTPRequest) throws -> HTTPResponse {
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        switch (request.method, parts.first ?? "") {
        case ("GET", ""): return .html(StudioPage.canvas(files: files().map(\.name)))
        case ("GET", "studio.js"): return .javascript(StudioAssets.script)
        case ("GET", "studio.css"): return .css(StudioAssets.style + HistoryStyle.css)
        case ("GET", "today"): return .html(StudioPage.shell(title: "Today", body: try history().today()))
        case ("GET", "history"): return try historyPage(Array(parts.dropFirst()))
        case (_, "api"): return try api(request, call: parts.count > 1 ? parts[1] : "")
        default: return .notFound
        }
    }

    private func historyPage(_ parts: [String]) throws -> HTTPResponse {
        let pages = try history()
        do {
            switch parts.count {
            case 0: return .html(StudioPage.shell(title: "History", body: try pages.index()))
            case 2 where parts[0] == "habit":
                return .html(StudioPage.shell(title: parts[1], body: try pages.habit(parts[1])))
            case 3 where parts[0] == "question":
                return .html(
                    StudioPage.shell(title: parts[2], body: try pages.question(routine: parts[1], node: parts[2])))
            default: return .notFound
            }
        } catch {
            return .html(
                StudioPage.shell(title: "Not found", body: "<main><p>\(HistoryHTML.escape("\(error)"))</p></main>"),
                status: 404)
        }
    }

    func documentList() -> [StudioDocument] { documents.withLock { $0 } }

    private func history() throws -> HistoryPages {
        guard let store = try services.store() else {
            throw StudioFailure(404, "nothing is tracked yet: import a routine and run it first")
        }
        return HistoryPages(services: store.with(time: services.time), weekStart: services.weekStart.rawValue)
    }
}

/// A request the studio refuses, with its status and one sentence (the sentence alone
/// when it stops `routine studio` from starting).
struct StudioFailure: Error, CustomStringConvertible {
    var status: Int
    var message: String
    var description: String { message }

    init(_ status: Int, _ message: String) {
        self.status = status
        self.message = message
    }
}
