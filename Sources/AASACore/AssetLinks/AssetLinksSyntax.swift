/// Relation strings (spec `assetlinks-reference.md` §2.2).
public enum AssetLinksRelation {
    /// Android App Links (and, in practice, passkeys).
    public static let handleAllURLs = "delegate_permission/common.handle_all_urls"
    /// Credential sharing and Credential Manager.
    public static let getLoginCreds = "delegate_permission/common.get_login_creds"
    /// The relations an Android feature reads.
    public static let wellKnown: Set<String> = [handleAllURLs, getLoginCreds]
    /// The only kind `details.md` defines.
    public static let delegatePermission = "delegate_permission"

    /// What is wrong with `relation`, in Google's words (2100 group, 1100/1300 groups), or `nil`
    /// when it is valid: `^[a-z0-9_]+/[a-z0-9_.]+$` with no surrounding white space (§2.2
    /// grammar, policy from the suite).
    public static func defect(_ relation: String) -> String? {
        let shown = "\"" + SafeText.escape(relation, limit: 200) + "\""
        let parts = relation.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            return "Invalid relation string \(shown): a relation is KIND/DETAIL with exactly one /"
        }
        guard !parts[0].isEmpty, parts[0].utf8.allSatisfy({ isLowerDigitUnderscore($0) }) else {
            return "Invalid 'kind' field in relation string \(shown): the kind is lower-case letters, digits and _"
        }
        guard !parts[1].isEmpty, parts[1].utf8.allSatisfy({ isLowerDigitUnderscore($0) || $0 == 0x2E }) else {
            return "Invalid 'detail' field in relation string \(shown): the detail is lower-case letters, digits, _ and . (no wildcard)"
        }
        return nil
    }

    /// The part before the `/` of a valid relation.
    public static func kind(_ relation: String) -> Substring {
        relation.split(separator: "/", maxSplits: 1).first ?? ""
    }

    static func isLowerDigitUnderscore(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
    }
}

/// SHA-256 certificate fingerprints as statements and queries write them (spec §2.3,
/// §4.5; `details.md`; the API's `CertificateInfo`): 32 bytes as upper-case hex pairs joined
/// by `:`, 95 characters. Compared as strings, exactly (AOSP `AndroidAppAssetMatcher`).
public enum CertificateFingerprint {
    /// Bytes in a SHA-256 fingerprint.
    public static let byteCount = 32

    /// Whether `text` is exactly `^([0-9A-F]{2}:){31}[0-9A-F]{2}$`.
    public static func isValid(_ text: String) -> Bool {
        let u = Array(text.utf8)
        guard u.count == 95 else { return false }
        for (i, b) in u.enumerated() {
            if i % 3 == 2 {
                guard b == 0x3A else { return false }
            } else {
                guard (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) else { return false }
            }
        }
        return true
    }

    /// `bytes` as upper-case colon hex (what `keytool -list -v` and `apksigner` print).
    public static func format(_ bytes: [UInt8]) -> String { Hex.bytes(bytes, separator: ":") }

    /// What is wrong with a fingerprint that is not valid, and its corrected spelling when the
    /// 32 bytes can be read from it (lower case, no colons, other separators, spaces around it).
    public static func defect(_ text: String) -> FingerprintDefect? {
        guard !isValid(text) else { return nil }
        if text.isEmpty { return FingerprintDefect(reason: "it is empty", corrected: nil, isPlaceholder: false) }
        if looksLikePlaceholder(text) {
            return FingerprintDefect(reason: "it is a placeholder, not a fingerprint", corrected: nil, isPlaceholder: true)
        }
        let separators: Set<UInt8> = [0x3A, 0x20, 0x2D, 0x09]  // : space - tab
        var nibbles: [UInt8] = []
        var foreign = false
        for b in text.utf8 {
            if let v = hexValue(b) { nibbles.append(v) } else if !separators.contains(b) { foreign = true }
        }
        if foreign {
            return FingerprintDefect(reason: "it holds characters that are not hex digits or colons", corrected: nil, isPlaceholder: false)
        }
        if nibbles.count % 2 != 0 {
            return FingerprintDefect(reason: "it holds an odd number of hex digits (\(nibbles.count))", corrected: nil, isPlaceholder: false)
        }
        let count = nibbles.count / 2
        if count == 20 {
            return FingerprintDefect(reason: "it is 20 bytes, a SHA-1 fingerprint; statements take the SHA-256 one (32 bytes)",
                                     corrected: nil, isPlaceholder: false)
        }
        if count != byteCount {
            return FingerprintDefect(reason: "it is \(count) bytes; a SHA-256 fingerprint is 32", corrected: nil, isPlaceholder: false)
        }
        var bytes: [UInt8] = []
        for i in stride(from: 0, to: nibbles.count, by: 2) { bytes.append(nibbles[i] << 4 | nibbles[i + 1]) }
        let corrected = format(bytes)
        let lower = text.utf8.contains { $0 >= 0x61 && $0 <= 0x66 }
        let spelled = text.trimmingCharacters(in: " \t").utf8.count == 95 && !text.utf8.contains { $0 == 0x20 || $0 == 0x2D }
        let reason = lower && spelled
            ? "its hex digits are lower case; Google compares fingerprints exactly, in upper case"
            : "it is not written as 32 upper-case hex pairs joined by colons"
        return FingerprintDefect(reason: reason, corrected: corrected, isPlaceholder: false)
    }

