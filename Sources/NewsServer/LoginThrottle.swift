import SyncEngine
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The reader API's logins, by address: wrong passwords within `window` and logins under way
/// count together, and once they reach `limit` the address's next logins are refused (429) until
/// the oldest wrong one is `window` old. Counting the logins under way closes the door to many
/// sent at once as much as to many sent one after another. Beyond that, at most `atOnce` logins
/// are checked at a time whoever sends them: each check holds 64 MiB and a core for a while, and
/// many addresses must not take them all. Kept in memory: a restart forgets it.
struct LoginThrottle: Sendable {
    /// Wrong passwords (and logins under way) that close the door.
    let limit: Int
    /// How long a wrong password counts, in seconds.
    let window: Double
    /// Logins checked at once, from all addresses together.
    let atOnce: Int
    private let entries = Locked<[String: Entry]>([:])

    private struct Entry {
        var failures: [Double] = []
        var underWay = 0
    }

    /// Seconds on a clock that never goes back (the wall clock may be set back, and a wrong
    /// password must not then count for ever).
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// What a client's logins are counted by: its address, or for IPv6 its /64 network (one
    /// machine has a whole /64 to pick addresses from).
    static func key(_ address: String) -> String {
        var bytes = [UInt8](repeating: 0, count: 16)
        guard address.contains(":"), !address.hasPrefix("::ffff:"), inet_pton(AF_INET6, address, &bytes) == 1 else { return address }
        return bytes.prefix(8).map { String($0, radix: 16) }.joined(separator: ":") + "::/64"
    }

    init(limit: Int = 5, window: Double = 60, atOnce: Int = 4) {
        self.limit = limit
        self.window = window
        self.atOnce = atOnce
    }

    /// Starts a login from `address`: nil when it may go on (then ``end(_:failed:now:)`` must
    /// follow), else the seconds to wait.
    func begin(_ address: String, now: Double) -> Double? {
        entries.withLock { entries in
            if entries.count > 10_000 {
                entries = entries.filter { $0.value.underWay > 0 || now - ($0.value.failures.last ?? -.infinity) < window }
            }
            guard entries.values.reduce(0, { $0 + $1.underWay }) < atOnce else { return 1 }
            var entry = entries[address] ?? Entry()
            entry.failures.removeAll { now - $0 >= window }
            defer { entries[address] = entry.underWay == 0 && entry.failures.isEmpty ? nil : entry }
            guard entry.failures.count + entry.underWay < limit else {
                return entry.failures.first.map { window - (now - $0) } ?? 1
            }
            entry.underWay += 1
            return nil
        }
    }

    /// Ends a login ``begin(_:now:)`` let go on; a wrong password counts for `window`.
    func end(_ address: String, failed: Bool, now: Double) {
        entries.withLock { entries in
            var entry = entries[address] ?? Entry()
            entry.underWay = max(entry.underWay - 1, 0)
            if failed { entry.failures.append(now) }
            entries[address] = entry.underWay == 0 && entry.failures.isEmpty ? nil : entry
        }
    }
}
