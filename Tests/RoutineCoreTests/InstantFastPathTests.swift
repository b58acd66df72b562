import Foundation
import Testing

@testable import RoutineCore

/// `Instant.parse` reads instants by hand (start-up and import speed), the one parser
/// of the project: on every text that `ISO8601DateFormatter` also reads, for years it
/// counts on the same calendar (from 1583), the two must agree.
@Suite struct InstantFastPathTests {
    static func formatter() -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter
    }

    @Test func agreesWithTheFormatterOnGeneratedInstants() {
        let formatter = Self.formatter()
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        for _ in 0..<2_000 {
            let year = Int.random(in: 1583...9999, using: &generator)
            let month = Int.random(in: 1...12, using: &generator)
            let day = Int.random(in: 1...31, using: &generator)
            let hour = Int.random(in: 0...23, using: &generator)
            let minute = Int.random(in: 0...59, using: &generator)
            let second = Int.random(in: 0...59, using: &generator)
            func pad(_ value: Int, _ width: Int) -> String {
                String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
            }
            let zones = ["Z", "+00:00", "+01:00", "-05:30", "+14:00", "-12:45"]
            let zone = zones[Int.random(in: 0..<zones.count, using: &generator)]
            let text =
                "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))\(zone)"
            let fast = Instant.parse(text)
            if let fast {
                checked += 1
                #expect(fast == formatter.date(from: text), "\(text)")
            } else {
                // Only impossible dates (day 29-31 of a shorter month) fall through.
                #expect(day > 28, "\(text)")
            }
        }
        #expect(checked > 1_500)
    }

    @Test func knownInstants() {
        #expect(Instant.parse("2026-11-22T06:30:00Z") == Date(timeIntervalSince1970: 1_795_329_000))
        #expect(
            Instant.parse("2026-11-22T07:30:00+01:00") == Date(timeIntervalSince1970: 1_795_329_000))
        #expect(Instant.parse("1970-01-01T00:00:00Z") == Date(timeIntervalSince1970: 0))
        #expect(Instant.parse("2026-11-22T06:30:00Z") == Date(timeIntervalSince1970: 1_795_329_000))
    }

    @Test func whatTheParserAcceptsAndRefuses() {
        let instant = Date(timeIntervalSince1970: 1_795_329_000)
        for text in [
            "2026-11-22T06:30:00Z", "2026-11-22t06:30:00z", "2026-11-22T07:30:00+01:00", "2026-11-22T06:30:00.000Z",
            "2026-11-21T23:30:00-07:00",
        ] {
            #expect(Instant.parse(text) == instant, "\(text)")
        }
        #expect(Instant.parse("2026-11-22T06:30:00.250Z") == instant.addingTimeInterval(0.25))
        for text in [
            "2026-02-30T06:30:00Z", "2026-11-22T24:00:00Z", "2026-11-22T06:30:60Z", "2026-11-22T06:30:00+0100",
            "2026-11-22 06:30:00Z", "2026-11-22T06:30:00+24:00", "+2026-11-22T06:30:00Z", "2026-11-22T06:30:00",
            "2026-11-22T06:30:00.Z", "2026-11-22T06:30:00.1234567890Z", "",
        ] {
            #expect(Instant.parse(text) == nil, "\(text)")
        }
    }

    @Test func formattingRoundTrips() {
        let instant = Date(timeIntervalSince1970: 1_795_329_000.25)
        #expect(Instant.format(instant) == "2026-11-22T06:30:00.250Z")
        #expect(Instant.isCanonical(Instant.format(instant)))
        #expect(Instant.parse(Instant.format(instant)) == instant)
        #expect(Instant.formatSeconds(instant) == "2026-11-22T06:30:00Z")
        #expect(Instant.format(Date(timeIntervalSince1970: -62_135_596_800)) == "0001-01-01T00:00:00.000Z")
    }
}
