/// The entitlements sealed into a signed executable (issue 12): read from each slice's code
/// signature and checked against what its CodeDirectories seal.
public enum SignedEntitlements {
    /// Computes the digest a CodeDirectory uses (``CodeDirectory/HashType``) over the bytes
    /// given. Core has no hash implementation of its own: the caller passes libcrypto's
    /// (`AASAArtifacts.Digests`), so no hash is written by hand.
    public typealias Digest = @Sendable (CodeDirectory.HashType, [UInt8]) -> [UInt8]

    /// Reads the entitlements of every slice of `machO`.
    /// - Parameters:
    ///   - file: the input as given; `bundle`: the bundle path inside it, when any.
    ///   - digest: the hash function for AASA616.
    /// - Returns: one subject per slice (a slice carrying the same entitlements as an earlier
    ///   one points at it with `sameAs`), AASA616 for each blob a CodeDirectory does not seal,
    ///   AASA617 when slices disagree; unsigned slices and unreadable blobs as `unreadable`.
    public static func read(
        _ machO: MachOFile, file: String, bundle: String?, bundleID: String? = nil, digest: Digest
    ) -> BuiltAppReading {
        var out = BuiltAppReading()
        var firstIndex: [PlistValue: Int] = [:]
        for slice in machO.slices {
            let source = EntitlementsSubject.Source(
                file: file, bundle: bundle, arch: machO.isUniversal || machO.slices.count > 1 ? slice.architecture : nil)
            let label = source.description
            let shown = EntitlementsSubject.Source(file: file, bundle: bundle, arch: slice.architecture).description
            guard let signature = slice.codeSignature else {
                out.unreadable.append("\(shown): the executable is not signed (no LC_CODE_SIGNATURE), so it carries no "
                    + "entitlements; check the signed build (the .ipa or the archive's .app)")
                continue
            }
            out.diagnostics += seals(signature, label: shown, file: file, digest: digest)
            do {
                let entitlements = try entitlementsFile(signature, label: label)
                var subject = EntitlementsSubject(source: source, file: entitlements, bundleID: bundleID)
                let key = PlistValue.dictionary(entitlements.root)
                if let earlier = firstIndex[key] {
                    subject.sameAs = earlier
                } else {
                    firstIndex[key] = out.subjects.count
                }
                out.subjects.append(subject)
            } catch {
                out.unreadable.append("\(shown): \(error)")
            }
        }
        if let disagreement = disagreement(out.subjects, file: file, bundle: bundle) {
            out.diagnostics.append(disagreement)
        }
        return out
    }

    /// The entitlements of one signature: the XML blob when there is one, else the DER blob,
    /// else an empty dictionary (a signature without entitlements).
    static func entitlementsFile(_ signature: CodeSignature, label: String) throws -> EntitlementsFile {
        if let xml = signature.xmlEntitlements {
            var file = try EntitlementsFile.read(Array(xml.payload), path: label)
            file.container = .codeSignatureXML
            // Lines inside the blob mean nothing in the executable.
            if case .entries(var entries) = file.associatedDomains {
                for i in entries.indices { entries[i].location = nil }
                file.associatedDomains = .entries(entries)
            }
            for i in file.duplicateKeys.indices { file.duplicateKeys[i].location = nil }
            return file
        }
        if let der = signature.derEntitlements {
            let (root, duplicates) = try DEREntitlements.decode(der.payload, name: label)
            var file = try EntitlementsFile.assemble(root: root, container: .codeSignatureDER, path: label)
            file.duplicateKeys = duplicates
            return file
        }
        return try EntitlementsFile.assemble(root: [:], container: .codeSignatureXML, path: label)
    }

