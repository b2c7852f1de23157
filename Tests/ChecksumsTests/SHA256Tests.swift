import Checksums
import Testing

/// The FIPS 180-4 / NIST example messages and their published SHA-256 digests.
private let vectors: [(name: String, message: [UInt8], digest: String)] = [
    ("empty", [], "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", Array("abc".utf8), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
        "448-bit", Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
    (
        "one million a", [UInt8](repeating: 0x61, count: 1_000_000),
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
    ),
]

@Suite struct SHA256Tests {
    @Test(arguments: vectors.indices) func pureSwiftMatchesPublishedDigest(index: Int) {
        let vector = vectors[index]
        #expect(SHA256.hex(SHA256.hash(vector.message)) == vector.digest, "\(vector.name)")
        #expect(
            SHA256.hex(SHA256.hash(vector.message.lazy.map { $0 })) == vector.digest, "\(vector.name), as a sequence")
    }

    @Test(arguments: vectors.indices) func streamingInUnevenChunksMatchesPublishedDigest(index: Int) {
        let vector = vectors[index]
        var streamed = SHA256()
        // 7-byte and 1000-byte chunks cross block boundaries in every phase.
        for step in [7, 1000] {
            streamed = SHA256()
            for start in stride(from: 0, to: vector.message.count, by: step) {
                vector.message[start..<min(start + step, vector.message.count)].withUnsafeBytes {
                    streamed.update(buffer: $0)
                }
            }
            #expect(streamed.finalizeHex() == vector.digest, "\(vector.name), \(step)-byte chunks")
        }
    }

    @Test func textIsHashedAsUTF8() {
        var hasher = SHA256()
        hasher.update("ab")
        hasher.update("c")
        #expect(hasher.finalizeHex() == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test(arguments: vectors.indices) func platformMatchesPublishedDigest(index: Int) throws {
        let vector = vectors[index]
        let hasher = try PlatformSHA256()
        for start in stride(from: 0, to: vector.message.count, by: 4096) {
            try vector.message[start..<min(start + 4096, vector.message.count)].withUnsafeBytes {
                try hasher.update($0)
            }
        }
        #expect(SHA256.hex(try hasher.finalize()) == vector.digest, "\(vector.name)")
    }
}
