import Foundation
import RoutineCore
import RoutineStore
import RoutineSync

/// Sync (SPEC §16) over this store: its identity as a device, and the engine.
extension AppServices {
    /// This store's sync identity, or nil when it was never set up.
    public func syncIdentity() throws -> SyncIdentity? {
        try store.sync.syncIdentity()
    }

}

extension SyncEngine {
    /// The engine over the store of `services`.
    public init(
        store services: AppServices, storePath: String, url: String, keyFile: KeyFile, passphrase: PassphraseSource,
        readRoutine: @escaping @Sendable (String) -> Routine?, now: @escaping () -> Date
    ) {
        self.init(
            store: services.store, storePath: storePath, url: url, keyFile: keyFile, passphrase: passphrase,
            readRoutine: readRoutine, now: now)
    }
}
