import Foundation

/// Zstandard, loaded with `dlopen` the first time a change is packed or unpacked (as
/// libpq is, and for the same reason: commands that never sync load nothing more).
/// `libzstd.so.1` is on every Debian system (`dpkg` depends on it); its one-shot API
/// below has been stable since 1.0.
///
/// A change's items are compressed before they are sealed (SPEC §16.4): a first sync of
/// ten years of entries is 74 MB of JSON and 11 MB compressed at level 1, which the
/// server writes (and later devices read) a seventh as much of. Compressing costs about
/// 60 ms for those 74 MB here (1.2 GB/s); opening, about a quarter of that.
public enum Zstd {
    /// The level a change is compressed at: the fastest of the standard levels, which
    /// already finds the repeated field names and habit uids.
    static let level: Int32 = 1

    /// The largest size a change may say it holds when unpacked. A change is at most a
    /// batch of rows (a routine version at most a file `import` accepts); this is far
    /// beyond either, and keeps a corrupt size from allocating without bound.
    static let largest = 1 << 30

    public static func compress(_ bytes: [UInt8]) throws(ZstdError) -> [UInt8] {
        let library = try LibZstd.shared()
        let bound = library.compressBound(bytes.count)
        var output = [UInt8](repeating: 0, count: bound)
        // One context, kept: a new one a call (`ZSTD_compress`) allocates and clears its
        // tables each time, a tenth of a snapshot's packing.
        let written = library.withContext { context in
            output.withUnsafeMutableBytes { out in
                bytes.withUnsafeBytes { input in
                    library.compressCCtx(context, out.baseAddress, bound, input.baseAddress, input.count, level)
                }
            }
        }
        guard library.isError(written) == 0 else { throw .cannotPack }
        output.removeSubrange(written...)
        return output
    }

    /// The bytes `compress` packed, or nil when `bytes` is not one whole frame of at
    /// most `largest` bytes.
    public static func decompress(_ bytes: [UInt8]) throws(ZstdError) -> [UInt8]? {
        let library = try LibZstd.shared()
        let size = bytes.withUnsafeBytes { library.frameContentSize($0.baseAddress, $0.count) }
        // ZSTD_CONTENTSIZE_UNKNOWN and _ERROR are the two largest values: above `largest`.
        guard size <= UInt64(largest) else { return nil }
        // Not zeroed first (a pull's items, 0.6 % of its instructions): only the bytes
        // libzstd wrote are kept, and they must be all of them.
        var written = 0
        let output = [UInt8](unsafeUninitializedCapacity: Int(size)) { out, count in
            written = bytes.withUnsafeBytes { input in
                library.decompress(out.baseAddress, out.count, input.baseAddress, input.count)
            }
            count = library.isError(written) == 0 && written == Int(size) ? written : 0
        }
        guard library.isError(written) == 0, written == Int(size) else { return nil }
        return output
    }
}

public enum ZstdError: Error, Equatable, Sendable, CustomStringConvertible {
    case libraryMissing
    case cannotPack
    case cannotUnpack

    public var description: String {
        switch self {
        case .libraryMissing: "sync needs libzstd: apt-get install libzstd1"
        case .cannotPack: "could not compress a change for sync (libzstd failed)"
        case .cannotUnpack: "a change waiting in the sync outbox cannot be read (it is not one whole zstd frame)"
        }
    }
}

/// The functions of libzstd this client calls, each cast to its C type (zstd.h).
final class LibZstd: @unchecked Sendable {
    let compressBound: @convention(c) (Int) -> Int
    let createCCtx: @convention(c) () -> OpaquePointer?
    let compressCCtx:
        @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int, UnsafeRawPointer?, Int, Int32) -> Int
    let decompress: @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeRawPointer?, Int) -> Int
    let frameContentSize: @convention(c) (UnsafeRawPointer?, Int) -> UInt64
    let isError: @convention(c) (Int) -> UInt32

    private let lock = NSLock()
    private var context: OpaquePointer?

    /// Runs `body` with the library's one compression context, made on first use (a
    /// context is for one thread at a time: the lock keeps it so).
    func withContext<T>(_ body: (OpaquePointer?) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        if context == nil { context = createCCtx() }
        return body(context)
    }

    static func shared() throws(ZstdError) -> LibZstd {
        try loaded.get()
    }

    private static let loaded: Result<LibZstd, ZstdError> = load("libzstd.so.1")

    /// Opens `name` and resolves every function. Internal so tests can ask for a
    /// library that is not there.
    static func load(_ name: String) -> Result<LibZstd, ZstdError> {
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else { return .failure(.libraryMissing) }
        do {
            return .success(try LibZstd(handle: handle))
        } catch {
            return .failure(error)
        }
    }

    private init(handle: UnsafeMutableRawPointer) throws(ZstdError) {
        func symbol<T>(_ name: String, _: T.Type = T.self) throws(ZstdError) -> T {
            guard let address = dlsym(handle, name) else { throw .libraryMissing }
            return unsafeBitCast(address, to: T.self)
        }
        compressBound = try symbol("ZSTD_compressBound")
        createCCtx = try symbol("ZSTD_createCCtx")
        compressCCtx = try symbol("ZSTD_compressCCtx")
        decompress = try symbol("ZSTD_decompress")
        frameContentSize = try symbol("ZSTD_getFrameContentSize")
        isError = try symbol("ZSTD_isError")
    }
}
