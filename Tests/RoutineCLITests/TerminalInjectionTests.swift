import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// SPEC §11, text is text: a store whose texts hold terminal commands (a screen clear,
/// an OSC 52 clipboard write ending in BEL, an 8-bit CSI) — as a store made before the
/// rule may — is shown escaped by every command that prints store content: no ESC, BEL
/// or C1 byte reaches standard output or standard error.
@Suite(.serialized) struct TerminalInjectionTests {
    static let clear = "' || char(27) || '[2J"
    static let clipboard = "' || char(27) || ']52;c;aGFjaw==' || char(7) || '"
    static let csi8 = "' || char(155) || '31m"

    /// The bundled routines, then every kind of stored text rewritten behind the
    /// binary's back with `sqlite3` to carry escapes.
    static func poisonedStore() throws -> EndToEnd {
        let e2e = try EndToEnd()
        try e2e.importBundled()
        try e2e.ok(["log", "--new", "Meditate", "10", "--note", "calm"])
        try e2e.ok(["run", "morning-checkin", "--day", "2026-11-22"], input: "1\ny\n10\ny\n")
        try e2e.ok([
            "goal", "add", "Calm", "--target", "100", "--unit", "min", "--from", "2026-11-01",
            "--to", "2026-12-31", "--habit", "Meditate",
        ])
        let statements = [
            "UPDATE routine_version SET title = 'Morning\(clear)\(clipboard)'",
            "UPDATE routine_node SET question = 'How\(clear) are\(csi8) you?' WHERE question IS NOT NULL",
            "UPDATE conditional_option SET text = text || '\(clipboard)'",
            "UPDATE habit SET name = name || '\(clear)'",
            "UPDATE routine_node SET habit_text = habit_text || '\(csi8)' WHERE habit_text IS NOT NULL",
            "UPDATE routine_habit SET name = name || '\(clear)'",
            "UPDATE habit_entry SET note = 'note\(clipboard)\(csi8)'",
            "UPDATE goal SET title = 'Goal\(clear)'",
        ]
        for sql in statements {
            let result = try ReliabilityProcess.sqlite(e2e.store, sql, writable: true)
            try #require(result.status == 0, "\(sql): \(result.stderr)")
        }
        return e2e
    }

    static let commands: [[String]] = [
        ["list"], ["list", "--all"], ["show", "morning-checkin"], ["paths", "morning-checkin", "--list"],
        ["export", "morning-checkin"], ["export", "morning-checkin", "--format", "json"],
        ["export", "morning-checkin", "--format", "dot"], ["export", "morning-checkin", "--format", "mermaid"],
        ["today"], ["stats"], ["stats", "Meditate", "--heatmap"], ["stats", "--format", "json"], ["habits"],
        ["habits", "--all"], ["entries"], ["entries", "--all", "--format", "json"], ["entries", "--format", "csv"],
        ["goal", "list"], ["goal", "show", "1"], ["runs"],
        ["run", "morning-checkin", "--dry-run"], ["run", "morning-checkin", "--day", "2026-11-20"],
        ["run", "morning-checkin", "--day", "2026-11-19", "--format", "json"],
        ["log", "Nonexistent"], ["habit", "rename", "Journal", "Meditate"],
    ]

    @Test func noControlByteFromAStoredTextReachesTheTerminal() throws {
        let e2e = try Self.poisonedStore()
        var checked = 0
        for arguments in Self.commands {
            let result = try e2e.run(arguments, input: "1\nhelp\nback\ny\ny\n10\ny\npause\n")
            let bytes = Array(result.stdout.utf8) + Array(result.stderr.utf8)
            #expect(
                !bytes.contains(0x1B),
                "ESC from routine \(arguments.joined(separator: " ")):\n\(result.stdout)\(result.stderr)")
            #expect(!bytes.contains(0x07), "BEL from routine \(arguments.joined(separator: " "))")
            #expect(!result.stdout.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
            #expect(!result.stderr.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
            checked += 1
        }
        // The texts are shown, escaped, not dropped.
        #expect(try e2e.ok(["list"]).contains("Morning\\u{1B}[2J"))
        #expect(try e2e.ok(["entries"]).contains("note\\u{1B}]52;c;aGFjaw==\\u{7}\\u{9B}31m"))
        #expect(checked == Self.commands.count)
    }

    @Test func checkRefusesTheSameTextsInAFileAndSaysWhere() throws {
        let e2e = try EndToEnd()
        let file = try e2e.folder.write(
            "evil.yaml",
            """
            routine: evil
            title: "Clear\\e[2J"
            start: [q]
            nodes:
              q:
                question: "Copy\\e]52;c;aGk=\\a"
                options:
                  - text: "8-bit \\x9b31m"
                  - text: Fine
            """)
        let result = try e2e.run(["check", file])
        #expect(result.status == 1)
        let errors = (result.stdout + result.stderr).split(separator: "\n").filter { $0.contains("[invalid-value]") }
        #expect(errors.map { $0.split(separator: ":")[1...2].joined(separator: ":") } == ["2:8", "6:15", "8:15"])
        #expect(!Array((result.stdout + result.stderr).utf8).contains(0x1B))
        #expect(try e2e.run(["import", file]).status == 1)
        #expect(try e2e.run(["list"]).stdout.contains("evil") == false)
    }

    @Test func flagsAndCSVFieldsWithControlCharactersAreRefusedWithOneLine() throws {
        let e2e = try EndToEnd()
        try e2e.ok(["log", "--new", "Walk"])
        let cases: [[String]] = [
            ["log", "--new", "Walk", "--note", "a\u{1B}[2Jb"], ["log", "--new", "Walk\u{07}"],
            ["edit", "1", "--note", "x\u{9B}y"],
            ["goal", "add", "G\u{1B}]52;c;aGk=\u{07}", "--target", "3", "--from", "2026-11-01", "--to", "2026-11-30"],
        ]
        for arguments in cases {
            let result = try e2e.run(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(!Array(result.stderr.utf8).contains(0x1B) && !Array(result.stderr.utf8).contains(0x07))
        }
        let csv = try e2e.folder.write("bad.csv", "habit,dayKey,note\nWalk,2026-11-20,\"x\u{1B}[2J\"\n")
        let imported = try e2e.run(["import-entries", "--new", csv])
        #expect(imported.status == 1 && imported.stderr.contains(":2:3:"), "\(imported.stderr)")
        #expect(try e2e.entries().count == 1)
    }
}
