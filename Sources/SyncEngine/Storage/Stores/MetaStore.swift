/// The archive's bookkeeping, one value per key in `sync_meta`: which day is the source's
/// latest, when a sync last ran, which base URL answered, and the values other stores keep
/// there (the picture budget, what the source said of its sections).
///
/// A write joins the caller's transaction unless it says it is one of its own.
struct MetaStore {
    let database: Database

    // MARK: Values by key

    func value(_ key: String) throws -> String? {
        try database.query("SELECT value FROM sync_meta WHERE key = ?", [.text(key)]) { $0.text(at: 0) }.first
    }

    func setValue(_ value: String, for key: String) throws {
        try database.run(
            "INSERT INTO sync_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            [.text(key), .text(value)])
    }

    func removeValue(for key: String) throws {
        try database.run("DELETE FROM sync_meta WHERE key = ?", [.text(key)])
    }

    // MARK: The source's latest day

    /// The source's latest day as last seen, if ever.
    func latestDay() throws -> Day? {
        try value("latest_date").flatMap { Int64($0) }.flatMap { Day(key: $0) }
    }

    /// When the latest page was last fetched (Unix seconds), if ever.
    func latestFetchedAt() throws -> Double? {
        try value("latest_fetched_at").flatMap(Double.init)
    }

    /// Notes `day` as the source's latest, fetched at `fetchedAt`; in the caller's transaction.
    func setLatest(_ day: Day, fetchedAt: Double) throws {
        try setValue(String(day.key), for: "latest_date")
        try setValue(String(fetchedAt), for: "latest_fetched_at")
    }

    // MARK: Syncs

    /// When a `sync` run last finished, or was interrupted after it had begun to write.
    func setLastSync(_ time: Double, interrupted: Bool) throws {
        try database.transaction {
            try setValue(String(time), for: "last_sync_at")
            try setValue(interrupted ? "1" : "0", for: "last_sync_interrupted")
        }
    }

    func lastSync() throws -> Double? {
        try value("last_sync_at").flatMap(Double.init)
    }

    /// Whether the last sync was interrupted before it finished.
    func lastSyncInterrupted() throws -> Bool {
        try value("last_sync_interrupted") == "1"
    }

    // MARK: The preferred base URL

    /// The base URL that answered when another had failed, and since when (Unix seconds).
    func preferredBaseURL() throws -> (url: String, since: Double)? {
        try database.readTransaction {
            guard let url = try value("preferred_base_url"), let since = try value("preferred_base_url_at").flatMap(Double.init)
            else { return nil }
            return (url, since)
        }
    }

    func setPreferredBaseURL(_ url: String, since: Double) throws {
        try database.transaction {
            try setValue(url, for: "preferred_base_url")
            try setValue(String(since), for: "preferred_base_url_at")
        }
    }
}
