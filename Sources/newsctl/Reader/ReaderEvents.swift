import Dispatch
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What wakes the reader up.
enum ReaderEvent: Sendable {
    case keys([Key])
    /// The terminal changed size.
    case resized
    /// The process was continued after a stop (`fg`).
    case resumed
    /// The terminal is gone (its input ended).
    case hangUp
}

/// Keys from stdin and the terminal's signals, as one stream of events. Reading blocks in
/// `poll(2)` on a thread of its own, so the reader uses no CPU while nobody types.
enum ReaderEvents {
    /// How long to wait after a lone ESC before taking it as the Escape key.
    static let escapeDelayMilliseconds: Int32 = 30

    /// Keeps the signal sources alive while the reader runs (one reader per process).
    @MainActor private static var sources: [any DispatchSourceSignal] = []

    @MainActor
    static func stream() -> AsyncStream<ReaderEvent> {
        let (stream, continuation) = AsyncStream<ReaderEvent>.makeStream(bufferingPolicy: .unbounded)
        for (number, event) in [(SIGWINCH, ReaderEvent.resized), (SIGCONT, .resumed)] {
            sources.append(signalSource(number, yielding: event, to: continuation))
        }
        startReading(into: continuation)
        return stream
    }

    /// A source that turns a signal into an event. Not isolated to the main actor: its handler runs
    /// on a queue of its own.
    private nonisolated static func signalSource(
        _ number: Int32, yielding event: ReaderEvent,
        to continuation: AsyncStream<ReaderEvent>.Continuation
    ) -> any DispatchSourceSignal {
        signal(number, SIG_IGN)  // Delivered to the source instead.
        let source = DispatchSource.makeSignalSource(signal: number, queue: DispatchQueue(label: "newsctl.reader.signals"))
        source.setEventHandler { continuation.yield(event) }
        source.resume()
        return source
    }

    private nonisolated static func startReading(into continuation: AsyncStream<ReaderEvent>.Continuation) {
        DispatchQueue(label: "newsctl.reader.input").async { readKeys(into: continuation) }
    }

    /// Runs until stdin ends or the stream is gone.
    private nonisolated static func readKeys(into continuation: AsyncStream<ReaderEvent>.Continuation) {
        var decoder = KeyDecoder()
        var buffer = [UInt8](repeating: 0, count: 1_024)
        while true {
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, decoder.hasPending ? escapeDelayMilliseconds : -1)
            if ready < 0 {
                if errno == EINTR { continue }
                continuation.yield(.hangUp)
                return
            }
            if ready == 0 {  // Nothing followed an ESC or a cut sequence.
                let keys = decoder.flush()
                if !keys.isEmpty, case .terminated = continuation.yield(.keys(keys)) { return }
                continue
            }
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else {
                continuation.yield(.hangUp)
                return
            }
            let keys = decoder.feed(buffer[0..<count])
            if !keys.isEmpty, case .terminated = continuation.yield(.keys(keys)) { return }
        }
    }
}
