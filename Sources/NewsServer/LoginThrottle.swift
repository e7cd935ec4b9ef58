import SyncEngine

/// The reader API's wrong passwords, by address: after `limit` of them within `window` from one
/// address, its logins are refused (429) until the oldest of them is `window` old. Kept in
/// memory: a restart forgets it, as it forgets nothing else worth keeping.
struct LoginThrottle: Sendable {
    /// Wrong passwords that close the door.
    let limit: Int
    /// How long one counts, in seconds.
    let window: Double
    private let failures = Locked<[String: [Double]]>([:])

    init(limit: Int = 5, window: Double = 60) {
        self.limit = limit
        self.window = window
    }

    /// Seconds until `address` may log in again; nil when it may now.
    func wait(for address: String, now: Double) -> Double? {
        failures.withLock { failures in
            let recent = (failures[address] ?? []).filter { now - $0 < window }
            failures[address] = recent.isEmpty ? nil : recent
            guard recent.count >= limit, let oldest = recent.first else { return nil }
            return window - (now - oldest)
        }
    }

    /// Counts a wrong password from `address`. The table is bounded: an address not seen for a
    /// window is dropped when it grows past 10,000 addresses.
    func fail(_ address: String, now: Double) {
        failures.withLock { failures in
            if failures.count > 10_000 { failures = failures.filter { now - ($0.value.last ?? 0) < window } }
            failures[address, default: []].append(now)
            if let count = failures[address]?.count, count > limit { failures[address]?.removeFirst(count - limit) }
        }
    }
}
