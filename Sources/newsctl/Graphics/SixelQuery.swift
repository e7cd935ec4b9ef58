import Glibc

/// Whether a terminal draws sixels, asked the way `chafa` and `img2sixel` ask: its answer to a
/// Primary Device Attributes query (`ESC [ c`) lists attribute 4 (`ESC [ ? 62 ; 4 ; 22 c`).
enum SixelQuery {
    /// How long a terminal may take to answer; one that never does (most without sixels answer
    /// anyway) costs this once.
    static let defaultTimeoutMilliseconds: Int32 = 200

    /// Asks the terminal on `descriptor` (opened for reading and writing, e.g. `/dev/tty`) in raw
    /// mode, reads its answer for up to `timeoutMilliseconds` and restores the terminal's modes.
    /// False when it is not a terminal, does not answer in time or answers without 4.
    static func terminalHasSixels(_ descriptor: Int32, timeoutMilliseconds: Int32 = defaultTimeoutMilliseconds) -> Bool {
        var saved = termios()
        guard tcgetattr(descriptor, &saved) == 0 else { return false }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(descriptor, TCSANOW, &raw) == 0 else { return false }
        defer { _ = tcsetattr(descriptor, TCSANOW, &saved) }
        let query: [UInt8] = [0x1B, UInt8(ascii: "["), UInt8(ascii: "c")]
        guard write(descriptor, query, query.count) == query.count else { return false }
        let answer = readAnswer(descriptor, timeoutMilliseconds: timeoutMilliseconds)
        return attributes(answer)?.contains(4) ?? false
    }

    /// Reads until the answer's final `c` or the deadline.
    private static func readAnswer(_ descriptor: Int32, timeoutMilliseconds: Int32) -> [UInt8] {
        var answer: [UInt8] = []
        let deadline = monotonicMilliseconds() + Int64(timeoutMilliseconds)
        while answer.last != UInt8(ascii: "c"), answer.count < 256 {
            let left = deadline - monotonicMilliseconds()
            guard left > 0 else { break }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(left)) > 0 else { break }
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            answer += buffer[0..<count]
        }
        return answer
    }

    private static func monotonicMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }

    /// The attributes of a Primary Device Attributes answer (`ESC [ ? 64 ; 1 ; 4 c` → 64, 1, 4),
    /// found anywhere in `bytes` (keys typed before it may precede it); nil when there is none.
    static func attributes(_ bytes: [UInt8]) -> [Int]? {
        let opening: [UInt8] = [0x1B, UInt8(ascii: "["), UInt8(ascii: "?")]
        guard let start = bytes.indices.first(where: { bytes[$0...].starts(with: opening) }) else { return nil }
        let body = bytes[(start + opening.count)...]
        guard let end = body.firstIndex(of: UInt8(ascii: "c")) else { return nil }
        let fields = body[..<end].split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
        let numbers = fields.map { Int(String(decoding: $0, as: UTF8.self)) }
        guard !numbers.isEmpty, numbers.allSatisfy({ $0 != nil }) else { return nil }
        return numbers.compactMap { $0 }
    }
}
