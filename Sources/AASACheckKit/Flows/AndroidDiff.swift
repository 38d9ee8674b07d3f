import AASACore

/// `diff OLD NEW` of two `assetlinks.json` (issue 23): statements gained and lost (DAL804,
/// DAL803) and URLs whose dynamic-rule decision changes, with an example URL and both rules
/// (DAL801, DAL802), by ``AssetLinksDiff``; where its work limits stop it, DAL805 and no "no
/// change". Each side is read as `validate` (a file) or `check --platform android` (a
/// domain) reads it; their errors fail the run whatever the comparison says.
enum AndroidDiff {
    static func run(old: LoadedDocument, new: LoadedDocument, _ context: CommandContext) throws -> RunEnd {
        let out = context.output
        for side in [old, new] {
            out.source(side.label, side.bytes)
            out.fetches(side.fetches)
            if let note = side.notice { out.note(note) }
        }
        out.subject(new.label, kind: .domainFile)
        let findings = (old.diagnostics + new.diagnostics).filter { $0.severity == .error }
        guard let o = old.statementList, let n = new.statementList else {
            out.findings(findings)
            return RunEnd(subject: "no comparison: a statement list could not be read")
        }
        let diff = AssetLinksDiff(old: o, new: n)
        // A lost statement (DAL803) is at its place in OLD: named by OLD, not by NEW.
        let changes = diff.diagnostics().map { d in
            let side = d.code == .dal803 ? old : new
            return [d].attributed(target: side.host ?? side.label, source: side.fetches.isEmpty ? .file : .origin, file: side.label)[0]
        }
        out.findings(findings + changes)
        let count = diff.changes.count + diff.lost.count + diff.gained.count
        // A side Google's API would refuse (an error it has a code for) is never "no change":
        // as written the lists may agree, as Google reads them they do not.
        let refused = [old, new].filter { side in side.diagnostics.contains { $0.severity == .error && $0.dalErrorCode != nil } }
        let subject = count == 0 && diff.isComplete
            ? (refused.isEmpty ? "no change"
                : "no difference as the files are written, but Google's Digital Asset Links API refuses "
                    + refused.map { SafeText.value($0.label) }.joined(separator: " and "))
            : "\(count) change\(count == 1 ? "" : "s")"
        return RunEnd(subject: subject + " between \(SafeText.value(old.label)) and \(SafeText.value(new.label))")
    }
}
