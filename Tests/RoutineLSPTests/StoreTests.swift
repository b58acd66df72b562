import EndToEndSupport
import Foundation
import RoutineLSP
import Testing

/// The server reads a configured store (habit names, streaks, last entries) without
/// ever writing it, and never creates one.
@Suite struct StoreTests {
    static let uri = "file:///tmp/store.yaml"
    static let routine =
        "routine: s\nstart: [run]\nnodes:\n  run:\n    habit: Run\n    next: [more]\n  more:\n    habit: \n"

    @Test func habitsOfTheStoreCompleteAndHoverWithoutWritingIt() throws {
        let folder = try TemporaryDirectory()
        let environment = Binary.environment(store: folder.store)
        for arguments in [
            ["log", "Stretch", "--new"], ["log", "Run", "5", "--unit", "km", "--new"],
            ["habit", "describe", "Run", "Did you run today?"],
        ] {
            let result = try Binary.run(arguments, environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: folder.store))
        let modified = try FileManager.default.attributesOfItem(atPath: folder.store)[.modificationDate] as? Date

        let client = try LSPClient(store: folder.store)
        try client.initialize()
        client.open(Self.uri, Self.routine)
        // The store is read on its own thread: ask until its names arrive.
        var labels: [String] = []
        let deadline = Date().addingTimeInterval(20)
        while !labels.contains("Stretch") && Date() < deadline {
            let result = try client.call("textDocument/completion", LSPClient.at(Self.uri, 7, 11))
            labels = (result["result"]?["items"]?.array ?? []).compactMap { $0["label"]?.string }
            if !labels.contains("Stretch") { usleep(100_000) }
        }
        #expect(labels.contains("Stretch"))  // only in the store
        #expect(labels.filter { $0 == "Run" }.count == 1)  // in both: offered once

        // The names come first; the figures with the read after (ask until they arrive).
        var text = ""
        while !text.contains("in the store: streak") && Date() < deadline.addingTimeInterval(20) {
            let hover = try client.call("textDocument/hover", LSPClient.at(Self.uri, 4, 12))
            text = hover["result"]?["contents"]?["value"]?.string ?? ""
            if !text.contains("in the store: streak") { usleep(100_000) }
        }
        #expect(text.contains("in the store: streak 1; today done;"), "\(text)")
        #expect(text.contains("last entry 2026-11-22 (5 km)"))
        #expect(text.hasSuffix("\n\nDid you run today?"), "\(text)")  // its description

        #expect(try client.call("shutdown", .null)["result"] == .null)
        client.notify("exit", .null)
        #expect(client.exitStatus(timeout: 20) == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.store)) == before)
        #expect(try FileManager.default.attributesOfItem(atPath: folder.store)[.modificationDate] as? Date == modified)
    }

    /// The hover reads the ledger (SPEC §17.3): a habit done yesterday and not yet today is
    /// `open` today, and today's open day does not break its streak (§17.2).
    @Test func hoverGivesTheLedgersStateTodayAndStreak() throws {
        let folder = try TemporaryDirectory()
        let environment = Binary.environment(store: folder.store)
        for arguments in [["log", "Run", "--new", "--day", "2026-11-20"], ["log", "Run", "--day", "2026-11-21"]] {
            let result = try Binary.run(arguments, environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let client = try LSPClient(store: folder.store)
        try client.initialize()
        client.open(Self.uri, Self.routine)
        var text = ""
        let deadline = Date().addingTimeInterval(20)
        while !text.contains("in the store: streak") && Date() < deadline {
            let hover = try client.call("textDocument/hover", LSPClient.at(Self.uri, 4, 12))
            text = hover["result"]?["contents"]?["value"]?.string ?? ""
            if !text.contains("in the store: streak") { usleep(100_000) }
        }
        #expect(text.contains("in the store: streak 2; today open;"), "\(text)")
        #expect(try client.call("shutdown", .null)["result"] == .null)
        client.notify("exit", .null)
        #expect(client.exitStatus(timeout: 20) == 0)
    }

    /// Issue 31 item 19: the first completion, asked as soon as the file is open, already
    /// has the store's habits (it waits up to 100 ms for the store's first read).
    @Test func theFirstCompletionAfterOpeningHasTheStoresHabits() throws {
        let folder = try TemporaryDirectory()
        let result = try Binary.run(["log", "Stretch", "--new"], environment: Binary.environment(store: folder.store))
        #expect(result.status == 0, "\(result.stderr)")
        let client = try LSPClient(store: folder.store)
        try client.initialize()
        client.open(Self.uri, Self.routine)
        let completion = try client.call("textDocument/completion", LSPClient.at(Self.uri, 7, 11))
        let labels = (completion["result"]?["items"]?.array ?? []).compactMap { $0["label"]?.string }
        #expect(labels.contains("Stretch"), "\(labels)")
    }

    @Test func noStoreIsCreated() throws {
        let folder = try TemporaryDirectory()
        let client = try LSPClient(store: folder.store)
        try client.initialize()
        client.open(Self.uri, Self.routine)
        _ = try client.diagnostics(Self.uri)
        let result = try client.call("textDocument/completion", LSPClient.at(Self.uri, 7, 11))
        #expect(result["result"]?["items"]?.array?.compactMap { $0["label"]?.string } == ["Run"])
        #expect(try client.call("shutdown", .null)["result"] == .null)
        client.notify("exit", .null)
        #expect(client.exitStatus(timeout: 20) == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.store))
    }
}
