import Foundation

/// This store's part in sync (SPEC §16): who it is, what waits to go.
public struct SyncIdentity: Sendable, Equatable {
    /// This store's device id (a UUID), the same on every push.
    public var device: String
    /// The sync server's id this store is set up with.
    public var server: String
    /// The hybrid clock's last value (`HybridClock`).
    public var clock: Int64
    public var lastSync: Date?
    /// Changes in the outbox.
    public var waiting: Int
    /// Pulled changes that wait for what they refer to.
    public var pending: Int
    /// The name this device registered under (nil for a store set up before it was kept).
    public var name: String? = nil
    /// The highest seq this device has pushed (the server must hold at least that much).
    public var pushed: Int64 = 0

    public init(
        device: String, server: String, clock: Int64, lastSync: Date?, waiting: Int, pending: Int, name: String? = nil,
        pushed: Int64 = 0
    ) {
        self.device = device
        self.server = server
        self.clock = clock
        self.lastSync = lastSync
        self.waiting = waiting
        self.pending = pending
        self.name = name
        self.pushed = pushed
    }
}
