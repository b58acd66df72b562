import EndToEndSupport
import Foundation
import Testing

/// libpq is loaded only when a sync connects, libzstd only when a change is packed: the
/// `routine` binary must link neither, so commands that never sync start without them.
@Suite struct PostgresLinkTests {
    @Test func theBinaryDoesNotLinkLibpq() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        process.arguments = [Binary.url.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let libraries = String(decoding: data, as: UTF8.self)
        #expect(process.terminationStatus == 0)
        #expect(libraries.contains("libc.so"), "ldd printed: \(libraries)")
        #expect(!libraries.contains("libpq"), "\(libraries)")
        #expect(!libraries.contains("libssl"), "\(libraries)")
        #expect(!libraries.contains("libzstd"), "\(libraries)")
    }
}
