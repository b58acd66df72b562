import Testing

@testable import RoutineSync

/// Sealed changes and the key check (SPEC §16.4): what opens, and that nothing else does.
@Suite struct CryptoSealingTests {
    private static let device = "6F1C2E9A-3B4D-4E5F-8A7B-1C2D3E4F5A6B"
    private static func key(_ seed: UInt8) throws -> SyncKey {
        try SyncKey(bytes: (0..<32).map { UInt8(truncatingIfNeeded: Int($0) * 7) ^ seed })
    }
    private static let payload = Array(#"{"habit":"Meditate","value":12,"note":"calm"}"#.utf8)

    @Test func aSealedChangeOpensToItsPlaintext() throws {
        let sealer = ChangeSealer(key: try Self.key(1))
        for plaintext in [[], [0], Self.payload, [UInt8](repeating: 0xab, count: 100_000)] {
            let sealed = try sealer.seal(plaintext, device: Self.device, seq: 42, kind: "entry.record")
            #expect(sealed.count == plaintext.count + SealedBytes.overhead)
            #expect(sealed[0] == 1)
            #expect(try sealer.open(sealed, device: Self.device, seq: 42, kind: "entry.record") == plaintext)
        }
    }

    @Test func theSameChangeSealsDifferentlyEachTime() throws {
        let sealer = ChangeSealer(key: try Self.key(1))
        let first = try sealer.seal(Self.payload, device: Self.device, seq: 1, kind: "k")
        let second = try sealer.seal(Self.payload, device: Self.device, seq: 1, kind: "k")
        #expect(first != second)
        #expect(first[1..<13] != second[1..<13])
    }

    @Test func theCiphertextDoesNotHoldThePlaintext() throws {
        let sealed = try ChangeSealer(key: try Self.key(1)).seal(Self.payload, device: Self.device, seq: 1, kind: "k")
        let text = String(decoding: sealed, as: UTF8.self)
        #expect(!text.contains("Meditate"))
        #expect(!text.contains("calm"))
    }

    @Test func everySingleBitFlipFailsToOpen() throws {
        let sealer = ChangeSealer(key: try Self.key(1))
        let sealed = try sealer.seal(Self.payload, device: Self.device, seq: 7, kind: "entry.edit")
        for bit in 0..<(sealed.count * 8) {
            var damaged = sealed
            damaged[bit / 8] ^= 1 << UInt8(bit % 8)
            #expect(throws: SyncCryptoError.cannotOpen(device: Self.device, seq: 7), "bit \(bit)") {
                try sealer.open(damaged, device: Self.device, seq: 7, kind: "entry.edit")
            }
        }
    }

