/// Bulk loading with `COPY … FROM STDIN`: the first sync of a ten-year store pushes a few
/// hundred rows of ~100 KB each, which COPY streams in one statement instead of one
/// round trip per row.
extension PostgresConnection {
    /// How much is handed to libpq at a time: big enough that the calls cost nothing,
    /// small enough that memory stays flat however many rows there are.
    static let copyChunk = 64 * 1024

    /// Loads `rows` into `target` (`"table (column, …)"`), each row's values in the
    /// columns' order, and returns how many rows the server stored. A failure anywhere
    /// (a bad value, a constraint, a dropped connection) stores none of them. `binary`
    /// sends COPY's binary format (`BinaryCopyEncoder`: bytes as they are; each value
    /// must be of its column's type).
    @discardableResult
    public func copyIn(
        _ target: String, rows: some Sequence<[PostgresValue]>, binary: Bool = false
    )
        throws(PostgresError) -> Int
    {
        binary
            ? try copyIn(target, rows: rows, encoder: BinaryCopyEncoder.self)
            : try copyIn(target, rows: rows, encoder: CopyEncoder.self)
    }

    private func copyIn<Encoder: CopyRowEncoder>(
        _ target: String, rows: some Sequence<[PostgresValue]>, encoder: Encoder.Type
    ) throws(PostgresError) -> Int {
        let connection = try open()
        let format = Encoder.self == BinaryCopyEncoder.self ? " (FORMAT binary)" : ""
        guard library.sendQuery(connection, "COPY \(target) FROM STDIN\(format)") == 1,
            let started = try awaitResult()
        else {
            throw failure(nil)
        }
        guard library.resultStatus(started) == LibPQ.copyIn else {
            defer { library.clear(started) }
            throw failure(started)
        }
        library.clear(started)
        var encoder = Encoder(capacity: 2 * Self.copyChunk)
        do {
            for row in rows {
                try encoder.append(row)
                if encoder.buffer.count >= Self.copyChunk { try send(&encoder, all: false) }
            }
            encoder.finish()
            try send(&encoder, all: true)
        } catch {
            _ = library.putCopyEnd(connection, error.description)
            drainResults()
            throw error
        }
        guard library.putCopyEnd(connection, nil) == 1 else { throw failure(nil) }
        guard let result = try awaitResult() else { throw .connectionLost("no result for COPY") }
        defer { library.clear(result) }
        guard library.resultStatus(result) == LibPQ.commandOK else { throw failure(result) }
        return library.cmdTuples(result).flatMap { Int(String(cString: $0)) } ?? 0
    }

    /// Hands the buffer to libpq in chunks of `copyChunk` (the last, short one only when
    /// `all`), removing what was sent.
    private func send(_ encoder: inout some CopyRowEncoder, all: Bool) throws(PostgresError) {
        var sent = 0
        while encoder.buffer.count - sent >= Self.copyChunk || (all && sent < encoder.buffer.count) {
            let size = min(Self.copyChunk, encoder.buffer.count - sent)
            let status = encoder.buffer.withUnsafeBytes { bytes in
                library.putCopyData(
                    connection, bytes.baseAddress.map { ($0 + sent).assumingMemoryBound(to: CChar.self) }, Int32(size))
            }
            guard status == 1 else { throw failure(nil) }
            sent += size
        }
        encoder.removeFirst(sent)
    }
}
