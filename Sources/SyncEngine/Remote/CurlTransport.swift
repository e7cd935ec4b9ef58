// Only where libcurl is the transport: Linux, unless built with SYNCENGINE_TRANSPORT=urlsession.
#if canImport(CCurl)
    import CCurl
    import Glibc
    import Synchronization

    /// The libcurl transport: millisecond deadlines, a low-speed abort, a body cap, connection
    /// reuse, cancellation and TLS verification.
    ///
    /// Every transfer of a transport runs on one thread of its own (`CurlLoop`), through one libcurl
    /// multi handle, never on the cooperative pool: one thread waits on all the sockets at once,
    /// as `curl --parallel` does, and the connections are shared by all transfers. (One blocking
    /// `curl_easy_perform` per transfer, each on a thread of its own, would cost several thread
    /// switches per request.) Easy handles are pooled and reused.
    ///
    /// libcurl is loaded on the first `get` (`CurlLibrary`), not at start-up: making a transport costs
    /// nothing, and a process that stays offline never maps libcurl (nor starts the thread). When it
    /// cannot be loaded, every `get` fails with `TransportError.Code.unavailable`, as a network that
    /// is down would.
    public final class CurlTransport: HTTPProbing {
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
            /// The `User-Agent` header sent with every request; a program names itself here.
            public var userAgent = "SyncEngine/\(SyncEngine.version) (libcurl)"
            /// A PEM file of the certificate authorities to trust instead of libcurl's default
            /// bundle file (a company proxy's, a test CA); a default CA directory, where libcurl
            /// was built with one, still counts. nil: the default bundle.
            public var caBundlePath: String?

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
            try await transfer(url, timeout: timeout, firstByte: nil, probe: false).get()
        }

        /// Sends `accept` as the `Accept` header, as `HTTPTransport` says.
        public func get(_ url: String, timeout: Duration, accept: String) async throws(TransportError) -> HTTPResponse {
            try await transfer(url, timeout: timeout, firstByte: nil, probe: false, accept: accept).get()
        }

        /// Gives up after `firstByte` without a byte of a response, as `HTTPTransport` says: the
        /// loop checks each transfer's budget on every pass and wakes for the nearest one.
        public func get(_ url: String, timeout: Duration, firstByte: Duration?) async throws(TransportError) -> HTTPResponse {
            try await transfer(url, timeout: timeout, firstByte: firstByte, probe: false).get()
        }

        public func probe(_ url: String, timeout: Duration) async -> Result<HTTPResponse, TransportError> {
            await transfer(url, timeout: timeout, firstByte: nil, probe: true)
        }

        private func transfer(
            _ url: String, timeout: Duration, firstByte: Duration?, probe: Bool, accept: String = HTTPAccept.json
        ) async -> Result<
            HTTPResponse, TransportError
        > {
            let library: CurlLibrary
            switch self.library {
            case .success(let loaded): library = loaded
            case .failure(let error): return .failure(TransportError(code: error.code, url: url, message: error.message))
            }
            let started: CurlLoop? = loop.withLock { loop in
                if loop == nil { loop = CurlLoop(library) }
                return loop
            }
            guard let loop = started else {
                return .failure(TransportError(code: .other, url: url, message: "libcurl could not start its transfer thread"))
            }
            let cancellation = CancellationFlag()
            let options = self.options
            let limit = TransferLimit.transfers
            return await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    loop.start(
                        CurlLoop.Request(
                            url: url, timeout: timeout, firstByte: firstByte, probe: probe, accept: accept, options: options,
                            cancellation: cancellation, limit: limit, continuation: continuation))
                }
            } onCancel: {
                cancellation.cancel()
                loop.wake()
            }
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
        /// A byte of the response (a header line or the body) has come.
        var hasResponse = false
        let maxBodyBytes: Int
        /// The transfer's easy handle and libcurl's `curl_easy_getinfo`, for the write callback to
        /// ask the body's length; set by `EasyHandle.prepare`.
        var handle: UnsafeMutableRawPointer?
        var getinfo: UnsafeMutableRawPointer?

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
        func prepare(
            url: String, timeout: Duration, accept: String, options: CurlTransport.Options, probe: Bool, state: TransferState
        ) {
            // A handle comes new or reset by the `finish` of its last transfer (which keeps its
            // connections and DNS cache): no second reset here.
            curl.slistFreeAll(headers)
            headers = curl.slistAppend(nil, "Accept: \(accept)")
            errorBuffer[0] = 0
            state.handle = handle
            state.getinfo = curl.getinfo
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
            _ = ccurl_set_header_function(setopt, handle, sawHeader)
            // A proxy's "200 Connection established" is not the host's answer (first-byte budget).
            _ = ccurl_set_long(setopt, handle, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1)
            _ = ccurl_set_pointer(setopt, handle, CURLOPT_HEADERDATA, statePointer)
            if let caBundle = options.caBundlePath { _ = ccurl_set_string(setopt, handle, CURLOPT_CAINFO, caBundle) }
            // A probe keeps the server's certificate, which libcurl gathers before checking it.
            if probe { _ = ccurl_set_long(setopt, handle, CURLOPT_CERTINFO, 1) }
        }

        /// The outcome of the transfer `prepare` set up, which ended with `code`; then drops the
        /// options that point at the transfer's state.
        /// `silentFor`: the transfer was ended by the loop, no response having come within that.
        func finish(
            _ code: CURLcode, url: String, options: CurlTransport.Options, state: TransferState, probe: Bool = false,
            silentFor: Duration? = nil
        ) -> Result<HTTPResponse, TransportError> {
            defer {
                curl.easyReset(handle)
                curl.slistFreeAll(headers)
                headers = nil
            }
            let timings = self.timings()
            if let silentFor {
                let connected = timings.connected != nil
                return .failure(
                    TransportError(
                        code: connected ? .noResponse : .connect, url: url, curlCode: Int32(CURLE_OPERATION_TIMEDOUT.rawValue),
                        message: connected
                            ? "connected, but no answer came within \(silentFor.milliseconds) ms"
                            : "no connection within \(silentFor.milliseconds) ms",
                        timings: timings))
            }
            guard code == CURLE_OK else {
                let detail = String(cString: errorBuffer)
                let kind = classify(code, state: state)
                let message =
                    kind == .tooLarge
                    ? "the body is larger than the cap of \(options.maxBodyBytes) bytes"
                    : detail.isEmpty ? curl.easyStrerror(code).map { String(cString: $0) } ?? "curl code \(code.rawValue)" : detail
                return .failure(
                    TransportError(
                        code: kind, url: url, curlCode: Int32(code.rawValue), message: message, timings: timings,
                        certificateNames: probe ? certificateNames() : nil))
            }
            var status = 0
            _ = ccurl_get_long(curl.getinfo, handle, CURLINFO_RESPONSE_CODE, &status)
            // file:// transfers report 0: a file that was read is a success.
            return .success(
                HTTPResponse(
                    status: status == 0 ? 200 : status, body: state.body, url: url,
                    headers: responseHeaders(), timings: timings))
        }

        /// When each step ended, from libcurl's clock for this transfer (0: not reached).
        private func timings() -> TransferTimings {
            func time(_ info: CURLINFO) -> Duration? {
                var microseconds: curl_off_t = 0
                guard ccurl_get_off_t(curl.getinfo, handle, info, &microseconds) == CURLE_OK, microseconds > 0 else { return nil }
                return .microseconds(microseconds)
            }
            return TransferTimings(
                resolved: time(CURLINFO_NAMELOOKUP_TIME_T), connected: time(CURLINFO_CONNECT_TIME_T),
                tls: time(CURLINFO_APPCONNECT_TIME_T), firstByte: time(CURLINFO_STARTTRANSFER_TIME_T),
                total: time(CURLINFO_TOTAL_TIME_T))
        }

        /// The subject alternative names of the server's certificate, as `CURLOPT_CERTINFO`
        /// gathered it ("DNS:*.example.com, DNS:example.com"); nil when there was none.
        private func certificateNames() -> [String]? {
            var info: UnsafeMutablePointer<curl_certinfo>?
            guard ccurl_get_certinfo(curl.getinfo, handle, &info) == CURLE_OK, let info, info.pointee.num_of_certs > 0,
                var field = info.pointee.certinfo?[0]
            else { return nil }
            let prefix = "X509v3 Subject Alternative Name:"
            while true {
                if let data = field.pointee.data {
                    let line = String(cString: data)
                    if line.hasPrefix(prefix) {
                        return line.dropFirst(prefix.count).split(separator: ",").map { entry in
                            let name = entry.trimmingPrefix(" ")
                            return String(name.hasPrefix("DNS:") ? name.dropFirst(4) : name)
                        }
                    }
                }
                guard let next = field.pointee.next else { return nil }
                field = next
            }
        }

        /// The headers of the last response (redirects excluded), read back from libcurl.
        private func responseHeaders() -> [String: String] {
            // Room for a usual response's headers (nginx sends 6-8): no rehashing as it grows.
            var headers: [String: String] = Dictionary(minimumCapacity: 12)
            var previous: UnsafeMutablePointer<curl_header>?
            while let header = curl.easyNextHeader(handle, UInt32(CURLH_HEADER), -1, previous) {
                if let name = header.pointee.name, let value = header.pointee.value {
                    headers[Self.lowercasedName(name)] = String(cString: value)
                }
                previous = header
            }
            return headers
        }

        /// A header's name lowercased as `String.lowercased()` does, byte by byte when it is ASCII
        /// (as HTTP's names are): every response's headers are read, 8 of them per response.
        static func lowercasedName(_ name: UnsafePointer<CChar>) -> String {
            let count = strlen(name)
            return name.withMemoryRebound(to: UInt8.self, capacity: count) { start in
                let bytes = UnsafeBufferPointer(start: start, count: count)
                guard bytes.allSatisfy({ $0 < 0x80 }) else { return String(cString: name).lowercased() }
                return String(unsafeUninitializedCapacity: count) { lowered in
                    for (index, byte) in bytes.enumerated() {
                        lowered[index] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
                    }
                    return count
                }
            }
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

    /// libcurl's header callback: notes that the response has begun (the headers themselves are
    /// read back with `curl_easy_nextheader`).
    private let sawHeader: curl_write_callback = { _, size, count, context in
        guard let context else { return 0 }
        Unmanaged<TransferState>.fromOpaque(context).takeUnretainedValue().hasResponse = true
        return size * count
    }

    /// libcurl's write callback: appends to the body, refusing bytes past the cap.
    private let writeBody: curl_write_callback = { data, size, count, context in
        guard let data, let context else { return 0 }
        let state = Unmanaged<TransferState>.fromOpaque(context).takeUnretainedValue()
        state.hasResponse = true
        let length = size * count
        if state.body.isEmpty, let handle = state.handle, let getinfo = state.getinfo {
            // Room for the whole body when the response says its length (under the cap): one
            // allocation, not a copy at every doubling of a body that comes in 16 KB pieces.
            var announced: curl_off_t = -1
            if ccurl_get_off_t(getinfo, handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &announced) == CURLE_OK,
                announced > length, announced <= state.maxBodyBytes
            {
                state.body.reserveCapacity(Int(announced))
            }
        }
        guard state.body.count + length <= state.maxBodyBytes else {
            state.exceededLimit = true
            return 0  // Anything but `length` makes libcurl abort with CURLE_WRITE_ERROR.
        }
        data.withMemoryRebound(to: UInt8.self, capacity: length) {
            state.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
        }
        return length
    }

#endif
