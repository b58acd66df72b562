import Foundation
import RoutineCore
import RoutineFile

extension StudioApp {
    /// One file the studio edits, as the browser names it.
    struct FileEntry {
        var index: Int
        var name: String
        var document: StudioDocument
    }

    func files() -> [FileEntry] {
        documentList().enumerated().map { index, document in
            FileEntry(index: index, name: (document.path as NSString).lastPathComponent, document: document)
        }
    }

    /// The JSON API the page's script calls (docs/studio.md lists it).
    func api(_ request: HTTPRequest, call: String) throws -> HTTPResponse {
        switch (request.method, call) {
        case ("GET", "files"):
            return .json(
                JSONValue.array(
                    files().map { JSONValue.object(["index": .integer($0.index), "name": JSONValue($0.name)]) }))
        case ("GET", "doc"):
            let file = try file(request.query["file"])
            _ = try file.document.refresh()
            return .json(try documentJSON(file))
        case ("GET", "poll"):
            let file = try file(request.query["file"])
            _ = try file.document.refresh()
            let version = file.document.snapshot().version
            return .json(
                JSONValue.object([
                    "changed": .bool(version != request.query["version"]),
                    "version": JSONValue(version),
                ]))
        case ("GET", "references"):
            let file = try file(request.query["file"])
            let id = request.query["id"] ?? ""
            let text = file.document.snapshot().text
            let locations = try editing { () throws(RoutineEditError) in try RoutineEditor.references(to: id, in: text)
            }
            return .json(
                JSONValue.object([
                    "references": JSONValue.array(
                        locations.map { JSONValue.object(["line": .integer($0.line), "column": .integer($0.column)]) })
                ]))
        case ("POST", "edit"):
            let body = try decode(EditBody.self, request)
            let file = try file(body.file)
            let text = file.document.snapshot().text
            let patch = try editing { () throws(RoutineEditError) in try RoutineEditor.patch(body.edit, in: text) }
            try stale { _ = try file.document.apply(patch, against: body.version) }
            return .json(try documentJSON(file))
        case ("POST", "undo"), ("POST", "redo"):
            let body = try decode(VersionBody.self, request)
            let file = try file(body.file)
            let done = try stale {
                call == "undo"
                    ? try file.document.undo(against: body.version) : try file.document.redo(against: body.version)
            }
            guard done != nil else { throw StudioFailure(409, "nothing to \(call)") }
            return .json(try documentJSON(file))
        case ("POST", "pin"):
            let body = try decode(PinBody.self, request)
            let file = try file(body.file)
            var pins = StudioFiles.pins(of: file.document.path)
            if let x = body.x, let y = body.y, x.isFinite, y.isFinite {
                pins[body.node] = LayoutPoint(x: x, y: y)
            } else {
                pins[body.node] = nil
            }
            try StudioFiles.savePins(pins, of: file.document.path)
            return .json(try documentJSON(file))
        case ("POST", "dryrun"):
            let body = try decode(DryRunBody.self, request)
            let file = try file(body.file)
            let result = RoutineFileReader.read(
                data: Data(file.document.snapshot().text.utf8), path: file.document.path)
            guard let routine = result.routine else {
                throw StudioFailure(422, "the file has errors; mend them to try it")
            }
            let day: DayKey
            if let text = body.day, !text.isEmpty {
                guard let parsed = DayKey(text) else { throw StudioFailure(400, "'\(text)' is not a day (YYYY-MM-DD)") }
                day = parsed
            } else {
                day = services.time.today
            }
            return .json(
                try DryRunPanel.walk(
                    routine: routine, day: day, answers: body.answers, services: try services.store(),
                    time: services.time)
            )
        case ("POST", "import"):
            let body = try decode(FileBody.self, request)
            let file = try file(body.file)
            do {
                return .json(
                    JSONValue.object(["message": JSONValue(try services.importRoutine(file.document.path))]))
            } catch {
                throw StudioFailure(422, String(describing: error))
            }
        default:
            return .notFound
        }
    }

    /// The document as the page draws it: its name, version and canvas model.
    func documentJSON(_ file: FileEntry) throws -> JSONValue {
        let snapshot = file.document.snapshot()
        let pins = StudioFiles.pins(of: file.document.path)
        let model = CanvasModel(
            text: snapshot.text, path: file.document.path, pinned: pins, layout: layouts[file.index].layout)
        return JSONValue.object([
            "file": .integer(file.index),
            "name": JSONValue(file.name),
            "version": JSONValue(snapshot.version),
            "canUndo": .bool(file.document.canUndo),
            "canRedo": .bool(file.document.canRedo),
            "pinned": JSONValue.array(pins.keys.sorted().map { JSONValue($0) }),
            "model": model.json,
        ])
    }

    private func file(_ index: String?) throws -> FileEntry {
        try file(index.flatMap { Int($0) })
    }

    private func file(_ index: Int?) throws -> FileEntry {
        let all = files()
        guard let index, all.indices.contains(index) else { throw StudioFailure(404, "no such file") }
        return all[index]
    }

    private func decode<T: Decodable>(_ type: T.Type, _ request: HTTPRequest) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(request.body))
        } catch {
            throw StudioFailure(400, "the request's body is not what this call takes")
        }
    }

    private func editing<T>(_ body: () throws(RoutineEditError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw StudioFailure(422, error.description)
        }
    }

    private func stale<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as StudioDocument.Stale {
            throw StudioFailure(409, "the file changed since you loaded it (\(error)); it is shown again as it is now")
        }
    }
}

struct FileBody: Decodable { var file: Int }
struct VersionBody: Decodable {
    var file: Int
    var version: String
}
struct EditBody: Decodable {
    var file: Int
    var version: String
    var edit: RoutineEdit
}
struct PinBody: Decodable {
    var file: Int
    var node: String
    var x: Double?
    var y: Double?
}
struct DryRunBody: Decodable {
    var file: Int
    var day: String?
    var answers: [String]
}
