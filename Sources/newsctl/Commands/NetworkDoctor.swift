import NewsFeature
import SyncEngine
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `newsctl doctor --network`: every base URL checked at once, step by step, as text or JSON,
/// and which one the archive prefers now.
struct NetworkDoctor {
    let settings: Settings

    func run() async -> Int32 {
        let checks = await SyncEngine.checkNetwork(baseURLs: settings.baseURLs, timeout: settings.timeout, transport: Archive.transport())
        let preferred = await preferredBaseURL()
        let output = Output()
        if settings.json {
            output.out(json(checks, preferred).serialized() + "\n")
        } else {
            output.out(text(checks, preferred))
        }
        let working = checks.filter(\.works).count
        if working == 0 {
            output.err("newsctl: " + words.noneWorks + "\n")
            return ExitStatus.unavailable
        }
        return ExitStatus.ok
    }

    /// The archive's preference, read without changing the archive (nor creating one); nil when
    /// there is no archive, it cannot be read, or it prefers none.
    private func preferredBaseURL() async -> PreferredBaseURL? {
        guard FileManager.default.fileExists(atPath: settings.databasePath) else { return nil }
        var configuration = SyncEngine.Configuration(databasePath: settings.databasePath)
        configuration.baseURLs = settings.baseURLs
        configuration.readOnly = true
        guard let engine = try? SyncEngine(configuration: configuration) else { return nil }
        return await engine.preferredBaseURL()
    }

    private var words: CommandStrings { CommandStrings(language: settings.language) }

    private func text(_ checks: [HostCheck], _ preferred: PreferredBaseURL?) -> String {
        var text = ""
        for check in checks {
            text += TerminalText.sanitize(check.baseURL) + "  " + words.works(check.works) + "\n"
            for step in check.steps {
                let name = Self.padded(words.stepName(step.kind), 16)
                let outcome = Self.padded(words.stepOutcome(step.succeeded), 7)
                let time = Self.padded(step.duration.map(Self.milliseconds) ?? "", 10)
                let detail =
                    step.finding.map(words.finding) ?? (step.succeeded ? step.detail : words.failedStep(step.kind, step.detail))
                text += "  \(name) \(outcome) \(time) \(TerminalText.sanitize(detail))\n"
            }
        }
        if let preferred {
            text +=
                words.preferred(
                    TerminalText.sanitize(preferred.url), since: beijingTime(preferred.since), until: beijingTime(preferred.until))
                + "\n"
        } else {
            text += words.noPreference + "\n"
        }
        text += words.working(checks.filter(\.works).count, of: checks.count) + "\n"
        return text
    }

    private func json(_ checks: [HostCheck], _ preferred: PreferredBaseURL?) -> JSONValue {
        .object([
            (
                "hosts",
                .array(
                    checks.map { check in
                        .object([
                            ("base_url", .string(check.baseURL)), ("works", .bool(check.works)),
                            (
                                "steps",
                                .array(
                                    check.steps.map { step in
                                        .object([
                                            ("step", .string(step.kind.rawValue)), ("ok", .bool(step.succeeded)),
                                            ("ms", step.duration.map { .double(Self.millisecondsValue($0)) } ?? .null),
                                            ("detail", .string(step.detail)),
                                        ])
                                    })
                            ),
                            ("latest_date", .optional(check.latestDay?.description)),
                            ("stories", check.storyCount.map { .int(Int64($0)) } ?? .null),
                            ("certificate_names", check.certificateNames.map { .array($0.map(JSONValue.string)) } ?? .null),
                        ])
                    })
            ),
            (
                "preferred_base_url",
                preferred.map {
                    .object([
                        ("url", .string($0.url)), ("since", .string(Self.iso8601($0.since))), ("until", .string(Self.iso8601($0.until))),
                    ])
                } ?? .null
            ),
            ("working", .int(Int64(checks.filter(\.works).count))),
        ])
    }

    /// Padded to `width` terminal columns (a Chinese character takes two).
    private static func padded(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - TerminalText.width(of: text)))
    }

    /// Milliseconds to one decimal.
    private static func millisecondsValue(_ duration: Duration) -> Double {
        ((Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15) * 10).rounded() / 10
    }

    private static func milliseconds(_ duration: Duration) -> String {
        let value = millisecondsValue(duration)
        return value < 10 ? "\(value) ms" : "\(Int(value.rounded())) ms"
    }

    /// As `status` words its times: the source's clock, Beijing, not raw UTC.
    private func beijingTime(_ date: Date) -> String {
        DateFormatting(language: settings.language).beijingDateTime(unixTime: Int64(date.timeIntervalSince1970.rounded(.down)))
    }

    private static func iso8601(_ date: Date) -> String {
        DateFormatting.iso8601(unixTime: Int64(date.timeIntervalSince1970.rounded(.down)))
    }
}
