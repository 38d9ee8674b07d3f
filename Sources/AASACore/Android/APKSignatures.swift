/// Every signature of an APK (or App Bundle) and which certificates a device at each API level
/// verifies — the certificates an `assetlinks.json` statement must name for that device
/// (spec `assetlinks-reference.md` §4.5, §4.6).
///
/// How a device picks (code: the platform's `ApkSignatureSchemeV3Verifier` and
/// `ApkSignatureVerifier`, as Android 13 and later ship them; source.android.com apksigning v2,
/// v3, v3.1 pages):
/// - API 33 and later: the v3.1 block's signer whose API range holds the device's level, if any
///   (a signer targeting a development release starts one level later on release builds);
///   otherwise on to v3;
/// - API 28 and later: the v3 block's signer for the device's level; a v3 block with no signer
///   (or several) for that level makes the install fail — it does not fall back to v2;
/// - API 24 and later: the v2 block's signers;
/// - otherwise, and on any level without v2 or v3: the JAR signature's signers (v1);
/// - nothing: the APK is unsigned and is not installed.
/// A scheme block that cannot be read makes the install fail on the levels that would use it.
/// Signatures are not verified here: the prediction assumes each one verifies.
///
/// An App Bundle (`.aab`) carries only its upload key's JAR signature: Google Play removes it
/// and signs the APKs it generates with the app signing key, so no device sees the bundle's
/// certificate unless the two keys are one (§4.6; support.google.com/googleplay/android-developer/answer/9842756).
public struct APKSignatures: Sendable {
    /// What was read.
    public enum Container: Sendable, Hashable {
        case apk
        /// An Android App Bundle: its JAR signature is the upload key's.
        case appBundle
    }

    /// What one scheme's block (or the JAR signature) holds.
    public enum Block: Sendable, Hashable {
        case absent
        case signers([APKSigner])
        /// Present but unreadable (payload: why): the install fails where it would be used.
        case unreadable(String)

        public var signers: [APKSigner] {
            if case .signers(let s) = self { return s }
            return []
        }

        public var isPresent: Bool {
            if case .absent = self { return false }
            return true
        }
    }

    public var container: Container
    public var v1: Block
    public var v2: Block
    public var v3: Block
    public var v31: Block
    /// Every pair ID of the APK Signing Block, in block order (v3.2, source stamps, verity
    /// padding, store metadata…).
    public var blockIDs: [UInt32]
    /// Where the APK Signing Block lies (offset, size), when there is one.
    public var signingBlock: (offset: Int, size: Int)?
    /// What could not be read or is worth saying (no APK Signing Block and why, a signature
    /// block file without its `.SF`, a v3.2 block, pairs after a malformed one).
    public var notes: [String]

    /// Every signer, newest scheme first.
    public var signers: [APKSigner] { v31.signers + v3.signers + v2.signers + v1.signers }

    /// Whether the certificates read are the upload key's, which devices do not see (an `.aab`).
    public var isUploadSignature: Bool { container == .appBundle }

    /// What a device verifies over a range of API levels.
    public struct DeviceView: Sendable, Hashable {
        public var apiLevels: ClosedRange<Int>
        /// The scheme verified; `nil` when the install fails (``refusal`` says why).
        public var scheme: APKSignatureScheme?
        public var signers: [APKSigner]
        public var refusal: String?

        /// The certificates a statement may name for these devices, newest first: each signer's
        /// own, then its lineage's past ones.
        public var certificates: [APKSigningCertificate] {
            var out: [APKSigningCertificate] = []
            for s in signers { for c in s.acceptedCertificates where !out.contains(c) { out.append(c) } }
            return out
        }

        /// `24–27`, `33 and later`.
        public var apiLevelsText: String { APKSigner.text(apiLevels) }
    }

