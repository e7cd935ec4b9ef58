/// A page the engine reads or watches: today's page, or one day.
public enum PageRequest: Hashable, Sendable {
    /// The source's latest day, with the banner.
    case latest
    /// The stories of one day.
    case day(Day)

    /// Network-first for today, cache-first for past days.
    var defaultPolicy: ReadPolicy {
        switch self {
        case .latest: return .networkFirst
        case .day: return .cacheFirst
        }
    }
}

/// One event of `SyncEngine.updates(for:)`.
public enum PageUpdate: Sendable {
    /// The page, from the archive or just fetched; its provenance says which and how old.
    case page(Page)
    /// A read or fetch failed. The stream goes on: a page sent before still stands, and a later
    /// fetch may succeed.
    case failed(SyncError)
}
