#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How one base URL answered a network check (`SyncEngine.checkNetwork`), step by step: name
/// resolution, connection, TLS, the HTTP status, and the latest page.
public struct HostCheck: Sendable {
    /// One step of reaching the source.
    public enum StepKind: String, Sendable, CaseIterable {
        /// The host name resolved to an address.
        case resolve
        /// The TCP connection was made.
        case connect
        /// The TLS handshake and the certificate check (only for `https://`).
        case tls
        /// An HTTP response came; its status says whether it was a good one.
        case http
        /// The latest page decoded.
        case page
    }

    /// What one step came to.
    public struct Step: Sendable, Equatable {
        /// Which step.
        public let kind: StepKind
        /// Whether it worked.
        public let succeeded: Bool
        /// How long the step itself took, where the transport measured it.
        public let duration: Duration?
        /// What came of it: the HTTP status, the page's date and story count, or what went wrong.
        public let detail: String
        /// The same, as values for a front to word in its language; nil where only `detail`
        /// says it (a transport's own message).
        public internal(set) var finding: Finding? = nil
    }

    /// What a step found, as values.
    public enum Finding: Sendable, Equatable {
        /// The HTTP status of the answer.
        case status(Int)
        /// The latest page: its day and how many stories it lists.
        case page(Day, stories: Int)
        /// The answer was not a latest page; its size.
        case notAPage(bytes: Int)
        /// The certificate names other hosts than `host`.
        case certificateForOtherNames([String], host: String)
        /// Connected, but no answer came within the timeout.
        case noAnswer(within: Duration)
    }

    /// The API root checked.
    public let baseURL: String
    /// The steps reached, in order; a failed step is the last one.
    public let steps: [Step]
    /// The source's latest day, when the page decoded.
    public let latestDay: Day?
    /// How many stories the latest page holds, when it decoded.
    public let storyCount: Int?
    /// After a TLS failure, the names the server's certificate covers (a certificate for other
    /// names, as news-at.zhihu.com shows many networks).
    public let certificateNames: [String]?

    /// Whether the source answered with its latest page here.
    public var works: Bool { latestDay != nil }
}

extension SyncEngine {
    /// Checks every base URL at once, each within `timeout`, and says step by step how far each
    /// came. Reads and writes no archive: it runs before one exists, and for any list of URLs.
    ///
    /// With a transport that can probe (`HTTPProbing`, as `CurlTransport` does), each step has
    /// its duration and a certificate for other names is named; with another, only the outcome.
    public static func checkNetwork(
        baseURLs: [String], timeout: Duration = .seconds(10), transport: any HTTPTransport = SyncEngine.defaultTransport()
    ) async -> [HostCheck] {
        await withTaskGroup(of: (Int, HostCheck).self) { group in
            for (index, base) in baseURLs.enumerated() {
                group.addTask { (index, await check(base, timeout: timeout, transport: transport)) }
            }
            var checks: [(Int, HostCheck)] = []
            for await check in group { checks.append(check) }
            return checks.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    private static func check(_ base: String, timeout: Duration, transport: any HTTPTransport) async -> HostCheck {
        let url = Fetcher.join(base, "news/latest")
        let result: Result<HTTPResponse, TransportError>
        if let probing = transport as? any HTTPProbing {
            result = await probing.probe(url, timeout: timeout)
        } else {
            do { result = .success(try await transport.get(url, timeout: timeout)) } catch { result = .failure(error) }
        }
        var steps = HostSteps(isTLS: base.lowercased().hasPrefix("https://"), isFile: base.lowercased().hasPrefix("file://"))
        switch result {
        case .failure(let error):
            steps.failed(error, host: hostName(of: base), timeout: timeout)
            return HostCheck(baseURL: base, steps: steps.steps, latestDay: nil, storyCount: nil, certificateNames: error.certificateNames)
        case .success(let response):
            steps.connected(through: response.timings)
            let http = (response.timings?.firstByte).map { $0 - (response.timings?.tls ?? response.timings?.connected ?? .zero) }
            guard (200..<300).contains(response.status) else {
                steps.add(.http, false, http, "HTTP \(response.status)", .status(response.status))
                return HostCheck(baseURL: base, steps: steps.steps, latestDay: nil, storyCount: nil, certificateNames: nil)
            }
            steps.add(.http, true, http, "HTTP \(response.status)", .status(response.status))
            let started = ContinuousClock.now
            let page = try? DayPageScanner.page(response.body) ?? JSONDecoder().decode(DayPageDTO.self, from: Data(response.body))
            let decoding = ContinuousClock.now - started
            guard let page, let day = Day(page.date) else {
                steps.add(.page, false, decoding, "not a latest page (\(response.body.count) bytes)", .notAPage(bytes: response.body.count))
                return HostCheck(baseURL: base, steps: steps.steps, latestDay: nil, storyCount: nil, certificateNames: nil)
            }
            steps.add(.page, true, decoding, "\(day), \(page.stories.count) stories", .page(day, stories: page.stories.count))
            return HostCheck(baseURL: base, steps: steps.steps, latestDay: day, storyCount: page.stories.count, certificateNames: nil)
        }
    }

    private static func hostName(of base: String) -> String {
        let afterScheme = base.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: true).dropFirst().first ?? ""
        let withoutPort = afterScheme.hasPrefix("[") ? afterScheme.prefix { $0 != "]" }.dropFirst() : afterScheme.prefix { $0 != ":" }
        return String(withoutPort)
    }
}

/// The steps of one check as they are worked out from a transfer's timings and outcome.
private struct HostSteps {
    let isTLS: Bool
    let isFile: Bool
    var steps: [HostCheck.Step] = []

