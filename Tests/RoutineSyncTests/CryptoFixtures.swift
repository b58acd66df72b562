/// Values made by swift-crypto 4.5.2 (BoringSSL's scrypt and ChaChaPoly), which sync used
/// before its own primitives, printed while it was still linked (2026-11-27) and kept here
/// so every server set up before the change still opens: its key check and its sealed
/// changes, and the key its passphrase derives. Hex throughout.
enum CryptoFixtures {
    /// passphrase, salt, log2N, r, p, the 32-byte key `SyncKey.derive` made.
    static let scrypt: [(passphrase: String, salt: String, log2N: Int, r: Int, p: Int, key: String)] = [
        (
            "correct horse battery", "000102030405060708090a0b0c0d0e0f", 10, 8, 1,
            "84a1962f6d96b5d19f21bc443c0674e814b66d6c982ae6482afca97c09583969"
        ),
        (
            "correct horse battery", "000102030405060708090a0b0c0d0e0f", 11, 8, 1,
            "0b67f0e17453d166effa662f2f1461fadae66e8556b69cf5eef94728ff1be558"
        ),
        (
            "correct horse battery", "000102030405060708090a0b0c0d0e0f", 12, 8, 2,
            "ff1cb628fe3eb852c5d1bff2386ec9b326a253cb141cc45fe19dd3e8096ad035"
        ),
        (
            "caf\u{e9} cr\u{e8}me br\u{fb}l\u{e9}e", "a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5", 13, 8, 1,
            "048724b284efcb71dd4c36fe81bb8794c5e1f0cc8619609dda56dbe0853e2942"
        ),
        (
            "a passphrase of a good length, with spaces",
            "6465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f80818283", 14, 8, 1,
            "5c383ee01bce2a7d2b24be9b5e6b917ad0994e72ede871fc89192f987407018f"
        ),
        (
            "p", "00000000000000000000000000000000", 14, 8, 2,
            "3f002125785f9b82ec6e3967ab99a74d7a9e2fbcbead83b76a07064110d3df23"
        ),
        (
            "short salt edge", "c8c9cacbcccdcecfd0d1d2d3d4d5d6d7", 10, 1, 3,
            "51d24ae318e840e3559df9ab12ba51931055cb73ba4bda8cdf0dbf816a601ec1"
        ),
        (
            "r sixteen", "32333435363738393a3b3c3d3e3f4041", 11, 16, 1,
            "5358a60fbbefd375975d365ac407e8093358255200ac03ca0b71764aba351ff8"
        ),
        (
            "r thirty-two p four", "090a0b0c0d0e0f101112131415161718", 10, 32, 4,
            "8c4af01973d2c008f5108fad88f828a316046cacb717bea77c19755a24148780"
        ),
    ]

    /// The key the sealed fixtures are sealed under: byte i is (7·i mod 256) XOR 0x5c.
    static let sealingKey: [UInt8] = (0..<32).map { UInt8(truncatingIfNeeded: Int($0) * 7) ^ 0x5c }