    /// What a device at API level `level` verifies.
    public func device(apiLevel level: Int) -> DeviceView {
        let one = level...level
        func effectiveRange(_ s: APKSigner) -> ClosedRange<Int> {
            guard s.targetsDevelopmentRelease else { return s.apiLevels }
            let low = min(s.apiLevels.lowerBound + 1, s.apiLevels.upperBound)
            return low...s.apiLevels.upperBound
        }
        if level >= APKSignatureScheme.v31.firstAPILevel {
            switch v31 {
            case .unreadable(let why):
                return DeviceView(apiLevels: one, scheme: nil, signers: [], refusal: "its v3.1 block cannot be read (\(why))")
            case .signers(let all):
                let matching = all.filter { effectiveRange($0).contains(level) }
                if matching.count == 1 { return DeviceView(apiLevels: one, scheme: .v31, signers: matching, refusal: nil) }
                if matching.count > 1 {
                    return DeviceView(apiLevels: one, scheme: nil, signers: [], refusal: "its v3.1 block has \(matching.count) signers for these API levels; one is allowed")
                }
            case .absent: break
            }
        }
        if level >= APKSignatureScheme.v3.firstAPILevel {
            switch v3 {
            case .unreadable(let why):
                return DeviceView(apiLevels: one, scheme: nil, signers: [], refusal: "its v3 block cannot be read (\(why))")
            case .signers(let all):
                let matching = all.filter { effectiveRange($0).contains(level) }
                if matching.count == 1 { return DeviceView(apiLevels: one, scheme: .v3, signers: matching, refusal: nil) }
                let ranges = all.map(\.apiLevelsText).joined(separator: ", ")
                return DeviceView(apiLevels: one, scheme: nil, signers: [], refusal: matching.isEmpty
                    ? "its v3 block has no signer for these API levels (its signers are for \(ranges)), and Android does not fall back to v2"
                    : "its v3 block has \(matching.count) signers for these API levels; one is allowed")
            case .absent: break
            }
        }
        if level >= APKSignatureScheme.v2.firstAPILevel {
            switch v2 {
            case .unreadable(let why):
                return DeviceView(apiLevels: one, scheme: nil, signers: [], refusal: "its v2 block cannot be read (\(why))")
            case .signers(let all):
                return DeviceView(apiLevels: one, scheme: .v2, signers: all, refusal: nil)
            case .absent: break
            }
        }
        switch v1 {
        case .signers(let all):
            return DeviceView(apiLevels: one, scheme: .v1, signers: all, refusal: nil)
        case .unreadable(let why):
            return DeviceView(apiLevels: one, scheme: nil, signers: [], refusal: "its JAR signature cannot be read (\(why))")
        case .absent:
            return DeviceView(apiLevels: one, scheme: nil, signers: [], refusal: level >= 24
                ? "it has no v1, v2 or v3 signature: Android installs no unsigned APK"
                : "it has no JAR signature, the only one these API levels verify: Android installs no unsigned APK")
        }
    }

    /// What devices verify from API level `from` up, as ranges over which nothing changes.
    public func devices(fromAPILevel from: Int = 1) -> [DeviceView] {
        let top = Int(Int32.max)
        var points: Set<Int> = [from, 24, 28, 33]
        for s in v3.signers + v31.signers {
            points.insert(s.apiLevels.lowerBound)
            points.insert(s.apiLevels.lowerBound + 1)
            if s.apiLevels.upperBound < top { points.insert(s.apiLevels.upperBound + 1) }
        }
        let starts = points.filter { $0 >= from && $0 <= top }.sorted()
        var out: [DeviceView] = []
        for (i, start) in starts.enumerated() {
            let end = i + 1 < starts.count ? starts[i + 1] - 1 : top
            var view = device(apiLevel: start)
            if let last = out.last, last.scheme == view.scheme, last.signers == view.signers, last.refusal == view.refusal {
                out[out.count - 1].apiLevels = last.apiLevels.lowerBound...end
                continue
            }
            view.apiLevels = start...end
            out.append(view)
        }
        return out
    }
}

