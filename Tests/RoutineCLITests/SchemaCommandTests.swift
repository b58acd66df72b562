import EndToEndSupport
import Foundation
import RoutineFile
import Testing

/// `routine schema` (SPEC §15.2) checked with a real JSON Schema validator
/// (python3-jsonschema through scripts/validate-schema, reading YAML as editors do) and
/// against `check` on the same files: every file `check` passes validates, and each
/// shape error of the invalid corpus is refused by both.
@Suite struct SchemaCommandTests {
    static let corpus = Binary.repository.appendingPathComponent("Tests/RoutineCLITests/SchemaCorpus")
    static let shapeCodes: Set<String> = ["unknown-key", "missing-key", "invalid-value"]

    func files(_ folder: String) throws -> [String] {
        let url = Self.corpus.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".yaml") }.sorted()
            .map { url.appendingPathComponent($0).path }
    }

    /// The schema written to a file, and the validator's verdict on each path.
    func validate(_ paths: [String], folder: TemporaryDirectory) throws -> [String: String] {
        let schema = try Binary.run(["schema"], environment: Binary.environment(store: folder.store))
        #expect(schema.status == 0)
        let schemaPath = try folder.write("schema.json", schema.stdout)
        let process = Process()
        process.executableURL = Binary.repository.appendingPathComponent("scripts/validate-schema")
        process.arguments = [schemaPath] + paths
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus != 2, "the schema is not a valid draft-07 schema: \(output)")
        var verdicts: [String: String] = [:]
        for line in output.split(separator: "\n") {
            guard let colon = line.range(of: ": ") else { continue }
            verdicts[String(line[..<colon.lowerBound])] = String(line[colon.upperBound...])
        }
        return verdicts
    }

    /// The diagnostic codes `check` gives a file.
    func checkCodes(_ path: String, folder: TemporaryDirectory) throws -> [String] {
        let result = try Binary.run(
            ["check", "--format", "json", path], environment: Binary.environment(store: folder.store))
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let files = json?["files"] as? [[String: Any]] ?? []
        return files.flatMap { ($0["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String } }
    }

    @Test func everyFileCheckPassesValidates() throws {
        let folder = try TemporaryDirectory()
        let bundled = EndToEnd.bundled.map(EndToEnd.routineFile)
        let paths = try bundled + files("valid")
        let verdicts = try validate(paths, folder: folder)
        for path in paths {
            let codes = try checkCodes(path, folder: folder)
            #expect(codes.allSatisfy { !Self.shapeCodes.contains($0) }, "\(path): \(codes)")
            #expect(verdicts[path] == "ok", "\(path): \(verdicts[path] ?? "no verdict")")
        }
    }

    @Test func shapeErrorsAreRefusedByBothSchemaAndCheck() throws {
        let folder = try TemporaryDirectory()
        let paths = try files("invalid")
        #expect(paths.count >= 15)
        let verdicts = try validate(paths, folder: folder)
        for path in paths {
            let codes = try checkCodes(path, folder: folder)
            #expect(codes.contains { Self.shapeCodes.contains($0) }, "check passes \(path): \(codes)")
            #expect(verdicts[path]?.hasPrefix("invalid") == true, "\(path): \(verdicts[path] ?? "no verdict")")
        }
    }

    /// The schema's properties are the decoder's keys, with a description each.
    @Test func schemaKeysAreTheDecodersKeys() throws {
        let folder = try TemporaryDirectory()
        let result = try Binary.run(["schema"], environment: Binary.environment(store: folder.store))
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let definitions = try #require(schema["definitions"] as? [String: Any])
        func properties(_ object: Any?) -> [String: [String: Any]] {
            (object as? [String: Any])?["properties"] as? [String: [String: Any]] ?? [:]
        }
        let habit = ((definitions["habit"] as? [String: Any])?["anyOf"] as? [Any])?.last
        let tables: [([RoutineKey], [String: [String: Any]])] = [
            (RoutineKeys.file, properties(schema)),
            (RoutineKeys.node, properties(definitions["node"])),
            (RoutineKeys.inlineNode, properties(definitions["inlineNode"])),
            (RoutineKeys.option, properties(definitions["option"])),
            (RoutineKeys.habitProperties, properties(habit)),
            (RoutineKeys.measure, properties(properties(habit)["measure"])),
        ]
        for (keys, found) in tables {
            #expect(Set(found.keys) == Set(keys.map(\.name)))
            for key in keys {
                #expect((found[key.name]?["description"] as? String)?.isEmpty == false, "\(key.name)")
            }
        }
    }
}
