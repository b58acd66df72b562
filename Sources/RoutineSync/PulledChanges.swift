import RoutineStore

/// The devices as the server lists them: each one's name and the last seq it pushed.
struct ServerMarks {
    var lastSeq: [String: Int64] = [:]
    var names: [String: String] = [:]

    /// A device as a line names it: `'laptop' (6f1c2e9a)`, or its id when the server
    /// does not list it.
    func name(_ id: String) -> String {
        names[id].map { "'\($0)' (\(id.prefix(8)))" } ?? id
    }
}

/// What one sync pulls: every change after this store's cursors, sealed, checked whole
/// before any is applied (`SyncEngine.fetchPull`).
struct PulledChanges {
    /// A change as the server holds it; `body` empty until fetched.
    struct Sealed {
        var device: String
        var seq: Int64
        var clock: Int64
        var kind: String
        var size: Int
        var body: [UInt8] = []
        /// Whether `body` holds the plaintext (`unseal`) rather than the sealed bytes.
        var isUnsealed = false
        /// The items decompressed, when `unseal` kept them (then `body` is empty).
        var items: String?

        /// Opens the seal; a body that does not open, or whose clock is not the
        /// server's plain copy of it, was tampered with.
        func opened(with sealer: ChangeSealer) throws -> IncomingChange {
            if let items { return IncomingChange(device: device, seq: seq, clock: clock, kind: kind, items: items) }
            return try change(isUnsealed ? body : try sealer.open(body, device: device, seq: seq, kind: kind))
        }

        /// Checks the change as `opened` does, then keeps its plaintext (still compressed:
        /// the sealed size less 29 bytes) in place of the sealed bytes, so that applying
        /// it does not open the seal a second time; with `keepingItems`, the items as the
        /// check decompressed them (seven times the size), so that it does not
        /// decompress them a second time either.
        mutating func unseal(with sealer: ChangeSealer, keepingItems: Bool) throws {
            let plaintext = isUnsealed ? body : try sealer.open(body, device: device, seq: seq, kind: kind)
            let opened = try change(plaintext)
            if keepingItems {
                (body, items) = ([], opened.items)
            } else {
                (body, isUnsealed) = (plaintext, true)
            }
        }

        private func change(_ plaintext: [UInt8]) throws -> IncomingChange {
            guard let opened = try ChangeBody.open(plaintext), opened.clock == clock else {
                throw SyncError.tampered(device: device, seq: seq)
            }
            return IncomingChange(device: device, seq: seq, clock: clock, kind: kind, items: opened.items)
        }
    }

    /// By device, then seq.
    var changes: [Sealed]
    var marks: ServerMarks

    /// The changes in the batches they are applied in, each in one local transaction
    /// with the cursors: the k-th `size` changes of every device together, in clock
    /// order. Each device's cursor so never passes a change it has not applied (a store
    /// restored from a backup makes changes whose clocks are behind its earlier ones).
    /// None is left here, so that a batch's items, once applied, are not held.
    mutating func takeBatches(of size: Int) -> [[Sealed]] {
        defer { changes = [] }
        var batches: [[Sealed]] = []
        var start = 0
        while start < changes.count {
            var end = start
            while end < changes.count, changes[end].device == changes[start].device { end += 1 }
            for (offset, from) in stride(from: start, to: end, by: size).enumerated() {
                if batches.count <= offset { batches.append([]) }
                batches[offset] += changes[from..<min(from + size, end)]
            }
            start = end
        }
        return batches.map { $0.sorted { ($0.clock, $0.device, $0.seq) < ($1.clock, $1.device, $1.seq) } }
    }
}
