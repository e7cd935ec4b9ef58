import NewsFeature

/// The network check as aligned text or one JSON object on stdout; when no base URL works, a
/// line on stderr and exit 69.
@MainActor
final class NetworkDoctorTerminalView: NetworkDoctorView, CommandView {
    private let output: Output
    private let json: Bool
    private(set) var exitStatus = ExitStatus.internalError

    init(output: Output, json: Bool) {
        self.output = output
        self.json = json
    }

    func show(_ report: NetworkReportViewData) {
        output.out(json ? Self.json(report).serialized() + "\n" : Self.text(report))
        if let noneWorks = report.noneWorks {
            output.err("newsctl: " + TerminalText.sanitize(noneWorks) + "\n")
            exitStatus = ExitStatus.unavailable
        } else {
            exitStatus = ExitStatus.ok
        }
    }

    private static func text(_ report: NetworkReportViewData) -> String {
        var text = ""
        for host in report.hosts {
            text += TerminalText.sanitize(host.baseURL) + "  " + host.worksText + "\n"
            for step in host.steps {
                text +=
                    "  \(padded(step.name, 16)) \(padded(step.outcome, 7)) \(padded(step.time, 10)) \(TerminalText.sanitize(step.text))\n"
            }
        }
        text += TerminalText.sanitize(report.preferredText) + "\n"
        text += report.workingText + "\n"
        return text
    }

    private static func json(_ report: NetworkReportViewData) -> JSONValue {
        .object([
            ("hosts", .array(report.hosts.map(json))),
            (
                "preferred_base_url",
                report.preferred.map { .object([("url", .string($0.url)), ("since", .string($0.since)), ("until", .string($0.until))]) }
                    ?? .null
            ),
            ("working", .int(Int64(report.working))),
        ])
    }

    private static func json(_ host: NetworkReportViewData.Host) -> JSONValue {
        .object([
            ("base_url", .string(host.baseURL)), ("works", .bool(host.works)),
            (
                "steps",
                .array(
                    host.steps.map { step in
                        .object([
                            ("step", .string(step.kind)), ("ok", .bool(step.succeeded)),
                            ("ms", step.milliseconds.map { .double($0) } ?? .null), ("detail", .string(step.detail)),
                        ])
                    })
            ),
            ("latest_date", .optional(host.latestDate)),
            ("stories", host.stories.map { .int(Int64($0)) } ?? .null),
            ("certificate_names", host.certificateNames.map { .array($0.map(JSONValue.string)) } ?? .null),
        ])
    }

    /// Padded to `width` terminal columns (a Chinese character takes two).
    private static func padded(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - TerminalText.width(of: text)))
    }
}