extension APKSignatures {
    /// Reads the signatures of an APK or App Bundle.
    /// - Parameters:
    ///   - archive: the archive's bytes (the APK Signing Block is read from them in place).
    ///   - directory: its central directory (``ZipDirectory``).
    ///   - container: `.apk`, or `.appBundle` for an `.aab`.
    ///   - file: reads a member whole, for the JAR signature's files (at most
    ///     ``JARSignature/maxBlockBytes``); it inflates, which Core cannot.
    ///   - digest: computes SHA-256 (``APKSigningCertificate``).
    /// Never throws: what cannot be read is a ``Block/unreadable(_:)`` or a note.
    public static func read(archive: any ByteSource, directory: ZipDirectory, container: Container,
                            file: (String) throws(ContainerError) -> [UInt8],
                            digest: SignedEntitlements.Digest) -> APKSignatures {
        var out = APKSignatures(container: container, v1: .absent, v2: .absent, v3: .absent, v31: .absent,
                                blockIDs: [], signingBlock: nil, notes: [])
        // v2, v3, v3.1: the APK Signing Block (an App Bundle has none: bundletool signs it with jarsigner).
        var absence: String?
        do {
            if let block = try APKSigningBlock.locate(in: archive, layout: directory.layout, absence: &absence) {
                out.signingBlock = (block.offset, block.size)
                out.blockIDs = block.pairs.map(\.id)
                if let problem = block.pairProblem { out.notes.append("the APK Signing Block: \(problem)") }
                for (id, scheme) in [(APKSigningBlock.ID.v2, APKSignatureScheme.v2), (APKSigningBlock.ID.v3, .v3), (APKSigningBlock.ID.v31, .v31)] {
                    guard let value = block.value(id) else { continue }
                    let result: Block
                    do {
                        result = .signers(try APKSignatureBlockReader.signers(value, scheme: scheme, digest: digest))
                    } catch {
                        result = .unreadable(error.reason)
                    }
                    switch scheme {
                    case .v2: out.v2 = result
                    case .v3: out.v3 = result
                    case .v31: out.v31 = result
                    case .v1: break
                    }
                }
                if block.value(APKSigningBlock.ID.v32) != nil {
                    out.notes.append("it has a v3.2 (hybrid) signature block, which Android 16 and later may verify first; it is not read")
                }
            } else if container == .apk, let absence {
                out.notes.append(absence)
            }
        } catch {
            out.notes.append("its APK Signing Block cannot be read: \(error.reason)")
        }
        // v1: the JAR signature.
        let files = JARSignature.blockFiles(directory.entries.filter { !$0.isDirectory }.map(\.path))
        var signers: [APKSigner] = []
        var problem: String?
        for (block, sf) in files where sf == nil {
            out.notes.append("\(block) has no signature file beside it (\(block[..<block.lastIndex(of: ".")!]).SF); it is ignored, as Android ignores it")
        }
        for (block, sf) in files where sf != nil {
            guard signers.count < JARSignature.maxSigners else {
                problem = "more than \(JARSignature.maxSigners) JAR signers; Android refuses such an APK"
                break
            }
            do {
                let bytes = try file(block)
                signers.append(try JARSignature.signer(file: block, bytes: bytes, digest: digest))
            } catch let error as APKSigningError {
                problem = error.reason
                break
            } catch {
                problem = "\(block): \(error)"
                break
            }
        }
        if let problem {
            out.v1 = .unreadable(problem)
        } else if !signers.isEmpty {
            if directory.entry(JARSignature.manifestPath) == nil {
                out.v1 = .unreadable("it has signature block files but no \(JARSignature.manifestPath)")
            } else {
                out.v1 = .signers(signers)
            }
        }
        if container == .appBundle {
            out.notes.append(out.v1.signers.isEmpty
                ? "an App Bundle is signed with its upload key's JAR signature, and this one has none"
                : "an App Bundle carries only its upload key's JAR signature: Google Play signs the APKs it delivers "
                    + "with the app signing key, so devices see that certificate, not this one, unless the two keys are one")
        }
        return out
    }
}