    /// Text that stands in for a fingerprint (`REPLACE_WITH_PLAY_APP_SIGNING_SHA256`,
    /// `<SHA256>`, `YOUR_FINGERPRINT`, `${sha256}`, `XX:XX:…`).
    public static func looksLikePlaceholder(_ text: String) -> Bool {
        let upper = text.uppercased()
        if ["REPLACE", "YOUR", "FINGERPRINT", "SHA256", "SHA-256", "INSERT", "PLACEHOLDER", "TODO", "<", "{", "$"]
            .contains(where: Words(upper).holds) { return true }
        let stripped = upper.filter { $0 != ":" }
        return stripped.count >= 8 && stripped.allSatisfy { $0 == "X" }
    }

    /// Whether a valid fingerprint is one byte repeated (all zero, `AA:AA:…`): a placeholder
    /// that happens to be well formed.
    public static func isRepeatedByte(_ text: String) -> Bool {
        let pairs = text.split(separator: ":")
        return pairs.count == byteCount && Set(pairs).count == 1
    }

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: return b - 0x30
        case 0x41...0x46: return b - 0x41 + 10
        case 0x61...0x66: return b - 0x61 + 10
        default: return nil
        }
    }
}

/// Why a fingerprint is malformed.
public struct FingerprintDefect: Sendable, Hashable {
    /// Words for the message: "its hex digits are lower case; …".
    public var reason: String
    /// The valid spelling of the same 32 bytes, when they could be read.
    public var corrected: String?
    /// The text is a placeholder (`REPLACE_WITH_…`), not an attempt at a fingerprint.
    public var isPlaceholder: Bool
}

/// Android package names (spec §2.3).
public enum AndroidPackageName {
    /// Google's rule as the suite shows it (`comptest2307` empty, `2308` `B A D`): not empty,
    /// no white space or control character. The exact rule is unpublished.
    public static func isAcceptedByGoogle(_ name: String) -> Bool {
        !name.isEmpty && !name.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }
    }

    /// The Java package grammar Android's build tools require (two or more dot-separated
    /// segments, each a letter then letters, digits and `_`): `^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$`.
    public static func isJavaPackage(_ name: String) -> Bool {
        let segments = name.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count >= 2 else { return false }
        return segments.allSatisfy { s in
            guard let first = s.utf8.first, isLetter(first) else { return false }
            return s.utf8.allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
        }
    }

    /// A name that stands in for the real one: `com.example` and below (the Android Studio
    /// template's prefix, which Google Play does not accept), `your.package.name`,
    /// `PACKAGE_NAME`, `${applicationId}`, `<package>`.
    public static func looksLikePlaceholder(_ name: String) -> Bool {
        let lower = name.lowercased()
        if lower == "com.example" || lower.hasPrefix("com.example.") { return true }
        if ["package_name", "packagename", "replace", "placeholder", "<", "{", "$", "applicationid"]
            .contains(where: Words(lower).holds) { return true }
        return lower.split(separator: ".").contains { $0 == "your" || $0.hasPrefix("your") }
    }

    static func isLetter(_ b: UInt8) -> Bool { (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) }
}

/// Whether a text holds a placeholder's word, character by character as `String.contains`
/// compares (a word followed by a combining mark is another character there), read byte by
/// byte when the text is ASCII, where the two agree.
private struct Words {
    let text: String
    let isASCII: Bool

    init(_ text: String) {
        self.text = text
        isASCII = text.utf8.allSatisfy { $0 < 0x80 }
    }

    func holds(_ word: String) -> Bool { isASCII ? text.containsUTF8(word) : text.contains(word) }
}
