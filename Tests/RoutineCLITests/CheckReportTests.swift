import Foundation
import RoutineCore
import TestSupport
import Testing

@testable import RoutineCLI
@testable import RoutineFile

@Suite struct CheckReportTests {
    /// A fresh temporary folder with the given files (relative path → content).
    private func folder(_ files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("routine-check-\(UUID().uuidString)").path
        for (relative, content) in files {
            let path = root + "/" + relative
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try content.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return root
    }

    private let clean = "routine: a\nstart: [x]\nnodes:\n  x:\n    habit: X\n"
    private let cyclic = CheckSamples.walkJournalCycle(slug: "morning") + "\n  stretch:\n    habit: Stretch\n"

    @Test func textOutputAndSummary() throws {
        let root = try folder(["routines/morning.yaml": cyclic, "routines/clean.yml": clean])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let report = CheckRun.check(paths: [root + "/routines"])
        #expect(
            report.text() == """
                \(root)/routines/morning.yaml:9:12: error: cycle: walk -> journal -> walk [cycle]
                \(root)/routines/morning.yaml:10:3: warning: node 'stretch' is not reachable from start [unreachable-node]
                2 files checked: 1 error, 1 warning

                """)
        #expect(report.exitStatus(strict: false) == 1)
    }

    @Test func jsonListsEveryFileInOrder() throws {
        let root = try folder(["r/b.yaml": cyclic, "r/a.yaml": clean])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let json = CheckRun.check(paths: [root + "/r/"]).json()
        #expect(
            json == """
                {"files":[{"path":"\(root)/r/a.yaml","diagnostics":[]},{"path":"\(root)/r/b.yaml","diagnostics":[\
                {"severity":"error","code":"cycle","line":9,"column":12,"message":"cycle: walk -> journal -> walk"},\
                {"severity":"warning","code":"unreachable-node","line":10,"column":3,"message":"node 'stretch' is not reachable from start"}]}],\
                "errors":1,"warnings":1}

                """)
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(decoded?["errors"] as? Int == 1)
    }

    @Test func foldersAreSearchedRecursivelySortedSkippingOthers() throws {
        let root = try folder([
            "z.yaml": clean, "sub/deeper/b.YML": clean, "sub/a.yaml": clean, "notes.txt": "x",
            ".hidden/c.yaml": "broken: [",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let expanded = CheckRun.expand([root])
        #expect(expanded == [root + "/sub/a.yaml", root + "/sub/deeper/b.YML", root + "/z.yaml"])
    }

    @Test func singularsAndExitStatus() throws {
        let root = try folder(["one.yaml": clean])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let report = CheckRun.check(paths: [root + "/one.yaml"])
        #expect(report.text() == "1 file checked: 0 errors, 0 warnings\n")
        #expect(report.exitStatus(strict: true) == 0)

        let warned = try folder(["w.yaml": clean + "  y:\n    habit: Y\n"])

        defer { try? FileManager.default.removeItem(atPath: warned) }
        let warning = CheckRun.check(paths: [warned + "/w.yaml"])
        #expect(warning.summary() == "1 file checked: 0 errors, 1 warning")
        #expect(warning.exitStatus(strict: false) == 0)
        #expect(warning.exitStatus(strict: true) == 1)
        #expect(warning.files[0].diagnostics[0].severity == .warning)
    }

    @Test func missingPathIsOneError() throws {
        let root = try folder(["ok.yaml": clean])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let report = CheckRun.check(paths: [root + "/nope.yaml", root])
        #expect(report.files.map(\.path) == [root + "/nope.yaml", root + "/ok.yaml"])
        #expect(report.errorCount == 1)
        #expect(report.text().hasPrefix("\(root)/nope.yaml: error: cannot read file: no such file [syntax]\n"))
        #expect(report.text().hasSuffix("2 files checked: 1 error, 0 warnings\n"))
        #expect(report.json().contains("\"line\":null,\"column\":null"))
        #expect(report.exitStatus(strict: false) == 1)
    }

    @Test func jsonEscapesText() {
        #expect(JSONValue.string("a\"b\\c\nd\u{1}").text == "\"a\\\"b\\\\c\\nd\\u0001\"")
        #expect(JSONValue.number(10).text == "10")
        #expect(JSONValue.number(2.5).text == "2.5")
    }
}
