/// Stories whose detail answered 5xx: a sync leaves each alone for a while after its last
/// failure, an hour after the first and twice as long after each next one, up to a week.
/// A story the source does not have (404) is left alone for a month: asking again soon would
/// only hear the same answer.
struct FailedStoryStore {
    let database: Database

    /// How long a story the source answered 404 for is left alone.
    static let notFoundDelay = 30 * 86_400.0

    /// How long after its last failure a story is left alone, for its number of failures in a row
    /// and the status of the last one.
    static func delay(afterFailures failures: Int, status: Int = 500) -> Double {
        if status == 404 { return notFoundDelay }
        let hour = 3_600.0
        let week = 7 * 86_400.0
        return min(week, hour * Double(1 << min(max(failures, 1) - 1, 20)))
    }

    struct Row {
        let id: Int64
        let failures: Int
        let lastStatus: Int
        let lastFailureAt: Double
        let title: String?

        var nextTry: Double { lastFailureAt + FailedStoryStore.delay(afterFailures: failures, status: lastStatus) }
    }

    /// Every remembered story, the next to be tried first.
    func all() throws -> [Row] {
        try database.query(
            """
            SELECT f.id, f.failures, f.last_status, f.last_failure_at, coalesce(s.title, d.title, fav.title)
            FROM failed_story f
            LEFT JOIN story s ON s.id = f.id
            LEFT JOIN story_detail d ON d.id = f.id
            LEFT JOIN favorite fav ON fav.story_id = f.id
            """
        ) {
            Row(
                id: $0.int64(at: 0), failures: Int($0.int64(at: 1)), lastStatus: Int($0.int64(at: 2)),
                lastFailureAt: $0.double(at: 3), title: $0.optionalText(at: 4))
        }.sorted { ($0.nextTry, $0.id) < ($1.nextTry, $1.id) }
    }

    /// One more failure of each story, at `time`; inside the caller's transaction.
    func recordFailures(_ failures: [(id: Int64, status: Int)], at time: Double) throws {
        for (id, status) in failures {
            try database.run(
                """
                INSERT INTO failed_story (id, failures, last_status, last_failure_at) VALUES (?, 1, ?, ?)
                ON CONFLICT (id) DO UPDATE SET failures = failures + 1, last_status = excluded.last_status,
                    last_failure_at = excluded.last_failure_at
                """, [.integer(id), .integer(Int64(status)), .real(time)])
        }
    }

    /// Forgets a story's failures once its detail came; inside the caller's transaction.
    func forget(_ id: Int64) throws {
        try database.run("DELETE FROM failed_story WHERE id = ?", [.integer(id)])
    }
}