    /// plaintext, associated data, `SealedBytes.seal`'s output (a random nonce), and
    /// `ChaChaPoly.seal`'s with a fixed nonce (byte i is 17·i + the row's index), version
    /// byte first: what sealing must write byte for byte.
    static let sealed: [(plaintext: String, associatedData: String, sealed: String, sealedWithFixedNonce: String)] = [
        (
            plaintext: "",
            associatedData: "",
            sealed: "01240abd0f1975a264ae6b36363d9ad72fa02f3ebb6c7d9347b1e9f36c",
            sealedWithFixedNonce: "0100112233445566778899aabbf3b48896a4f6bfc1ffea5471e108d035"
        ),
        (
            plaintext: "01",
            associatedData: "0304050607",
            sealed: "015c33268801ffbfc3ead0deed75d42d685e49545c56ad1dc4004f565b57",
            sealedWithFixedNonce: "010112233445566778899aabbc820605c65b68c0d3cf1f0124588f9cdf52"
        ),
        (
            plaintext: "0221405f7e9dbcdbfa1938577695b4",
            associatedData: "030405060708090a0b0c",
            sealed:
                "01d59fc97faa3787ee24186fd4178c4656d40b26c7587a90027f4b8539a14959050ac4d6902e5816c2431ae5",
            sealedWithFixedNonce:
                "0102132435465768798a9bacbd696fcf2c74deff87abdf62df0610938f8b189e6d9ac2814d307e48bed64559"
        ),
        (
            plaintext: "032241607f9ebddcfb1a39587796b5d4",
            associatedData: "030405060708090a0b0c0d0e0f1011",
            sealed:
                "018c88e4ee6559db13b2e606f57c0b4eea109577371e01232a531c731d3e946ef991445d1bf5bc7bb40edb7395",
            sealedWithFixedNonce:
                "01031425364758697a8b9cadbeb5d4c81d8283a029207e7ff844351f2633ae7f7619888c135e514e91c32e29d7"
        ),
        (
            plaintext: "04234261809fbeddfc1b3a597897b6d5f4",
            associatedData: "030405060708090a0b0c0d0e0f10111213141516",
            sealed:
                "0195ba9d35cb9d5522cac1bd2422c70aa17ad0b9c414259185b5d08a45d95bfbe910a698a40cddefb760116e4a"
                + "7f",
            sealedWithFixedNonce:
                "010415263748596a7b8c9daebfdbea22422a1cbf5c70499ddf0fc513172843361a2021985109d955779257509f"
                + "40"
        ),
        (
            plaintext:
                "0524436281a0bfdefd1c3b5a7998b7d6f51433527190afceed0c2b4a6988a7c6e504234261809fbeddfc1b3a59"
                + "7897b6d5f4133251708faecdec0b2a496887",
            associatedData: "030405060708090a0b0c0d0e0f101112131415161718191a1b",
            sealed:
                "01accb3db4ac53a5f6b83a397d5a218311e3061b8243a6c0d9647d58454090a56d6cbf4c27ed56c9748136c7f9"
                + "55dc67ccb6384b8fad558de5ff27305eab039d2b08c526fcb6f7ba2d3a2eec45f2739b16396b6c91d0cec6fcb7"
                + "dcab",
            sealedWithFixedNonce:
                "0105162738495a6b7c8d9eafc09c10bf01c04ac904d8c72363b1ff7c8dcff1bbcff48c794cd176fb2f7c2fffac"
                + "dd0fb07227b404412742dff0d06ed7e87e013db748c4349676f8027a5f1f3de972ab3c55028dac05a8a8c80c3c"
                + "471d"
        ),
        (
            plaintext:
                "0625446382a1c0dffe1d3c5b7a99b8d7f61534537291b0cfee0d2c4b6a89a8c7e60524436281a0bfdefd1c3b5a"
                + "7998b7d6f51433527190afceed0c2b4a6988a7",
            associatedData: "030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20",
            sealed:
                "010f30de3a6ad5b92f4e84b35ed5fad3334bae1113e7430bc40c9bfe1ba8efedd23660ac88f021fb63b95abb71"
                + "93e8ce90d1d838f076d5b95af3abbd1fa4b52f6d3134bd79f2cdc15e38eded5b5df98cb904cba677ad45503cc0"
                + "cd2a0b",
            sealedWithFixedNonce:
                "01061728394a5b6c7d8e9fb0c1e993cb5936eb333437f91b0fcf5daed45456c7f6479cd41b07d242123d77a8f1"
                + "3d3b9a4bb9bd44dc973e976f387919554c59980c2338cc6ccd69810751c7258d448ee9764a2e9b642e2cbbbebc"
                + "5cd27a"
        ),
        (
            plaintext:
                "0726456483a2c1e0ff1e3d5c7b9ab9d8f71635547392b1d0ef0e2d4c6b8aa9c8e70625446382a1c0dffe1d3c5b"
                + "7a99b8d7f61534537291b0cfee0d2c4b6a89a8c7",
            associatedData: "030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425",
            sealed:
                "016f98a21d0fefd767a825eebfc55da29e4ba02bad79a5f9f0023923ac4f45067ea5bc1bdc25f0555e3137ac65"
                + "e49286dc6743e262a18400a95856ca483a91bef2d920f1446a448655a391cc2b55120bfbb48cb5f6f0ae811b4c"
                + "2b5f8e83",
            sealedWithFixedNonce:
                "010718293a4b5c6d7e8fa0b1c20cae00799f60c613a6760f7316a4a3e21dbd7e7fdde43b98079480c0a60d89f6"
                + "c545b27ef027ea043df1b891a70edb0f195889ca15dd42f1c92f722b5ddb599d230f9ebe1c2ec616e6ed1abb86"
                + "144ec900"
        ),
        (
            plaintext:
                "0827466584a3c2e1001f3e5d7c9bbad9f81736557493b2d1f00f2e4d6c8baac9e80726456483a2c1e0ff1e3d5c"
                + "7b9ab9d8f71635547392b1d0ef0e2d4c6b8aa9c8e70625446382a1c0dffe1d3c5b7a99b8d7f61534537291b0cf"
                + "ee0d2c4b6a89a8c7e60524436281a0bfdefd1c3b5a7998b7d6f51433527190afceed0c2b4a6988a7c6e5042342"
                + "61809fbeddfc1b3a597897b6d5f4133251708faecdec0b2a496887a6c5e4032241607f9ebddcfb1a39587796b5"
                + "d4f31231506f8eadcceb0a29486786a5c4e30221405f7e9dbcdbfa1938577695b4d3f211304f6e8daccbea0928"
                + "476685a4c3e201203f5e7d9cbbdaf91837567594b3d2f1102f4e6d8cabcae90827466584a3c2e1001f3e5d7c9b"
                + "bad9f81736557493b2d1f00f2e4d6c8baac9e80726456483a2c1e0ff1e3d5c7b9ab9d8f71635547392b1d0ef0e"
                + "2d4c6b8aa9c8e70625446382a1c0dffe1d3c5b7a99b8d7f61534537291b0cfee0d2c4b6a89a8c7e60524436281"
                + "a0bfdefd1c3b5a7998b7d6f51433527190afceed0c2b4a6988a7c6e504234261809fbeddfc1b3a597897b6d5f4"
                + "133251708faecdec0b2a496887a6c5e4032241607f9ebddcfb1a39587796b5d4f31231506f8eadcceb0a294867"
                + "86a5c4e30221405f7e9dbcdbfa1938577695b4d3f211304f6e8daccbea0928476685a4c3e201203f5e7d9cbbda"
                + "f91837567594b3d2f1102f4e6d8cabcae90827466584a3c2e1001f3e5d7c9bbad9f81736557493b2d1f00f2e4d"
                + "6c8baac9e80726456483a2c1e0ff1e3d5c7b9ab9d8f71635547392b1d0ef0e2d4c6b8aa9c8e70625446382a1c0"
                + "dffe1d3c5b7a99b8d7f61534537291b0cfee0d2c4b6a89a8c7e60524436281a0bfdefd1c3b5a7998b7d6f51433"
                + "527190afceed0c2b4a6988a7c6e504234261809fbeddfc1b3a597897b6d5f4133251708faecdec0b2a496887a6"
                + "c5e4032241607f9ebddcfb1a39587796b5d4f31231506f8eadcceb0a29486786a5c4e30221405f7e9dbcdbfa19"
                + "38577695b4d3f211304f6e8daccbea0928476685a4c3e201203f5e7d9cbbdaf91837567594b3d2f1102f4e6d8c"
                + "abcae90827466584a3c2e1001f3e5d7c9bbad9f81736557493b2d1f00f2e4d6c8baac9e80726456483a2c1e0ff"
                + "1e3d5c7b9ab9d8f71635547392b1d0ef0e2d4c6b8aa9c8e70625446382a1c0dffe1d3c5b7a99b8d7f615345372"
                + "91b0cfee0d2c4b6a89a8c7e60524436281a0bfdefd1c3b5a7998b7d6f51433527190afceed0c2b4a6988a7c6e5"
                + "04234261809fbeddfc1b3a597897b6d5f4133251708faecdec0b2a496887a6c5e4032241607f9ebddcfb1a3958"
                + "7796b5d4f31231506f8eadcceb0a29486786a5c4e30221405f7e9dbcdbfa1938577695b4d3f211304f6e8daccb"
                + "ea0928476685a4c3e201",
            associatedData: "030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a",
            sealed:
                "014a78d77ffcf47f1adfb8eaede22cc8594cc337f48ab134705ba652b3747a68bdaf5b9095ca61451054e3bb52"
                + "070b3f944e494e967099692152473b8ef1fccada75ef425c197a10ea4d15ebd23a15da5ce7267ac40bd10b8f27"
                + "e4f2ef1d0712ec6c37febb241ced0f65cf316ed0b580b005600b0833e3dfa5423aa80724bbe7a836c73c400960"
                + "88cc4980b38f0981b7191101e071ceeb4b6f4e21427681d8f67ef2a593e6a8013cbdfca5744bb1c9dc29872208"
                + "8d59f8373c0a9342a00a53369db294567f9fad32dc719621795ae2edde077fdca059cf94851c29b47cc1231214"
                + "df143402e8936d3adf44f36f53e523cee8f50ed47ab65a90b41dae1fc18b5a1c8724af081373d310e6fccedf47"
                + "7e1ecf51d7df36b2470e7b1cbffd4fafdd2bd6cfe5cdf7197af36ad5ef16f2d0b697e0054b3914e35398271038"
                + "2e6a9c1d7116cc753250d4eb0cc39c66bd763a498ca6782bf997d67743eb47be2c794425719854417c13e0c5ac"
                + "31ec4f38a5957e3091dc2a3814b5c5c1719c5d2b2a40c20305f06e9f35f729aba667cc093e2c404e590f5c630a"
                + "70ed909f3ba0f36b257672481eea920c816da51632a06b3ffeeb309003787a868d785b42ccec42be47bafe6528"
                + "967be9ec6452a367f2ba152817bd219264970f004785a64be55d74f1233cf45e6e2840a85ff921068f2829c29a"
                + "aa5c7e2a31fd4416402482d2357135cd5cb780427fb28c9a34e9092d666eab4710897d40b7940278c3572ca31d"
                + "2bcb71295ac566f18698df4e32350f3222865c7909bd4eb58d78463b86dc5cc2ccdbdfce924fbd39fb0c6dda0b"
                + "4dea24d3f8455c9f49a104084f5d128361235ff2f0eced2da528f00911e6c0c54e639ecba70d1126a3a6f84e57"
                + "d3d88f4cc3f11289040cf1a9acd211943a2fa2d14893c25c5ad15aeb77248dd3567ef62d93932003a9569ee832"
                + "54a361c030394b7251bf2802d31f587f42789effe1b92f636bc2a3691edd352c9ef9142dbebef9eaf938d0c2fd"
                + "a57188d483a9b60c2b4495ff9bb766bd61afb70a52fa01cff4f334e47190f1ebe4c675d6b465080ae73f9ad07b"
                + "dc3297f2f028afc461fe974d18f9a9cd943a0732b06870f83d23d1d50872ce71050c904845071045c5fe64eb84"
                + "5635940c9adbed4054c77fffd1e751378044ae527facec03d4ecaec552ae1560064b1d6becd51273e80773c4d8"
                + "99f36fe01c5a734fe56a3685b185fab4e1b06f1a4a31eb60f8e2b4150ac90d69e1817c669e609ed81cbfc5661a"
                + "ec0d668be19c7277c9d75d420f69dc0c85bd29e64502589cc0cb0f2dcf2f206514b2b7562a082f4d1a2df4bd4e"
                + "a9e80261852dc01cab6fd697e0e2f03b3c64e7e5319d4c6388df8c8fc4c1d04a18d7127d4403726c7ca46ee20a"
                + "2c020ac368e652e89b6cac7dc062c7793c4aeb0dcb0c86ebb7e0bed4a7b58fa6abff5ac6af2610",
            sealedWithFixedNonce:
                "0108192a3b4c5d6e7f90a1b2c3c19c8777fc942b254b99eb11c5f04b7f5a542fa3a5de9894c6a1e0917a022746"
                + "4d36fe2d62a4f40dc7eee2994fe9b6c3fe09f4713db4de23b1582ee56834d9a469471eac0f2e04f8ed61afcb85"
                + "ffc3953e4a0ddc4c50b51c70f270335a32678c4ddb00fb1a7850f5a02275486d135f81e67b8018f2a6b35f7d34"
                + "c760cd9fef5347ce0254971ef015c937a23dac21a6239916e52ef9dd4693d8c4a71febf5aef603281fecff6678"
                + "7bc21385d44d2d9c10106dc76785e4b14ed3ed223ca27d62633bf2b6deddbfb67d3bf4572e5b0dcb0867a97e0d"
                + "05ba34d695da76324787e6b8dbb0d7713a847dbd44e8ef3b693613688bc222c013e559bea367e556981b2fee2a"
                + "cef2093dd07f7c50bec83b0e873f59806449253a61aa32cdeeeab8414d54bef9e022fb50184b91e81eb032d54d"
                + "123ec19be317107dcb336076be532b0a9caceff083ee4bad438ad2b02048c74ac766815b3a2382179eebf258b6"
                + "ca6d6119053c1af0610216c80d52c7d0a9484ad1497ae9332dbe6808a55282a31f29a77c64933fe892946e803f"
                + "93ba322f2462fb9d546b11edfe37652092960652810b753ab6aebc9f42a978b833d2e52ad4f02a17fc73369c0c"
                + "ab45c642f65432a4d7fdcaad00e4ec1f759d03775ced61a7c96928bd750bcd22784e18eedca54907d0c64652f9"
                + "61bf38eaefb5e365e678f2dadd8b38c8ed0d6c56d3ff73b9710bd8675d90699db4994bdd69b48dad73dbfc2da7"
                + "d349203fcda83ef1d01c2c4f6259ef136e41966a17dc2c32dd0c0f9de13bde88694bd267a137a79588d54c03b0"
                + "bbc79707454179e06633011de3dd74aa1d0dad4acba23b9fbea48f520af5101910f47deefa7cc7a99ff9f415cb"
                + "2a4b64db64ad952daee73b33bb3c55584d2aa4da5298181d9cee1d4f2e370f1f4915faa963563a5110fef5d505"
                + "87d7c356e0aea562d2e4aab5679e4662e9bb7a68214873b445ddacd2030868529773b25900057900872b07283f"
                + "7c6fa09deb0a60a44bc755bc26ff713569b1bfe85325b4cc078dfe99e94dcf13953674a2d6afc31cd3232793fd"
                + "5d780b3eaaa61afa8d088ba6aa2fafd05a514a3fc4d0ffb60079020c00fce883a8fac7d785b10cd7a88b95ba42"
                + "c63602c991320f982eacdcaf2531b0c097e2fbca801a55db6596050e1d7190631bc08a0dad8ebdb97506f399cc"
                + "26788cadc137a6b8aa6b220d9b02f15a2ee40176c07010c82ab70f5c243ea296f2b442208561b04c38368961b0"
                + "0d441465f7d75f3dd7e3c5bf2978f371c06a4eb59626cd2e4ea44439af29dbdc30290ced48d657487bbde1392f"
                + "d3af09f6bdeaae9562a07a42ad8ee1f3a44a95b34c137996908000d3710fb2c6d95efb9ba702c9c4a8fbda00a1"
                + "89f73cf82fa5d965ae746a3e2921300ac78d3f02c12480a5d8e217f5ef46fa2c98aa44f45ca34f"
        ),
    ]

