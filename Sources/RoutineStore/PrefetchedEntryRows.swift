import Foundation
import RoutineCore

/// The rows of a big bulk load read on a thread of their own, ahead of the thread that
/// writes them: reading and checking a CSV row costs about as much as a third of
/// SQLite's insert, and the two run side by side on two cores. Rows come in the order
/// the source gives them; the source's error comes where it stood, after the rows
/// before it. The source is the reading thread's alone once this starts.
final class PrefetchedEntryRows<Source: EntryRowSource>: EntryRowSource, @unchecked Sendable {
    /// Rows handed over at a time, and at most this many batches read ahead.
    static var batchSize: Int { 2048 }
    static var batchesAhead: Int { 4 }

    let rowsAtMost: Int
    let carriesUIDs: Bool
    private let columns: [EntryRow.Field: Int]
    private var source: Source
    private let condition = NSCondition()
    // Shared, under `condition`:
    private var ready: [[EntryRow]] = []
    private var failure: (any Error)?
    private var finished = false
    private var stopped = false
    // The writing thread's own:
    private var current: [EntryRow] = []
    private var index = 0

    init(_ source: Source) {
        rowsAtMost = source.rowsAtMost
        carriesUIDs = source.carriesUIDs
        columns = Dictionary(
            uniqueKeysWithValues: [EntryRow.Field.habit, .value, .unit].map { ($0, source.column(of: $0)) })
        self.source = source
        Thread.detachNewThread { [self] in read() }
    }

    /// The writer is done with the rows (all read, or an error of its own): the reading
    /// thread stops at its next batch.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func read() {
        while true {
            var batch: [EntryRow] = []
            batch.reserveCapacity(Self.batchSize)
            var error: (any Error)?
            var end = false
            do {
                while batch.count < Self.batchSize {
                    guard let row = try source.next() else {
                        end = true
                        break
                    }
                    batch.append(row)
                }
            } catch let thrown {
                error = thrown
            }
            condition.lock()
            while ready.count >= Self.batchesAhead && !stopped { condition.wait() }
            if stopped {
                condition.unlock()
                return
            }
            if !batch.isEmpty { ready.append(batch) }
            failure = error
            finished = end || error != nil
            condition.broadcast()
            condition.unlock()
            if finished { return }
        }
    }

    func next() throws -> EntryRow? {
        if index < current.count {
            defer { index += 1 }
            return current[index]
        }
        condition.lock()
        defer { condition.unlock() }
        while ready.isEmpty && !finished { condition.wait() }
        if ready.isEmpty {
            if let failure { throw failure }
            return nil
        }
        current = ready.removeFirst()
        index = 1
        condition.broadcast()
        return current[0]
    }

    func column(of field: EntryRow.Field) -> Int {
        columns[field] ?? 1
    }
}
