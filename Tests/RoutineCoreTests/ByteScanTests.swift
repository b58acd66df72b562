import TestSupport
import Testing

@testable import RoutineCore

/// The word-at-a-time scans give the index a byte-at-a-time loop gives, at every offset
/// and every length (words that straddle the end, a stop byte in any lane).
@Suite struct ByteScanTests {
    static func naive(_ bytes: [UInt8], from start: Int, stopsAt: (UInt8) -> Bool) -> Int {
        var index = start
        while index < bytes.count, !stopsAt(bytes[index]) { index += 1 }
        return index
    }

    @Test func agreesWithAByteLoop() {
        var random = SeededGenerator(seed: 8)
        let stops: [UInt8] = [0x00, 0x09, 0x0A, 0x1F, 0x20, 0x7E, 0x7F, 0x80, 0xC3, 0xFF]
        for _ in 0..<3_000 {
            let count = Int.random(in: 0...40, using: &random)
            var bytes = (0..<count).map { _ in UInt8.random(in: 0x21...0x7D, using: &random) }
            for _ in 0..<Int.random(in: 0...2, using: &random) where count > 0 {
                bytes[Int.random(in: 0..<count, using: &random)] = stops.randomElement(using: &random) ?? 0
            }
            let start = Int.random(in: 0...count, using: &random)
            bytes.withUnsafeBufferPointer { buffer in
                #expect(
                    ByteScan.firstNonPrintable(buffer, from: start)
                        == Self.naive(bytes, from: start) { $0 < 0x20 || $0 >= 0x7F })
                #expect(ByteScan.firstNonASCII(buffer, from: start) == Self.naive(bytes, from: start) { $0 >= 0x80 })
                let printable = bytes.allSatisfy { ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 }
                #expect(ByteScan.isPrintable(buffer, allowingTab: true, allowingNewline: false) == printable)
            }
        }
    }
}
