import Foundation
import RoutineCore
import Testing

/// `StoredText`: schedules and day targets are kept as their text, in JSON as in the
/// store, and a text that does not read back is an error naming what it should be.
@Suite struct StoredTextTests {
    struct Holder: Codable, Equatable {
        var schedules: [Schedule]
        var target: DayTarget?
        var day: DayKey?
    }

    @Test func codableIsTheStoredText() throws {
        let holder = Holder(
            schedules: [.every(2), .days([.mon, .thu]), .per(3, 7)], target: .atMost(2), day: DayKey("2026-02-28"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(holder), as: UTF8.self)
        #expect(text == #"{"day":"2026-02-28","schedules":["every:2","days:mon,thu","per:3\/7"],"target":"at-most:2"}"#)
        #expect(try JSONDecoder().decode(Holder.self, from: Data(text.utf8)) == holder)
    }

    @Test func aTextThatDoesNotReadBackSaysWhatItShouldBe() {
        for (json, kind) in [
            (#"{"schedules":["days:funday"]}"#, "a schedule"),
            (#"{"schedules":[],"target":"at-most:-1"}"#, "a day target"),
            (#"{"schedules":[],"day":"2026-02-30"}"#, "a YYYY-MM-DD day"),
        ] {
            do {
                _ = try JSONDecoder().decode(Holder.self, from: Data(json.utf8))
                Issue.record("decoded \(json)")
            } catch DecodingError.dataCorrupted(let context) {
                #expect(context.debugDescription.hasPrefix("not \(kind): "), "\(context.debugDescription)")
            } catch {
                Issue.record("\(error)")
            }
        }
    }
}
