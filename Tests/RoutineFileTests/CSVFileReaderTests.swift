import Foundation
import Testing

@testable import RoutineFile

/// `CSVReader(file:)` reads a file a chunk at a time (issue 32: `import-answers` of a
/// million rows holds one chunk, not the file). Whatever the chunk size, down to one
/// byte — a CRLF, a `""` or a character cut in two — it gives the records, lines and
/// errors that the reader over the whole text gives.
@Suite struct CSVFileReaderTests {
    private typealias Outcome = (records: [String], error: String?)

    private func all(_ reader: inout CSVReader) -> Outcome {
        var records: [String] = []
        do {
            while let (line, fields) = try reader.next() {
                records.append("\(line): \(fields.map(\.debugDescription).joined(separator: " | "))")
            }
            return (records, nil)
        } catch let error as CSVError {
            return (records, "\(error.line):\(error.column): \(error.message)")
        } catch {
            return (records, "\(error)")
        }
    }

    @Test(arguments: [
        "a,b\n1,2\n", "a,b\r\n1,2\r\n", "a,b\n\n\n1,2", "\"x\"\"y\",\"multi\nline\",z\n3,4\n",
        "é,日本,😀\n\"😀,\"\"\",x\n", "a,b\n1,\"unterminated\n", "a,b\nx\"y,2\n", "a,b\n\"q\"x,2\n",
        "a,b\r1,2\n", "a,b\n1,2\r", "", "\n\n\n", "a\n" + String(repeating: "x", count: 70_000) + "\n",
        (0..<300).map { "row\($0),\"v, \($0)\"\r\n" }.joined(),
    ])
    func everyChunkSizeReadsLikeTheWholeText(_ text: String) throws {
        var whole = CSVReader(text)
        let expected = all(&whole)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("csv-\(UUID().uuidString).csv")
        try Data(text.utf8).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        for chunk in [1, 2, 3, 5, 64, 4096, 1 << 20] {
            let handle = try FileHandle(forReadingFrom: path)
            var reader = CSVReader(file: handle, chunkBytes: chunk)
            let outcome = all(&reader)
            #expect(outcome.records == expected.records, "chunk \(chunk)")
            #expect(outcome.error == expected.error, "chunk \(chunk)")
        }
    }

    /// The answers reader reads a uid in the exported form by hand; it accepts exactly
    /// what `UUID(uuidString:)` accepts, with the same bytes.
    @Test func uidsReadByHandAreFoundationsUIDs() {
        var texts = (0..<2_000).map { n -> String in
            let text = UUID().uuidString
            return n % 2 == 0 ? text.lowercased() : text
        }
        texts += [
            "", "0", "00000000-0000-0000-0000-000000000000", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
            "0000000-00000-0000-0000-000000000000", "00000000-0000-0000-0000-00000000000g",
            "00000000_0000-0000-0000-000000000000", "00000000-0000-0000-0000-0000000000000",
            " 0000000-0000-0000-0000-000000000000", "+0000000-0000-0000-0000-000000000000",
            "{00000000-0000-0000-0000-000000000000}", "00000000000000000000000000000000",
            "0x000000-0000-0000-0000-000000000000", "ÿ0000000-0000-0000-0000-00000000000",
        ]
        for text in texts {
            #expect(AnswersCSVReader.uid(text) == UUID(uuidString: text), "\(text)")
        }
    }
}
