import AASACore
import Foundation

/// `aasa-bench judge [--domains N]` (scripts/bench-judge.sh, issue 21): the CPU time to judge
/// N domains from recorded exchanges — the origin serving firefly.social's 3.9 KB file and
/// Apple's CDN answering with the same document re-serialised (compact JSON, as the CDN
/// serves it) — the way `check` and the loaders of `match`/`routes`/`diff`/`coverage` judge
/// them now (``AppleSiteAssociation/judge(_:host:)``: the CDN copy decoded once), beside the
/// baseline of the code before: the CDN copy validated in full by the CDN judge, its
/// findings thrown away, then validated again by the loader.
enum JudgeBench {
    static func run(domains: Int) {
        guard let data = FileManager.default.contents(atPath: firefly) else { fail("cannot read \(firefly)") }
        let origin = Array(data)
        // The CDN's re-serialisation: the same document, compact.
        guard let object = try? JSONSerialization.jsonObject(with: data),
              let compact = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { fail("cannot re-serialise") }
        let cdnBody = Array(compact)
        let hostName = "bench.example"
        let originRecord = FetchRecord(url: HostingJudge.fileURL(for: hostName), status: 200, statusLine: "HTTP/2 200",
                                       headers: [HTTPHeader("Content-Type", "application/json")], body: origin)
        let cdnRecord = FetchRecord(url: CDNJudge.url(domain: hostName), status: 200, statusLine: "HTTP/2 200",
                                    headers: [HTTPHeader("Content-Type", "application/json"), HTTPHeader("Cache-Control", "max-age=3600")],
                                    body: cdnBody)
        let host = HostContext(host: hostName, connectionRedirected: true)
        let exchanges = [PlannedExchange(PlannedRequest(url: originRecord.url, role: AppleSiteAssociation.Role.origin), originRecord),
                         PlannedExchange(PlannedRequest(url: cdnRecord.url, role: AppleSiteAssociation.Role.cdn, throughCDN: true), cdnRecord)]

        func cpu() -> Double {
            var t = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
            return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
        }
        var sink = 0
        // Now: one judgement per domain, the CDN copy decoded once.
        var decodes = 0
        let t0 = cpu()
        for _ in 0..<domains {
            let judged = AppleSiteAssociation.judge(exchanges, host: host)
            sink &+= judged.diagnostics.count
            decodes += (judged.model as? DeployedFile)?.cdnDecodes ?? 0
        }
        let now = cpu() - t0
        // Before: hosting, then the CDN copy validated for the CDN judge and again for the loader.
        let t1 = cpu()
        for _ in 0..<domains {
            let hosting = HostingJudge.judge(DomainFetches(domain: hostName, origin: originRecord, connectionRedirected: true))
            let copy = Validator.validate(cdnBody, domain: hostName).document
            sink &+= CDNJudge.judge(domain: hostName, cdn: cdnRecord, origin: hosting, copy: copy).count
            sink &+= Validator.validate(cdnBody, domain: hostName).compiled == nil ? 0 : 1
        }
        let before = cpu() - t1
        func ms(_ seconds: Double) -> String { String(format: "%.3f ms", seconds * 1000 / Double(domains)) }
        print("judging \(domains) domains (firefly.social's \(origin.count)-byte file; CDN copy re-serialised, \(cdnBody.count) bytes)")
        print("  CPU per domain      before (CDN copy validated twice)   now (decoded once)")
        print("                      \(ms(before).padding(toLength: 36, withPad: " ", startingAt: 0))\(ms(now))")
        print("  CDN copy decodes:   \(2 * domains) full validations      \(decodes) decodes (\(Double(decodes) / Double(domains)) per domain)")
        if sink == 42 { print("") }
    }
}
