import Foundation
import RoutineFile
import Testing

/// The studio's browser code sends edits as JSON: every case survives a round trip, in
/// the shape docs/studio-edits.md shows.
@Suite struct EditCodingTests {
    static let all: [RoutineEdit] = [
        .addQuestion(id: "q", text: "Q?", options: ["A", "B"]), .addHabit(id: "h", name: "Thé 🍵"),
        .connect(from: "q", option: 0, to: "h"), .connect(from: "h", option: nil, to: "q"),
        .disconnect(from: "q", option: nil, to: "h"), .addStart("q"), .removeStart("q"), .setTitle("T"),
        .setQuestionText(node: "q", text: "Q"), .setHabitName(node: "h", name: "H"), .addOption(node: "q", text: "C"),
        .setOptionText(node: "q", option: 1, text: "D"), .removeOption(node: "q", option: 0), .deleteNode("h"),
        .renameNode(from: "h", to: "g"),
    ]

    @Test func everyEditRoundTripsThroughJSON() throws {
        for edit in Self.all {
            let data = try JSONEncoder().encode(edit)
            #expect(try JSONDecoder().decode(RoutineEdit.self, from: data) == edit)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let connect = try encoder.encode(RoutineEdit.connect(from: "q", option: 0, to: "h"))
        #expect(String(decoding: connect, as: UTF8.self) == #"{"connect":{"from":"q","option":0,"to":"h"}}"#)
        let start = try encoder.encode(RoutineEdit.addStart("q"))
        #expect(String(decoding: start, as: UTF8.self) == #"{"addStart":{"_0":"q"}}"#)
        let patch = try encoder.encode(TextPatch(offset: 3, length: 1, replacement: "é"))
        #expect(String(decoding: patch, as: UTF8.self) == #"{"length":1,"offset":3,"replacement":"é"}"#)
    }
}