    @Test func anotherDeviceSequenceOrKindFailsToOpen() throws {
        let sealer = ChangeSealer(key: try Self.key(1))
        let sealed = try sealer.seal(Self.payload, device: Self.device, seq: 7, kind: "entry.edit")
        let other = "6F1C2E9A-3B4D-4E5F-8A7B-1C2D3E4F5A6C"
        #expect(throws: SyncCryptoError.cannotOpen(device: other, seq: 7)) {
            try sealer.open(sealed, device: other, seq: 7, kind: "entry.edit")
        }
        for seq: Int64 in [6, 8, -7, .max] {
            #expect(throws: SyncCryptoError.cannotOpen(device: Self.device, seq: seq)) {
                try sealer.open(sealed, device: Self.device, seq: seq, kind: "entry.edit")
            }
        }
        for kind in ["entry.delete", "entry.edi", "entry.edit ", ""] {
            #expect(throws: SyncCryptoError.cannotOpen(device: Self.device, seq: 7)) {
                try sealer.open(sealed, device: Self.device, seq: 7, kind: kind)
            }
        }
    }

    @Test func theAssociatedDataCannotBeShiftedBetweenFields() throws {
        #expect(
            ChangeSealer.associatedData(device: "ab", seq: 1, kind: "c")
                != ChangeSealer.associatedData(device: "a", seq: 1, kind: "bc"))
        let sealer = ChangeSealer(key: try Self.key(1))
        let sealed = try sealer.seal(Self.payload, device: "ab", seq: 1, kind: "c")
        #expect(throws: SyncCryptoError.cannotOpen(device: "a", seq: 1)) {
            try sealer.open(sealed, device: "a", seq: 1, kind: "bc")
        }
        // The layout: version, 4-byte length, device, 8-byte seq, 4-byte length, kind.
        #expect(
            ChangeSealer.associatedData(device: "ab", seq: 258, kind: "c")
                == [1, 0, 0, 0, 2, 0x61, 0x62, 0, 0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 1, 0x63])
    }

    @Test func anotherKeyFailsToOpen() throws {
        let sealed = try ChangeSealer(key: try Self.key(1)).seal(Self.payload, device: Self.device, seq: 3, kind: "k")
        #expect(throws: SyncCryptoError.cannotOpen(device: Self.device, seq: 3)) {
            try ChangeSealer(key: try Self.key(2)).open(sealed, device: Self.device, seq: 3, kind: "k")
        }
    }

    @Test func shortOrUnknownVersionsFailToOpen() throws {
        let sealer = ChangeSealer(key: try Self.key(1))
        var sealed = try sealer.seal([], device: Self.device, seq: 3, kind: "k")
        for length in 0..<sealed.count {
            #expect(throws: SyncCryptoError.cannotOpen(device: Self.device, seq: 3)) {
                try sealer.open(Array(sealed.prefix(length)), device: Self.device, seq: 3, kind: "k")
            }
        }
        sealed[0] = 2
        #expect(throws: SyncCryptoError.cannotOpen(device: Self.device, seq: 3)) {
            try sealer.open(sealed, device: Self.device, seq: 3, kind: "k")
        }
    }

    @Test func theErrorIsOneLineNamingTheChange() {
        let error = SyncCryptoError.cannotOpen(device: "laptop-uuid", seq: 12)
        #expect(
            error.description
                == "change 12 from device laptop-uuid cannot be opened: it was tampered with or sealed with another key"
        )
    }

    @Test func theKeyCheckPassesForItsKeyAndServerOnly() throws {
        let check = try KeyCheck.make(key: try Self.key(1), serverID: "server-a")
        try KeyCheck.verify(check, key: try Self.key(1), serverID: "server-a")
        #expect(throws: SyncCryptoError.wrongKey) {
            try KeyCheck.verify(check, key: try Self.key(2), serverID: "server-a")
        }
        #expect(throws: SyncCryptoError.wrongKey) {
            try KeyCheck.verify(check, key: try Self.key(1), serverID: "server-b")
        }
        #expect(SyncCryptoError.wrongKey.description == "the passphrase does not match this sync server's key")
    }

    @Test func aDamagedKeyCheckIsToldApart() throws {
        var check = try KeyCheck.make(key: try Self.key(1), serverID: "server-a")
        #expect(throws: SyncCryptoError.wrongKey) {
            var flipped = check
            flipped[20] ^= 1
            try KeyCheck.verify(flipped, key: try Self.key(1), serverID: "server-a")
        }
        #expect(throws: SyncCryptoError.damagedKeyCheck) {
            try KeyCheck.verify(Array(check.prefix(10)), key: try Self.key(1), serverID: "server-a")
        }
        check[0] = 9
        #expect(throws: SyncCryptoError.damagedKeyCheck) {
            try KeyCheck.verify(check, key: try Self.key(1), serverID: "server-a")
        }
    }

    @Test func aKeyCheckDoesNotOpenAsAChange() throws {
        let key = try Self.key(1)
        let check = try KeyCheck.make(key: key, serverID: "s")
        #expect(throws: SyncCryptoError.cannotOpen(device: "s", seq: 0)) {
            try ChangeSealer(key: key).open(check, device: "s", seq: 0, kind: "")
        }
    }
}