    mutating func add(
        _ kind: HostCheck.StepKind, _ succeeded: Bool, _ duration: Duration?, _ detail: String, _ finding: HostCheck.Finding? = nil
    ) {
        steps.append(HostCheck.Step(kind: kind, succeeded: succeeded, duration: duration, detail: detail, finding: finding))
    }

    /// The steps before the response, all passed: each one's own share of the timings.
    mutating func connected(through timings: TransferTimings?) {
        passed(upTo: nil, timings)
    }

    /// The steps passed before `error`'s, then that one, failed.
    mutating func failed(_ error: TransportError, host: String, timeout: Duration) {
        var kind: HostCheck.StepKind
        switch error.code {
        case .dns: kind = .resolve
        case .connect: kind = .connect
        case .tls: kind = .tls
        case .unavailable, .badURL, .notFound, .cancelled: kind = isFile ? .page : .resolve
        default: kind = .http
        }
        // Connected, but the handshake never ended: the TLS step is where it stopped.
        if kind == .http, isTLS, let timings = error.timings, timings.connected != nil, timings.tls == nil { kind = .tls }
        passed(upTo: kind, error.timings)
        var detail = error.message
        var finding: HostCheck.Finding?
        if kind == .tls, let names = error.certificateNames, !names.isEmpty {
            detail = "the certificate is for \(names.joined(separator: ", ")), not \(host)"
            finding = .certificateForOtherNames(names, host: host)
        } else if [.timeout, .noResponse].contains(error.code), error.timings?.firstByte == nil {
            detail = "connected, but no answer within \(timeout.milliseconds) ms"
            finding = .noAnswer(within: timeout)
        }
        add(kind, false, nil, detail, finding)
    }

    private mutating func passed(upTo failed: HostCheck.StepKind?, _ timings: TransferTimings?) {
        guard !isFile else { return }
        let order: [HostCheck.StepKind] = isTLS ? [.resolve, .connect, .tls] : [.resolve, .connect]
        for kind in order {
            if kind == failed { return }
            let duration: Duration?
            switch kind {
            case .resolve: duration = timings?.resolved ?? timings.map { _ in .zero }
            case .connect: duration = timings?.connected.map { $0 - (timings?.resolved ?? .zero) }
            default: duration = timings?.tls.map { $0 - (timings?.connected ?? .zero) }
            }
            add(kind, true, duration, "")
        }
    }
}
