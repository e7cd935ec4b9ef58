/// What the network check shows: each base URL step by step, the archive's preference, and how
/// many base URLs work.
public struct NetworkReportViewData: Equatable, Sendable {
    /// One base URL's check.
    public struct Host: Equatable, Sendable {
        /// The API root checked.
        public let baseURL: String
        /// Whether the source answered with its latest page here.
        public let works: Bool
        /// The same in words ("可用", "works").
        public let worksText: String
        /// The steps reached, in order.
        public let steps: [Step]
        /// The source's latest day (`yyyyMMdd`), when the page decoded.
        public let latestDate: String?
        /// How many stories the latest page holds, when it decoded.
        public let stories: Int?
        /// After a TLS failure, the names the server's certificate covers.
        public let certificateNames: [String]?
    }

    /// One step of one check.
    public struct Step: Equatable, Sendable {
        /// The step in machine form (`resolve`, `connect`, `tls`, `http`, `page`).
        public let kind: String
        /// The step in words ("域名解析", "name resolution").
        public let name: String
        /// Whether it worked.
        public let succeeded: Bool
        /// The same in words ("成功", "ok").
        public let outcome: String
        /// How long it took in milliseconds, to one decimal, where measured.
        public let milliseconds: Double?
        /// The same in words ("4.2 ms", "120 ms"); empty where not measured.
        public let time: String
        /// What came of it in the transport's words.
        public let detail: String
        /// What came of it in the chosen language.
        public let text: String
    }

    /// The base URL the archive prefers for now.
    public struct Preferred: Equatable, Sendable {
        /// The API root tried first.
        public let url: String
        /// When it took over, ISO 8601 UTC.
        public let since: String
        /// When the order given is tried again, ISO 8601 UTC.
        public let until: String
    }

    /// Every base URL checked, in the order given.
    public let hosts: [Host]
    /// The archive's preference; nil when it has none (or there is no archive).
    public let preferred: Preferred?
    /// The preference in words, with its times in Beijing time.
    public let preferredText: String
    /// How many base URLs work.
    public let working: Int
    /// The same in words ("2 个地址中 1 个可用", "1 of 2 base URLs works").
    public let workingText: String
    /// Set when no base URL works: what to do about it.
    public let noneWorks: String?
}
