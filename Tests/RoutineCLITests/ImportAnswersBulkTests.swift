import EndToEndSupport
import Foundation
import Testing

/// `import-answers` of files larger than one batch of the bulk insert (issue 32: the rows
/// go a hundred to a statement and are read one at a time), with the real binary: a bad
/// row far into the file leaves the store as it was, and a uid repeated within a batch or
/// across batches is still refused.
@Suite(.serialized) struct ImportAnswersBulkTests {
    private static let header = "uid,dayKey,routine,node,question,answer,option,timestamp,timeZone"

    /// `count` answers to `feeling`, one a day from 2001-01-01, each with a uid made from
    /// its number.
    private static func rows(_ count: Int) -> [String] {
        let start = Date(timeIntervalSince1970: 978_307_200)  // 2001-01-01
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        let options = ["Great!", "Okay", "Not so good"]
        return (0..<count).map { n in
            let day = formatter.string(from: start.addingTimeInterval(Double(n) * 86_400))
            return "\(uid(n)),\(day),morning-checkin,feeling,,\(options[n % 3]),\(n % 3 + 1),\(day)T07:00:00Z,UTC"
        }
    }

    private static func uid(_ n: Int) -> String {
        let hex = String(n, radix: 16)
        return "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - hex.count) + hex
    }

    private func withRoutine() throws -> EndToEnd {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        return e2e
    }

    @Test func aBadRowFarIntoABigFileLeavesTheStoreAsItWas() throws {
        let e2e = try withRoutine()
        // 250 answers stored first: the failed load must leave them, and add none.
        let first = try e2e.folder.write("first.csv", ([Self.header] + Self.rows(250)).joined(separator: "\n") + "\n")
        #expect(try e2e.ok(["import-answers", first]) == "imported 250 answers from \(first)\n")
        let before = try e2e.ok(["answers", "--format", "csv"])
        var lines = [Self.header] + Self.rows(5_000)
        lines[4_732] = lines[4_732].replacingOccurrences(of: ",UTC", with: ",Mars/Olympus")
        let bad = try e2e.folder.write("bad.csv", lines.joined(separator: "\n") + "\n")
        let result = try e2e.run(["import-answers", bad])
        #expect(result.status == 1)
        #expect(
            result.stderr == "routine: \(bad):4733:9: unknown time zone 'Mars/Olympus'; nothing was imported\n",
            "\(result.stderr)")
        #expect(try e2e.ok(["answers", "--format", "csv"]) == before)
        // A row the store refuses (a routine it does not hold), far in, the same.
        lines = [Self.header] + Self.rows(5_000)
        lines[4_999] = lines[4_999].replacingOccurrences(of: ",morning-checkin,", with: ",evening,")
        let unknown = try e2e.folder.write("unknown.csv", lines.joined(separator: "\n") + "\n")
        let refused = try e2e.run(["import-answers", unknown])
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "routine: \(unknown):5000:3: no routine 'evening' in the store: import the routine first; nothing was imported\n",
            "\(refused.stderr)")
        #expect(try e2e.ok(["answers", "--format", "csv"]) == before)
        // The whole good file: the 250 are already present, the rest go in.
        let good = try e2e.folder.write("good.csv", ([Self.header] + Self.rows(5_000)).joined(separator: "\n") + "\n")
        #expect(try e2e.ok(["import-answers", good]) == "imported 4750 answers from \(good); 250 already present\n")
        let csv = try e2e.ok(["answers", "--format", "csv"])
        #expect(csv.split(separator: "\n").count == 5_001)
        #expect(
            csv.contains("\(Self.uid(4_999)),2014-09-09,morning-checkin,feeling,How are you feeling today?,Okay,2,"))
        #expect(try e2e.ok(["import-answers", good]) == "imported 0 answers from \(good); 5000 already present\n")
    }

    @Test func aUIDRepeatedInTheFileIsRefusedWithinABatchAndAcrossBatches() throws {
        let e2e = try withRoutine()
        for (earlier, later) in [(3, 4), (5, 450), (120, 999)] {
            var lines = [Self.header] + Self.rows(1_000)
            lines[later + 1] = lines[later + 1].replacingOccurrences(of: Self.uid(later), with: Self.uid(earlier))
            let file = try e2e.folder.write("repeat.csv", lines.joined(separator: "\n") + "\n")
            let result = try e2e.run(["import-answers", file])
            #expect(result.status == 1)
            #expect(
                result.stderr
                    == "routine: \(file):\(later + 2):1: the uid \(Self.uid(earlier)) is on an earlier row too; nothing was imported\n",
                "\(result.stderr)")
            #expect(try e2e.ok(["answers"]) == "No answers yet.\n")
        }
    }
}