    /// AASA616: for each CodeDirectory, the entitlements blobs (slot 5 XML, slot 7 DER) must hash
    /// to the value sealed in that special slot, and a sealed slot must have its blob.
    public static func seals(_ signature: CodeSignature, label: String, file: String, digest: Digest) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for directory in signature.codeDirectories {
            guard let type = directory.hashType else { continue }
            let which = directory.slot == 0 ? "its CodeDirectory" : "its alternate CodeDirectory \(directory.slot - 0x1000 + 1)"
            for (slot, blob, kind) in [(5, signature.xmlEntitlements, "XML"), (7, signature.derEntitlements, "DER")] {
                let sealed = slot <= directory.specialSlotCount ? directory.sealedHash(slot: slot) : nil
                var message: String?
                switch (blob, sealed) {
                case (nil, nil):
                    continue
                case (let blob?, let sealed?):
                    let actual = Array(digest(type, blob.bytes).prefix(directory.hashSize))
                    guard actual != sealed else { continue }
                    message = "the \(kind) entitlements blob of \(label) hashes to \(hex(actual)) (\(type.name)), but "
                        + "\(which) seals \(hex(sealed)) in special slot \(slot): the entitlements shown are not the ones signed"
                case (_?, nil):
                    message = "\(label) carries a \(kind) entitlements blob that \(which) does not seal (special slot \(slot) "
                        + "is empty): the system does not grant entitlements that are not signed"
                case (nil, let sealed?):
                    message = "\(which) of \(label) seals \(kind) entitlements (\(hex(sealed)) in special slot \(slot)) but the "
                        + "signature holds no such blob: the executable was changed after signing"
                }
                if let message {
                    out.append(Diagnostic(
                        code: .aasa616, message: message,
                        hint: "sign the app again (codesign, or the pipeline's re-signing step) after its last change, "
                            + "and check the build that ships",
                        target: label, source: .entitlements, file: file))
                }
            }
        }
        return out
    }

    /// AASA617: the slices of a universal executable carry different entitlements; says which
    /// keys differ and, for the associated domains, which entries.
    static func disagreement(_ subjects: [EntitlementsSubject], file: String, bundle: String?) -> Diagnostic? {
        guard subjects.count > 1, let first = subjects.first, subjects.contains(where: { $0.sameAs == nil && $0.source != first.source })
        else { return nil }
        let firstArch = first.source.arch ?? "?"
        var parts: [String] = []
        for other in subjects.dropFirst() where other.sameAs == nil {
            let arch = other.source.arch ?? "?"
            let keys = Set(first.file.entitlements.keys).union(other.file.entitlements.keys)
                .filter { first.file.entitlements[$0] != other.file.entitlements[$0] }.sorted()
            var detail = keys.map { "`\(EntitlementsLinter.shown($0))`" }.joined(separator: ", ")
            if keys.contains(associatedDomainsKey) {
                let a = Set(first.file.associatedDomains.entries.map(\.raw)), b = Set(other.file.associatedDomains.entries.map(\.raw))
                let onlyFirst = a.subtracting(b).sorted(), onlyOther = b.subtracting(a).sorted()
                var domains: [String] = []
                if !onlyFirst.isEmpty { domains.append("only \(firstArch) has " + list(onlyFirst)) }
                if !onlyOther.isEmpty { domains.append("only \(arch) has " + list(onlyOther)) }
                if !domains.isEmpty { detail += " (" + domains.joined(separator: "; ") + ")" }
            }
            parts.append("\(firstArch) and \(arch) differ in \(detail)")
        }
        let label = EntitlementsSubject.Source(file: file, bundle: bundle).description
        return Diagnostic(
            code: .aasa617,
            message: "the slices of the universal executable of \(label) carry different entitlements: "
                + parts.joined(separator: "; ") + "; a device runs one slice, so the app's domains depend on the device",
            hint: "sign every architecture with the same entitlements (one signing step after lipo, not one per slice)",
            target: label, source: .entitlements, file: file)
    }

    private static func list(_ entries: [String]) -> String {
        let shown = entries.prefix(5).map { "`\(EntitlementsLinter.shown($0))`" }.joined(separator: ", ")
        return entries.count > 5 ? shown + " and \(entries.count - 5) more" : shown
    }

    /// The first 8 bytes of a hash in lower-case hex, `…` when there are more.
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.prefix(8).map { Hex.format($0, width: 2, uppercase: false) }.joined() + (bytes.count > 8 ? "…" : "")
    }
}