    /// A change sealed by `ChangeSealer` under ``sealingKey``: device
    /// 6F1C2E9A-3B4D-4E5F-8A7B-1C2D3E4F5A6B, seq 42, kind entry.record.
    static let change = (
        plaintext: "7b226861626974223a224d65646974617465222c2276616c7565223a31327d",
        sealed:
            "01148b319eb0f4705e59d9055b8ace1e79a14c210ed22fe44f9ff07c3a253ffa686b33606c64593aa589f336bf"
            + "15e270e9827e6338e0a6c61023983e"
    )

    /// `KeyCheck.make` for server "server-a" under the key "correct horse battery" derives
    /// with salt 00 01 … 0f at scrypt:10:8:1 (the first scrypt row).
    static let keyCheck =
        "01dc2b3f457d4d2caf5c839a6416f90a0c71533add6b4f0bcbdddc40226f98ec562c93cb040dd2ce738d917314"
        + "7039329f3f139f7e"
}

/// Bytes from hex text (whitespace and colons ignored), and back.
enum Hex {
    static func bytes(_ text: String) -> [UInt8] {
        let digits = Array(text.unicodeScalars.filter { !" \n:".unicodeScalars.contains($0) }.map(Character.init))
        precondition(digits.count % 2 == 0, "odd hex")
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16)! }
    }

    static func text(_ bytes: [UInt8]) -> String {
        bytes.map { String($0 >> 4, radix: 16) + String($0 & 15, radix: 16) }.joined()
    }
}
