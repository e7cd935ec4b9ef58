// One source, compiled in one of two modules (Sources/SyncEngine/Remote/URLSessionTransport.swift
// is a symlink to this file):
// - SyncEngineURLSession on Linux with libcurl (SYNCENGINE_URLSESSION_STANDALONE), so SyncEngine,
//   and so newsctl, never links FoundationNetworking;
// - SyncEngine wherever libcurl is not the transport (Apple platforms, or Linux built with
//   SYNCENGINE_TRANSPORT=urlsession), where it is `SyncEngine.defaultTransport()`.
#if (SYNCENGINE_URLSESSION_TARGET && SYNCENGINE_URLSESSION_STANDALONE) || (!SYNCENGINE_URLSESSION_TARGET && !canImport(CCurl))
    import Foundation
    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif
    import Synchronization
    #if SYNCENGINE_URLSESSION_TARGET
        import SyncEngine
    #endif

    /// An `HTTPTransport` over Foundation's `URLSession`, for platforms without libcurl (Apple
    /// platforms, where it is SyncEngine's default) and for Linux apps that prefer it.
    ///
    /// It keeps the `HTTPTransport` contract as far as URLSession allows:
    /// - the total deadline is its own timer racing the transfer (millisecond precision), not
    ///   URLSession's timeouts, which swift-corelibs-foundation rounds to whole seconds;
    /// - bodies are streamed through a delegate and the transfer is cancelled as soon as the body
    ///   passes `Options/maxBodyBytes` (or its announced length does);
    /// - cancelling the calling task cancels the data task at once;
    /// - nothing is cached or stored: an ephemeral configuration with no URL cache, cookies or
    ///   credential storage;
    /// - failures are `TransportError`s mapped from `URLError` (`curlCode` is nil).
    ///
    /// What it cannot promise: the connect timeout is best effort (see `Options/connectTimeout`), a
    /// connection that is never accepted fails as `.timeout` at the deadline rather than `.connect`
    /// (URLSession reports no "connected" moment before the response), and there is no low-speed
    /// abort beyond the idle timeout. `file://` URLs are read directly, as `CurlTransport` does.
    public final class URLSessionTransport: HTTPTransport {
        /// Limits and identity for every transfer.
        public struct Options: Sendable {
            /// Best effort: given to URLSession as `timeoutIntervalForRequest`, which it applies as an
            /// idle timeout (no bytes for this long, while connecting or later). On Linux it counts in
            /// whole seconds (rounded up here), so a sub-second value acts as one second. The total
            /// deadline of each `get` is enforced separately, to the millisecond.
            public var connectTimeout: Duration = .seconds(5)
            /// Larger bodies are refused (`TransportError.Code.tooLarge`) as soon as they pass it.
            public var maxBodyBytes = 8 * 1024 * 1024
            /// The `User-Agent` header sent with every request.
            public var userAgent = "SyncEngine/\(SyncEngine.version) (URLSession)"

            /// The defaults: 5 s idle timeout, 8 MiB bodies.
            public init() {}
        }

        private let options: Options
        private let session: URLSession
        private let delegate: SessionDelegate

        /// A transport with these options and its own ephemeral session.
        public init(options: Options = Options()) {
            self.options = options
            let configuration = URLSessionConfiguration.ephemeral
            configuration.urlCache = nil
            configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
            configuration.httpCookieStorage = nil
            configuration.httpShouldSetCookies = false
            configuration.urlCredentialStorage = nil
            let seconds =
                options.connectTimeout.components.seconds
                + (options.connectTimeout.components.attoseconds > 0 ? 1 : 0)
            configuration.timeoutIntervalForRequest = TimeInterval(max(1, seconds))
            // The deadline is ours (`get`); URLSession's resource timeout only as a backstop.
            configuration.timeoutIntervalForResource = 7 * 24 * 3600
            delegate = SessionDelegate()
            session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        }

        deinit {
            // A session holds its delegate until invalidated.
            session.invalidateAndCancel()
        }

        public func get(_ url: String, timeout: Duration) async throws(TransportError) -> HTTPResponse {
            try await get(url, timeout: timeout, accept: "application/json")
        }

        /// Sends `accept` as the `Accept` header, as `HTTPTransport` says.
        public func get(_ url: String, timeout: Duration, accept: String) async throws(TransportError) -> HTTPResponse {
            guard let target = URL(string: url), let scheme = target.scheme?.lowercased() else {
                throw TransportError(code: .badURL, url: url, message: "malformed URL")
            }
            switch scheme {
            case "file": return try readFile(target, url: url)
            case "http", "https": break
            default: throw TransportError(code: .badURL, url: url, message: "unsupported scheme \(scheme)")
            }
            if Task.isCancelled { throw TransportError(code: .cancelled, url: url, message: "cancelled") }

            var request = URLRequest(url: target)
            request.httpMethod = "GET"
            request.setValue(options.userAgent, forHTTPHeaderField: "User-Agent")
            request.setValue(accept, forHTTPHeaderField: "Accept")
            let task = session.dataTask(with: request)
            let transfer = Transfer(url: url, maxBodyBytes: options.maxBodyBytes, task: task)
            delegate.register(transfer, for: task)

            let result = await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    transfer.start(continuation)
                    task.resume()
                    // The deadline: whichever comes first, the transfer or this timer, decides.
                    transfer.setDeadline(
                        Task {
                            try? await Task.sleep(for: timeout)
                            guard !Task.isCancelled else { return }
                            transfer.finish(
                                .failure(
                                    TransportError(
                                        code: .timeout, url: url, message: "no complete response within \(timeout)")))
                        })
                }
            } onCancel: {
                transfer.finish(.failure(TransportError(code: .cancelled, url: url, message: "cancelled")))
            }
            return try result.get()
        }

        /// `file://`: read directly (URLSession on Linux does not speak it), capped like a body.
        private func readFile(_ target: URL, url: String) throws(TransportError) -> HTTPResponse {
            let data: Data
            do {
                data = try Data(contentsOf: target)
            } catch {
                throw TransportError(code: .notFound, url: url, message: "cannot read \(target.path): \(error)")
            }
            guard data.count <= options.maxBodyBytes else {
                throw TransportError(
                    code: .tooLarge, url: url,
                    message: "the body is larger than the cap of \(options.maxBodyBytes) bytes")
            }
            return HTTPResponse(status: 200, body: [UInt8](data), url: url)
        }
    }

    /// One request: what its delegate callbacks gathered, and the continuation its `get` waits on.
    /// Every path to an end (completion, cap, deadline, cancellation) goes through `finish`, and only
    /// the first one counts.
    private final class Transfer: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>?
            /// Set when the transfer ended before `start` (cancelled at once).
            var early: Result<HTTPResponse, TransportError>?
            var finished = false
            var deadline: Task<Void, Never>?
            var response: HTTPURLResponse?
            var body: [UInt8] = []
        }

        let url: String
        let maxBodyBytes: Int
        private let task: URLSessionDataTask
        private let state = Mutex(State())

        init(url: String, maxBodyBytes: Int, task: URLSessionDataTask) {
            self.url = url
            self.maxBodyBytes = maxBodyBytes
            self.task = task
        }

        func start(_ continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>) {
            let early = state.withLock { state -> Result<HTTPResponse, TransportError>? in
                if let early = state.early { return early }
                state.continuation = continuation
                return nil
            }
            if let early { continuation.resume(returning: early) }
        }

        func setDeadline(_ deadline: Task<Void, Never>) {
            let finished = state.withLock { state in
                if !state.finished { state.deadline = deadline }
                return state.finished
            }
            if finished { deadline.cancel() }
        }

        /// Ends the transfer with `result` unless it has ended already; cancels the data task (a no-op
        /// once it completed) and the deadline timer.
        func finish(_ result: Result<HTTPResponse, TransportError>) {
            let (continuation, deadline, first) = state.withLock { state in
                guard !state.finished else {
                    return (
                        CheckedContinuation<Result<HTTPResponse, TransportError>, Never>?.none,
                        Task<Void, Never>?.none, false
                    )
                }
                state.finished = true
                let continuation = state.continuation
                state.continuation = nil
                if continuation == nil { state.early = result }
                let deadline = state.deadline
                state.deadline = nil
                state.body = []
                return (continuation, deadline, true)
            }
            guard first else { return }
            deadline?.cancel()
            task.cancel()
            continuation?.resume(returning: result)
        }

        /// The response head arrived; false when the announced length is over the cap.
        func received(_ response: URLResponse) -> Bool {
            let http = response as? HTTPURLResponse
            state.withLock { $0.response = http }
            if response.expectedContentLength > Int64(maxBodyBytes) {
                finish(.failure(tooLarge()))
                return false
            }
            return true
        }

        /// A piece of the body arrived; past the cap the transfer ends as `.tooLarge`.
        func received(_ data: Data) {
            let overCap = state.withLock { state -> Bool in
                guard !state.finished else { return false }
                guard state.body.count + data.count <= maxBodyBytes else { return true }
                state.body.append(contentsOf: data)
                return false
            }
            if overCap { finish(.failure(tooLarge())) }
        }

        /// URLSession says the transfer is over.
        func completed(_ error: (any Error)?) {
            let (response, body) = state.withLock { ($0.response, $0.body) }
            guard let error else {
                guard let response else {
                    finish(.failure(TransportError(code: .other, url: url, message: "no HTTP response")))
                    return
                }
                // A body shorter than announced (and not decoded from gzip, whose announced length is
                // the compressed one) was cut off, even if URLSession did not say so.
                let announced = response.expectedContentLength
                let encoded = response.value(forHTTPHeaderField: "Content-Encoding").map { !$0.isEmpty } ?? false
                if announced >= 0 && !encoded && Int64(body.count) < announced {
                    finish(
                        .failure(
                            TransportError(
                                code: .truncated, url: url,
                                message: "\(body.count) of \(announced) bytes arrived")))
                    return
                }
                var headers: [String: String] = [:]
                for (name, value) in response.allHeaderFields {
                    headers[String(describing: name).lowercased()] = String(describing: value)
                }
                finish(.success(HTTPResponse(status: response.statusCode, body: body, url: url, headers: headers)))
                return
            }
            finish(
                .failure(
                    TransportError(
                        code: classify(error, hadResponse: response != nil), url: url,
                        message: "\(error.localizedDescription) (URLError \((error as? URLError)?.code.rawValue ?? 0))")))
        }

        private func tooLarge() -> TransportError {
            TransportError(code: .tooLarge, url: url, message: "the body is larger than the cap of \(maxBodyBytes) bytes")
        }

        private func classify(_ error: any Error, hadResponse: Bool) -> TransportError.Code {
            guard let error = error as? URLError else { return .other }
            switch error.code {
            case .timedOut: return .timeout
            case .cancelled: return .cancelled
            case .cannotFindHost, .dnsLookupFailed: return .dns
            case .cannotConnectToHost, .notConnectedToInternet, .cannotLoadFromNetwork:
                return .connect
            case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
                .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected,
                .clientCertificateRequired:
                return .tls
            case .dataLengthExceedsMaximum: return .tooLarge
            case .badURL, .unsupportedURL: return .badURL
            case .networkConnectionLost, .zeroByteResource, .cannotParseResponse, .badServerResponse,
                .cannotDecodeRawData, .cannotDecodeContentData:
                return hadResponse || error.code == .networkConnectionLost ? .truncated : .other
            default:
                // Whatever broke after the response began broke the body.
                return hadResponse ? .truncated : .other
            }
        }
    }

    /// Routes the session's callbacks to their `Transfer` by task identifier.
    private final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
        private let transfers = Mutex<[Int: Transfer]>([:])

        func register(_ transfer: Transfer, for task: URLSessionTask) {
            transfers.withLock { $0[task.taskIdentifier] = transfer }
        }

        private func transfer(for task: URLSessionTask) -> Transfer? {
            transfers.withLock { $0[task.taskIdentifier] }
        }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
        ) {
            let proceed = transfer(for: dataTask)?.received(response) ?? false
            completionHandler(proceed ? .allow : .cancel)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            transfer(for: dataTask)?.received(data)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            let transfer = transfers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
            transfer?.completed(error)
        }
    }
#endif
