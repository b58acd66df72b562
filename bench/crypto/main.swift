// Sync's own primitives timed in a release build (bench/crypto_bench.py compiles this
// with Sources/RoutineSync/Crypto/Primitives/*.swift, `swiftc -O`). One measurement a
// run, printed as seconds, so the driver can alternate it with its anchor.
//
//   crypto-bench scrypt LOG2N R P   one derivation of a 32-byte key
//   crypto-bench seal BYTES COUNT   COUNT seals of BYTES bytes, then COUNT opens: two lines

let clock = ContinuousClock()

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = clock.now
    try body()
    let elapsed = clock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

let arguments = Array(CommandLine.arguments.dropFirst())
let numbers = arguments.dropFirst().compactMap { Int($0) }
switch (arguments.first, numbers.count) {
case ("scrypt", 3):
    let password = Array("correct horse battery staple".utf8)
    let salt = [UInt8](0..<16)
    print(
        try seconds {
            _ = try Scrypt.deriveKey(
                password: password, salt: salt, n: 1 << numbers[0], r: numbers[1], p: numbers[2], length: 32)
        })
case ("seal", 2):
    let key = [UInt8](0..<32)
    let plaintext = [UInt8](repeating: 0x61, count: numbers[0])
    let associatedData = [UInt8](repeating: 1, count: 60)
    var boxes: [[UInt8]] = []
    print(
        seconds {
            for index in 0..<numbers[1] {
                let nonce = (0..<12).map { UInt8(truncatingIfNeeded: index >> (8 * ($0 % 8))) }
                boxes.append(ChaCha20Poly1305.seal(plaintext, key: key, nonce: nonce, associatedData: associatedData))
            }
        })
    print(
        seconds {
            for box in boxes {
                let opened = box.withUnsafeBytes { ChaCha20Poly1305.open($0, key: key, associatedData: associatedData) }
                precondition(opened?.count == plaintext.count)
            }
        })
default:
    print("usage: crypto-bench scrypt LOG2N R P | seal BYTES COUNT")
}
