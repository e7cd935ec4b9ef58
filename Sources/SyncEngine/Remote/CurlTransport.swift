// Only where libcurl is the transport: Linux, unless built with SYNCENGINE_TRANSPORT=urlsession.
#if canImport(CCurl)
    import CCurl
    import Synchronization

    /// The libcurl transport: millisecond deadlines, a low-speed abort, a body cap, connection
    /// reuse, cancellation and TLS verification.
    ///
    /// Every transfer of a transport runs on one thread of its own (`CurlLoop`), through one libcurl
    /// multi handle, never on the cooperative pool: one thread waits on all the sockets at once,
    /// as `curl --parallel` does, and the connections are shared by all transfers. (One blocking
    /// `curl_easy_perform` per transfer, each on a thread of its own, cost a sync of 3650 days
    /// several thread switches per request.) Easy handles are pooled and reused.
    ///
    /// libcurl is loaded on the first `get` (`CurlLibrary`), not at start-up: making a transport costs
    /// nothing, and a process that stays offline never maps libcurl (nor starts the thread). When it
    /// cannot be loaded, every `get` fails with `TransportError.Code.unavailable`, as a network that
    /// is down would.
    public final class CurlTransport: HTTPTransport {
        /// Limits and identity for every transfer.
        public struct Options: Sendable {
            /// Deadline for the TCP and TLS connection.
            public var connectTimeout: Duration = .seconds(5)
            /// A transfer slower than this many bytes per second for `lowSpeedTime` is aborted.
            public var lowSpeedBytesPerSecond = 16
            /// How long a transfer may stay below `lowSpeedBytesPerSecond` before it is aborted.
            public var lowSpeedTime: Duration = .seconds(5)
            /// Larger bodies are refused (`TransportError.Code.tooLarge`).
            public var maxBodyBytes = 8 * 1024 * 1024
            /// The `User-Agent` header sent with every request.
            public var userAgent = "newsctl/0.1 (SyncEngine; libcurl)"

            /// The defaults: 5 s to connect, abort below 16 bytes/s for 5 s, 8 MiB bodies.
            public init() {}
        }

        private let options: Options
        /// nil: the process's libcurl (`CurlLibrary.shared`); otherwise the soname a test loads instead.
        private let libraryName: String?
        /// Made on the first `get` that loads libcurl; stopped when the transport goes.
        private let loop = Locked<CurlLoop?>(nil)

        /// A transport with these options; libcurl is initialised once per process.
        public init(options: Options = Options()) {
            self.options = options
            libraryName = nil
        }

        /// A transport that loads libcurl from `libraryName` instead (tests: a library that is missing).
        /// Such a transport loads it again on every `get`.
        init(options: Options = Options(), libraryName: String) {
            self.options = options
            self.libraryName = libraryName
        }

        deinit {
            loop.withLock { $0?.stop() }
        }

        private var library: Result<CurlLibrary, TransportError> {
            libraryName.map(CurlLibrary.load) ?? CurlLibrary.shared
        }

        public func get(_ url: String, timeout: Duration) async throws(TransportError) -> HTTPResponse {
            let library: CurlLibrary
            switch self.library {
            case .success(let loaded): library = loaded
            case .failure(let error): throw TransportError(code: error.code, url: url, message: error.message)
            }
            let started: CurlLoop? = loop.withLock { loop in
                if loop == nil { loop = CurlLoop(library) }
                return loop
            }
            guard let loop = started else {
                throw TransportError(code: .other, url: url, message: "libcurl could not start its transfer thread")
            }
            let cancellation = CancellationFlag()
            let options = self.options
            let limit = TransferLimit.transfers.map { max(1, $0) }
            let result: Result<HTTPResponse, TransportError> = await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    loop.start(
                        CurlLoop.Request(
                            url: url, timeout: timeout, options: options, cancellation: cancellation, limit: limit,
                            continuation: continuation))
                }
            } onCancel: {
                cancellation.cancel()
                loop.wake()
            }
            return try result.get()
        }
    }

    /// Set once by a cancelled task, read by the `CurlLoop` thread, which ends the transfer when it wakes.
    final class CancellationFlag: Sendable {
        private let flag = Atomic<Bool>(false)
        func cancel() { flag.store(true, ordering: .relaxed) }
        var isCancelled: Bool { flag.load(ordering: .relaxed) }
    }

    /// What the C callbacks of one transfer write into.
    final class TransferState {
        var body: [UInt8] = []
        var exceededLimit = false
        let maxBodyBytes: Int

        init(maxBodyBytes: Int) {
            self.maxBodyBytes = maxBodyBytes
        }
    }

    /// One libcurl easy handle, with the error buffer its transfers write into.
    ///
    /// Not `Sendable`: a handle belongs to one `CurlLoop` and is only used on its thread.
    final class EasyHandle {
        private let curl: CurlLibrary
        let handle: UnsafeMutableRawPointer
        private let errorBuffer: UnsafeMutablePointer<CChar>
        private var headers: UnsafeMutablePointer<curl_slist>?

        init?(_ curl: CurlLibrary) {
            guard let handle = curl.easyInit() else { return nil }
            self.curl = curl
            self.handle = handle
            errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        }

        deinit {
            curl.easyCleanup(handle)
            curl.slistFreeAll(headers)
            errorBuffer.deallocate()
        }

        /// Sets every option of a transfer of `url`, its callbacks writing into `state`, which must
        /// stay alive until `finish`.
        func prepare(url: String, timeout: Duration, options: CurlTransport.Options, state: TransferState) {
            // Reset clears the previous transfer's options but keeps its connections and DNS cache.
            curl.easyReset(handle)
            curl.slistFreeAll(headers)
            headers = curl.slistAppend(nil, "Accept: application/json")
            errorBuffer[0] = 0
            let statePointer = Unmanaged.passUnretained(state).toOpaque()
            let setopt = curl.setopt
            _ = ccurl_set_string(setopt, handle, CURLOPT_URL, url)
            _ = ccurl_set_long(setopt, handle, CURLOPT_NOSIGNAL, 1)
            // A transfer that ends while its name is being resolved must not wait for the lookup
            // (seconds when DNS is down): that would stall the one thread every transfer shares.
            // libcurl before 7.87 ignores the option.
            _ = ccurl_set_long(setopt, handle, CURLOPT_QUICK_EXIT, 1)
            _ = ccurl_set_string(setopt, handle, CURLOPT_PROTOCOLS_STR, "http,https,file")
            _ = ccurl_set_string(setopt, handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
            _ = ccurl_set_long(setopt, handle, CURLOPT_FOLLOWLOCATION, 1)
            _ = ccurl_set_long(setopt, handle, CURLOPT_MAXREDIRS, 5)
            _ = ccurl_set_long(setopt, handle, CURLOPT_SSL_VERIFYPEER, 1)
            _ = ccurl_set_long(setopt, handle, CURLOPT_SSL_VERIFYHOST, 2)
            _ = ccurl_set_long(setopt, handle, CURLOPT_CONNECTTIMEOUT_MS, max(1, options.connectTimeout.milliseconds))
            _ = ccurl_set_long(setopt, handle, CURLOPT_TIMEOUT_MS, max(1, timeout.milliseconds))
            _ = ccurl_set_long(setopt, handle, CURLOPT_LOW_SPEED_LIMIT, options.lowSpeedBytesPerSecond)
            _ = ccurl_set_long(setopt, handle, CURLOPT_LOW_SPEED_TIME, max(1, options.lowSpeedTime.milliseconds / 1000))
            _ = ccurl_set_off_t(setopt, handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(options.maxBodyBytes))
            _ = ccurl_set_string(setopt, handle, CURLOPT_USERAGENT, options.userAgent)
            _ = ccurl_set_string(setopt, handle, CURLOPT_ACCEPT_ENCODING, "")
            _ = ccurl_set_slist(setopt, handle, CURLOPT_HTTPHEADER, headers)
            _ = ccurl_set_pointer(setopt, handle, CURLOPT_ERRORBUFFER, errorBuffer)
            _ = ccurl_set_write_function(setopt, handle, writeBody)
            _ = ccurl_set_pointer(setopt, handle, CURLOPT_WRITEDATA, statePointer)
        }

        /// The outcome of the transfer `prepare` set up, which ended with `code`; then drops the
        /// options that point at the transfer's state.
        func finish(
            _ code: CURLcode, url: String, options: CurlTransport.Options, state: TransferState
        ) -> Result<HTTPResponse, TransportError> {
            defer {
                curl.easyReset(handle)
                curl.slistFreeAll(headers)
                headers = nil
            }
            guard code == CURLE_OK else {
                let detail = String(cString: errorBuffer)
                let kind = classify(code, state: state)
                let message =
                    kind == .tooLarge
                    ? "the body is larger than the cap of \(options.maxBodyBytes) bytes"
                    : detail.isEmpty ? curl.easyStrerror(code).map { String(cString: $0) } ?? "curl code \(code.rawValue)" : detail
                return .failure(TransportError(code: kind, url: url, curlCode: Int32(code.rawValue), message: message))
            }
            var status = 0
            _ = ccurl_get_long(curl.getinfo, handle, CURLINFO_RESPONSE_CODE, &status)
            // file:// transfers report 0: a file that was read is a success.
            return .success(
                HTTPResponse(
                    status: status == 0 ? 200 : status, body: state.body, url: url,
                    headers: responseHeaders()))
        }

        /// The headers of the last response (redirects excluded), read back from libcurl.
        private func responseHeaders() -> [String: String] {
            var headers: [String: String] = [:]
            var previous: UnsafeMutablePointer<curl_header>?
            while let header = curl.easyNextHeader(handle, UInt32(CURLH_HEADER), -1, previous) {
                if let name = header.pointee.name, let value = header.pointee.value {
                    headers[String(cString: name).lowercased()] = String(cString: value)
                }
                previous = header
            }
            return headers
        }

        private func classify(_ code: CURLcode, state: TransferState) -> TransportError.Code {
            if state.exceededLimit { return .tooLarge }
            switch code {
            case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: return .dns
            case CURLE_COULDNT_CONNECT: return .connect
            case CURLE_OPERATION_TIMEDOUT:
                // A deadline that passed before the connection was made is a connect failure.
                var connectTime: curl_off_t = 0
                _ = ccurl_get_off_t(curl.getinfo, handle, CURLINFO_CONNECT_TIME_T, &connectTime)
                return connectTime == 0 ? .connect : .timeout
            case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM,
                CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR:
                return .tls
            case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_SEND_ERROR: return .truncated
            case CURLE_FILESIZE_EXCEEDED: return .tooLarge
            case CURLE_FILE_COULDNT_READ_FILE: return .notFound
            case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT: return .badURL
            default: return .other
            }
        }
    }

    /// libcurl's write callback: appends to the body, refusing bytes past the cap.
    private let writeBody: curl_write_callback = { data, size, count, context in
        guard let data, let context else { return 0 }
        let state = Unmanaged<TransferState>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        guard state.body.count + length <= state.maxBodyBytes else {
            state.exceededLimit = true
            return 0  // Anything but `length` makes libcurl abort with CURLE_WRITE_ERROR.
        }
        data.withMemoryRebound(to: UInt8.self, capacity: length) {
            state.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
        }
        return length
    }

    extension Duration {
        /// Whole milliseconds, rounded up so a positive duration never becomes zero.
        var milliseconds: Int {
            let (seconds, attoseconds) = components
            let millis = seconds * 1_000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
            return Int(clamping: millis)
        }
    }
#endif
