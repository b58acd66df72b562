import Foundation
import RoutineCore

/// The rows of a big bulk load read on a thread of their own, ahead of the thread that
/// writes them: reading and checking a CSV row costs about as much as a third of
/// SQLite's insert, and the two run side by side on two cores. Rows come in the order
/// the source gives them; the source's error comes where it stood, after the rows
/// before it. The source is the reading thread's alone once this starts.
///
/// Not generic: the writer's loop over it is compiled for this one type, whatever the
/// source (a public entry point's generic source made every row go through value
/// witnesses), and the writer's own position is a struct's (a class's stored properties
/// are checked for exclusive access at run time, on every row).
struct PrefetchedEntryRows: EntryRowSource {
    /// Rows handed over at a time, and at most this many batches read ahead.
    static var batchSize: Int { 2048 }
    static var batchesAhead: Int { 4 }

    let rowsAtMost: Int
    let carriesUIDs: Bool
    private let columns: [EntryRow.Field: Int]
    private let batches: Batches
    // The writing thread's own:
    private var current: [EntryRow] = []
    private var index = 0

    init(_ source: some EntryRowSource) {
        rowsAtMost = source.rowsAtMost
        carriesUIDs = source.carriesUIDs
        columns = Dictionary(
            uniqueKeysWithValues: [EntryRow.Field.habit, .value, .unit].map { ($0, source.column(of: $0)) })
        let batches = Batches(source)
        self.batches = batches
        Thread.detachNewThread { batches.read() }
    }

    /// The writer is done with the rows (all read, or an error of its own): the reading
    /// thread stops at its next batch.
    func stop() {
        batches.stop()
    }

    mutating func next() throws -> EntryRow? {
        if index < current.count {
            defer { index += 1 }
            return current[index]
        }
        guard let batch = try batches.take() else { return nil }
        current = batch
        index = 1
        return current[0]
    }

    func column(of field: EntryRow.Field) -> Int {
        columns[field] ?? 1
    }

    /// The batches between the two threads, under `condition`; the source is the reading
    /// thread's.
    private final class Batches: @unchecked Sendable {
        private var source: any EntryRowSource
        private let condition = NSCondition()
        private var ready: [[EntryRow]] = []
        private var failure: (any Error)?
        private var finished = false
        private var stopped = false

        init(_ source: some EntryRowSource) {
            self.source = source
        }

        func stop() {
            condition.lock()
            stopped = true
            condition.broadcast()
            condition.unlock()
        }

        /// The reading thread's loop.
        func read() {
            while true {
                var batch: [EntryRow] = []
                batch.reserveCapacity(PrefetchedEntryRows.batchSize)
                var error: (any Error)?
                var end = false
                do {
                    while batch.count < PrefetchedEntryRows.batchSize {
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
                while ready.count >= PrefetchedEntryRows.batchesAhead && !stopped { condition.wait() }
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

        /// The next batch, waiting for it; nil at the end; the source's error after the
        /// rows before it.
        func take() throws -> [EntryRow]? {
            condition.lock()
            defer { condition.unlock() }
            while ready.isEmpty && !finished { condition.wait() }
            if ready.isEmpty {
                if let failure { throw failure }
                return nil
            }
            condition.broadcast()
            return ready.removeFirst()
        }
    }
}
