import TestSupport
import Testing

@testable import RoutineCore

@Suite struct PathsBigCountTests {
    @Test func smallValuesMatchUInt64() {
        var random = SeededGenerator(seed: 42)
        for _ in 0..<500 {
            let a = UInt64.random(in: 0...UInt64(UInt32.max), using: &random)
            let b = UInt64.random(in: 0...UInt64(UInt32.max), using: &random)
            #expect((BigCount(a) + BigCount(b)).description == String(a + b))
            #expect((BigCount(a) * BigCount(b)).description == String(a * b))
            #expect((BigCount(a) < BigCount(b)) == (a < b))
        }
    }

    @Test func carriesAcrossLimbs() {
        let max64 = BigCount(UInt64.max)
        #expect((max64 + 1).description == "18446744073709551616")
        #expect((max64 * max64).description == "340282366920938463426481119284349108225")
    }

    @Test func powersOfTwoAndTen() {
        #expect(BigCount.power(2, 100).description == "1267650600228229401496703205376")
        #expect(BigCount.power(10, 45).description == "1" + String(repeating: "0", count: 45))
        #expect(BigCount.power(7, 0) == 1)
        #expect(BigCount.zero.description == "0")
    }

    @Test func parsesDecimalAndRoundTrips() {
        let digits = "98765432109876543210987654321098765432100000000001"
        #expect(BigCount(digits)?.description == digits)
        #expect(BigCount("12a") == nil)
        #expect(BigCount("") == nil)
        #expect(BigCount("007")?.description == "7")
    }
}
