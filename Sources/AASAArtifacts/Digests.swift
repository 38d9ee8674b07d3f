import AASACore
#if canImport(CCrypto)
import CCrypto
#elseif canImport(CommonCrypto)
import CommonCrypto
#endif

/// The digests code signatures seal, computed by OpenSSL's libcrypto (`EVP_Digest`; Debian
/// `libssl-dev`), or by CommonCrypto on macOS. Core checks signatures with them
/// (``SignedEntitlements/Digest``) and never hashes by hand.
public enum Digests {
    /// SHA-1, SHA-256 (also for the truncated type: the caller cuts it) or SHA-384 of `bytes`.
    public static let compute: SignedEntitlements.Digest = { type, bytes in
        digest(type, bytes)
    }

    /// The full digest of `bytes` (20, 32 or 48 bytes).
    public static func digest(_ type: CodeDirectory.HashType, _ bytes: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: type.digestLength)
        #if canImport(CCrypto)
        let md: OpaquePointer?
        switch type {
        case .sha1: md = EVP_sha1()
        case .sha256, .sha256Truncated: md = EVP_sha256()
        case .sha384: md = EVP_sha384()
        }
        var length: UInt32 = 0
        let ok = bytes.withUnsafeBytes { input in
            out.withUnsafeMutableBufferPointer { output in
                EVP_Digest(input.baseAddress, input.count, output.baseAddress, &length, md, nil)
            }
        }
        // EVP_Digest fails only without memory or with a provider missing: no digest, no match.
        precondition(ok == 1 && Int(length) == out.count, "libcrypto could not compute \(type.name)")
        #elseif canImport(CommonCrypto)
        bytes.withUnsafeBytes { input in
            out.withUnsafeMutableBufferPointer { output in
                switch type {
                case .sha1: _ = CC_SHA1(input.baseAddress, CC_LONG(input.count), output.baseAddress)
                case .sha256, .sha256Truncated: _ = CC_SHA256(input.baseAddress, CC_LONG(input.count), output.baseAddress)
                case .sha384: _ = CC_SHA384(input.baseAddress, CC_LONG(input.count), output.baseAddress)
                }
            }
        }
        #endif
        return out
    }
}
