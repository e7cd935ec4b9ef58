// Only where libcurl is the transport: Linux, unless built with SYNCENGINE_TRANSPORT=urlsession.
#if canImport(CCurl)
    import CCurl
    import Glibc

    /// The thread that runs every transfer of one `CurlTransport` through one libcurl multi handle,
    /// waiting on all their sockets at once.
    ///
    /// A request arrives in the inbox and wakes the thread (`curl_multi_wakeup`); the thread adds
    /// it to the multi handle, drives every transfer with `curl_multi_perform`, and resumes the
    /// request's continuation with the outcome of a finished one. A request made under a
    /// `TransferLimit` waits in the loop while that many limited transfers run, and starts the
    /// moment one ends, on this thread. A cancelled task's transfer is taken out of the multi
    /// handle on the next wake. The thread stops when its transport goes.
    ///
    /// `@unchecked Sendable`: other threads only reach `inbox` (behind its lock) and
    /// `curl_multi_wakeup`, which libcurl allows from any thread; the multi handle, the transfers
    /// and the easy handles are used on the loop's own thread only.
    final class CurlLoop: @unchecked Sendable {
        /// One `get`, waiting for its outcome.
        struct Request: Sendable {
            let url: String
            let timeout: Duration
            /// Ended as `.noResponse` (or `.connect`) when no byte of a response came within this.
            let firstByte: Duration?
            /// Gather the server's certificate (`HTTPProbing`).
            let probe: Bool
            /// The `Accept` header (`HTTPAccept`).
            let accept: String
            let options: CurlTransport.Options
            let cancellation: CancellationFlag
            /// At most this many limited transfers run at once; nil: the request starts at once.
            /// A request that waits for a free transfer has not started: its timeout runs from
            /// when it does, as it would had its task waited for the transfer to end.
            let limit: TransferLimit.Shared?
            let continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>
        }

        private struct Inbox {
            var requests: [Request] = []
            var isStopping = false
        }

        /// A request under way: its easy handle and what the callbacks write into.
        private struct Transfer {
            let request: Request
            let easy: EasyHandle
            let state: TransferState
            /// When the transfer ends unless a byte of a response has come; nil once one has.
            var firstByteDeadline: ContinuousClock.Instant?
        }

        private let curl: CurlLibrary
        private let multi: UnsafeMutableRawPointer
        private let inbox = Locked(Inbox())
        // The loop thread's own.
        private var running: [UnsafeMutableRawPointer: Transfer] = [:]
        private var idle: [EasyHandle] = []
        /// Limited requests waiting for a free transfer, oldest first, and the limited transfers running.
        private var waiting: [Request] = []
        private var limitedRunning = 0
        /// When a cancelled transfer last freed a place. The waiting requests are not started then:
        /// a cancelled sync cancels its tasks one after another, and the requests of those not yet
        /// reached would go out only to be aborted. They start on the next transfer to end, or a
        /// second later.
        private var freedByCancellation: ContinuousClock.Instant?

        /// A loop with its thread started; nil when libcurl or the system cannot make them.
        init?(_ curl: CurlLibrary) {
            guard let multi = curl.multiInit() else { return nil }
            self.curl = curl
            self.multi = multi
            // Without its wake-up channel (no file descriptor left for it), a request would wait
            // for the idle poll to time out: fail now. (The loop's first poll returns at once.)
            guard curl.multiWakeup(multi) == CURLM_OK else { return nil }
            // The thread holds the loop until it stops.
            let context = Unmanaged.passRetained(self).toOpaque()
            var thread = pthread_t()
            let created = pthread_create(
                &thread, nil,
                { context in
                    guard let context else { return nil }
                    Unmanaged<CurlLoop>.fromOpaque(context).takeRetainedValue().run()
                    return nil
                }, context)
            guard created == 0 else {
                Unmanaged<CurlLoop>.fromOpaque(context).release()
                return nil
            }
            pthread_detach(thread)
        }

        deinit {
            // Every easy handle left the multi handle before the thread stopped.
            _ = curl.multiCleanup(multi)
        }

        /// Hands `request` to the loop; its continuation is resumed once, with the outcome.
        func start(_ request: Request) {
            let accepted = inbox.withLock { inbox in
                if !inbox.isStopping { inbox.requests.append(request) }
                return !inbox.isStopping
            }
            guard accepted else { return request.continuation.resume(returning: .failure(Self.cancelled(request.url))) }
            wake()
        }

        /// Makes the loop look at its inbox and its transfers' cancellation now.
        func wake() {
            _ = curl.multiWakeup(multi)
        }

        /// Ends the thread once it wakes; a transfer still under way ends as cancelled.
        func stop() {
            inbox.withLock { $0.isStopping = true }
            wake()
        }

        private func run() {
            while true {
                let (requests, isStopping) = inbox.withLock { inbox in
                    defer { inbox.requests.removeAll() }
                    return (inbox.requests, inbox.isStopping)
                }
                for request in requests { add(request) }
                if isStopping { break }
                endCancelledTransfers()
                if let freed = freedByCancellation, ContinuousClock.now - freed >= .seconds(1) { startWaiting() }
                var stillRunning: Int32 = 0
                let performed = curl.multiPerform(multi, &stillRunning)
                collectFinishedTransfers()
                // After the transfers read what came: a byte that arrived at the deadline counts.
                endSilentTransfers()
                // libcurl shortens the wait to its own next timeout (deadlines, retries of a connect).
                let isIdle = running.isEmpty && freedByCancellation == nil
                let polled = curl.multiPoll(multi, nil, 0, isIdle ? 60_000 : untilNextFirstByteDeadline(atMost: 1_000), nil)
                if performed != CURLM_OK || polled != CURLM_OK {
                    // Out of memory or a poll that cannot work: fail what runs rather than spin.
                    let code = performed != CURLM_OK ? performed : polled
                    for handle in Array(running.keys) { end(handle, CURLE_FAILED_INIT, failure: code) }
                    usleep(10_000)
                }
            }
            for request in waiting { request.continuation.resume(returning: .failure(Self.cancelled(request.url))) }
            waiting.removeAll()
            for handle in Array(running.keys) { end(handle, CURLE_ABORTED_BY_CALLBACK, cancelled: true) }
            // Anything that came after the inbox was last read (nothing does while a `get` holds
            // the transport, but a request must never wait forever).
            for request in inbox.withLock({ $0.requests }) { request.continuation.resume(returning: .failure(Self.cancelled(request.url))) }
        }

        private func add(_ request: Request) {
            guard request.limit != nil else { return begin(request) }
            waiting.append(request)
            startWaiting()
        }

        /// Starts the waiting requests that the limit now allows, in the order they came.
        private func startWaiting() {
            freedByCancellation = nil
            while let next = waiting.first, limitedRunning < next.limit?.current ?? .max {
                waiting.removeFirst()
                begin(next)
            }
        }

        /// Adds the request's transfer to the multi handle, or resumes it with why it cannot be.
        private func begin(_ request: Request) {
            guard !request.cancellation.isCancelled else {
                return request.continuation.resume(returning: .failure(Self.cancelled(request.url)))
            }
            guard let easy = idle.popLast() ?? EasyHandle(curl) else {
                return request.continuation.resume(
                    returning: .failure(TransportError(code: .other, url: request.url, message: "libcurl could not create a handle")))
            }
            let state = TransferState(maxBodyBytes: request.options.maxBodyBytes)
            easy.prepare(
                url: request.url, timeout: request.timeout, accept: request.accept, options: request.options, probe: request.probe,
                state: state)
            let added = curl.multiAddHandle(multi, easy.handle)
            guard added == CURLM_OK else {
                _ = easy.finish(CURLE_FAILED_INIT, url: request.url, options: request.options, state: state)
                idle.append(easy)
                return request.continuation.resume(
                    returning: .failure(
                        TransportError(
                            code: .other, url: request.url, message: "libcurl refused the transfer (multi code \(added.rawValue))")))
            }
            running[easy.handle] = Transfer(
                request: request, easy: easy, state: state, firstByteDeadline: request.firstByte.map { .now.advanced(by: $0) })
            if request.limit != nil { limitedRunning += 1 }
        }

        private func endCancelledTransfers() {
            let cancelled = running.filter { $0.value.request.cancellation.isCancelled }.keys
            for handle in cancelled { end(handle, CURLE_ABORTED_BY_CALLBACK, cancelled: true) }
            waiting.removeAll { request in
                guard request.cancellation.isCancelled else { return false }
                request.continuation.resume(returning: .failure(Self.cancelled(request.url)))
                return true
            }
        }

        /// Ends the transfers whose first-byte budget passed without a byte of a response.
        private func endSilentTransfers() {
            let now = ContinuousClock.now
            for (handle, transfer) in running {
                guard let deadline = transfer.firstByteDeadline else { continue }
                if transfer.state.hasResponse {
                    running[handle]?.firstByteDeadline = nil
                } else if deadline <= now {
                    end(handle, CURLE_OPERATION_TIMEDOUT, silentFor: transfer.request.firstByte)
                }
            }
        }

        /// Milliseconds until the nearest first-byte deadline, at most `limit`, at least 1.
        private func untilNextFirstByteDeadline(atMost limit: Int32) -> Int32 {
            guard let nearest = running.values.compactMap(\.firstByteDeadline).min() else { return limit }
            return Int32(clamping: min(Int(limit), max(1, ContinuousClock.now.duration(to: nearest).milliseconds)))
        }

        private func collectFinishedTransfers() {
            var queued: Int32 = 0
            while let message = curl.multiInfoRead(multi, &queued) {
                // Read before `end`: removing the handle frees the message.
                guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
                end(handle, message.pointee.data.result)
            }
        }

        /// Takes the transfer out of the multi handle and resumes its request with its outcome
        /// (cancelled, or a failure of the multi handle itself, whatever libcurl says).
        private func end(
            _ handle: UnsafeMutableRawPointer, _ code: CURLcode, cancelled: Bool = false, failure: CURLMcode? = nil,
            silentFor: Duration? = nil
        ) {
            guard let transfer = running.removeValue(forKey: handle) else { return }
            _ = curl.multiRemoveHandle(multi, handle)
            let request = transfer.request
            var result = transfer.easy.finish(
                code, url: request.url, options: request.options, state: transfer.state, probe: request.probe, silentFor: silentFor)
            if cancelled { result = .failure(Self.cancelled(request.url)) }
            if let failure {
                result = .failure(
                    TransportError(code: .other, url: request.url, message: "libcurl's multi handle failed (code \(failure.rawValue))"))
            }
            idle.append(transfer.easy)
            request.continuation.resume(returning: result)
            if request.limit != nil {
                limitedRunning -= 1
                if cancelled {
                    if !waiting.isEmpty { freedByCancellation = .now }
                } else {
                    startWaiting()
                }
            }
        }

        private static func cancelled(_ url: String) -> TransportError {
            TransportError(
                code: .cancelled, url: url, curlCode: Int32(CURLE_ABORTED_BY_CALLBACK.rawValue), message: "the transfer was cancelled")
        }
    }
#endif
