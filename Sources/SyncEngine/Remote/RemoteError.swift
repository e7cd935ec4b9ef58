/// The source could not give a usable page.
public struct RemoteError: Error, Sendable, CustomStringConvertible {
    /// The kind of remote failure.
    public enum Code: String, Sendable {
        /// No HTTP answer: DNS, connect, TLS, timeout, a broken or oversized transfer.
        case unreachable
        /// An HTTP answer other than 2xx.
        case httpStatus
        /// A 2xx answer whose body is not a valid page (not JSON, wrong shape, wrong date).
        case badResponse
        /// The day asked for is later than the source's latest day.
        case notPublished
        /// The calling task was cancelled.
        case cancelled
    }

    /// The kind of failure.
    public let code: Code
    /// The URL of the last attempt.
    public let url: String
    /// The HTTP status, for `.httpStatus`.
    public let status: Int?
    /// The transport's error, for `.unreachable`.
    public let transportError: TransportError?
    /// The `Retry-After` header of an HTTP error, as sent.
    public let retryAfter: String?
    /// What went wrong, in one line.
    public let message: String
    /// For a picture's answer refused as a picture (`.badResponse`): why, as `PictureCheck`
    /// said, or `.tooLarge` when the transport cut it off at its byte cap.
    public internal(set) var pictureRefusal: PictureError.Code?
    /// For `.notPublished`: the day asked for and the earlier day the source answered with.
    let misdated: (asked: Day, answered: Day)?

    /// The source asked to slow down: 429, or a 403 whose body says the requests are too frequent.
    public var isRateLimited: Bool {
        status == 429 || (status == 403 && message.contains(RemoteError.tooFrequentMark))
    }

    /// The source answered that it has no such thing: HTTP 404, or for a `file://` base URL a
    /// file that is not there. Not a failure to reach it, and asking again soon changes nothing.
    public var isNotFound: Bool {
        (code == .httpStatus && status == 404) || (code == .unreachable && transportError?.code == .notFound)
    }

    /// What `describeStatus` adds to a 403 that says the requests are too frequent.
    static let tooFrequentMark = "requests too frequent"

    init(
        code: Code, url: String, status: Int? = nil, transportError: TransportError? = nil,
        retryAfter: String? = nil, misdated: (asked: Day, answered: Day)? = nil, message: String
    ) {
        self.code = code
        self.url = url
        self.status = status
        self.transportError = transportError
        self.retryAfter = retryAfter
        self.misdated = misdated
        self.message = message
    }

    /// A "not published" answer for a day the source has already shown (on or before `latest`):
    /// the day exists, so an answer dated otherwise is bad data, not a day still to come.
    func publishedDayMisdated(latest: Day) -> RemoteError {
        let asked = misdated.map { "\($0.asked)" } ?? "a day"
        let answered = misdated.map { "\($0.answered)" } ?? "an earlier day"
        return RemoteError(
            code: .badResponse, url: url,
            message: "asked for \(asked), the source answered with \(answered), although its latest day is \(latest)")
    }

    public var description: String { "\(message) (\(url))" }
}
