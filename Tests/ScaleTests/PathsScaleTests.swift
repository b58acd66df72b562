import Foundation
import TestSupport
import Testing

@testable import RoutineCore

/// Large routines: these assert results, and print timings (never assert them).
@Suite struct PathsScaleTests {
    private func seconds(_ work: () throws -> Void) rethrows -> Double {
        let start = Date()
        try work()
        return Date().timeIntervalSince(start)
    }

    @Test func hundredThousandHabitChain() throws {
        let count = 100_000
        let nodes = (0..<count).map { Node(id: "n\($0)", body: .habit("H\($0)"), next: $0 + 1 < count ? [$0 + 1] : []) }
        let routine = try Routine(slug: "chain", title: nil, start: [0], nodes: nodes, habits: [])
        var analysis: PathAnalysis?
        let time = try seconds { analysis = try PathAnalysis(routine, listing: 1) }
        print("paths: 100,000-habit chain analysed in \(String(format: "%.2f", time)) s")
        #expect(analysis?.combinations == 1)
        #expect(analysis?.longestChain == count)
        #expect(analysis?.habits.allSatisfy { $0.on == .every } == true)
        #expect(analysis?.paths?.first?.habits.count == count)
    }

    @Test func hundredThousandNodeRandomRoutineEndsExactlyOrWithAnError() {
        let routine = RandomRoutines.make(nodes: 100_000, seed: 1, questionShare: 0.2, maxOptions: 3, maxNext: 2)
        var outcome = ""
        let time = seconds {
            do {
                let analysis = try PathAnalysis(routine, budget: 200_000)
                outcome = "\(analysis.combinations.description.count)-digit count"
            } catch {
                outcome = "\(error)"
            }
        }
        print("paths: 100,000-node random routine: \(outcome) in \(String(format: "%.2f", time)) s")
        #expect(!outcome.isEmpty)
    }

    @Test func walkerOnAHundredThousandNodeChain() throws {
        let count = 100_000
        let nodes = (0..<count).map {
            Node(id: "n\($0)", body: .habit("H\($0 % 500)"), next: $0 + 1 < count ? [$0 + 1] : [])
        }
        let routine = try Routine(slug: "chain", title: nil, start: [0], nodes: nodes, habits: [])
        var walker = Walker(routine: routine, dayKey: DayKey("2026-11-22")!)
        let time = seconds {
            while walker.prompt != nil { _ = walker.handle("y") }
        }
        print("walker: 100,000-node chain walked in \(String(format: "%.2f", time)) s")
        #expect(walker.status == .completed)
        #expect(walker.entries.count == 500)
        #expect(walker.steps.count == count)
    }
}
