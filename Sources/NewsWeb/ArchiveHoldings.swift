import SyncEngine

/// What the archive holds of the pages a static copy links to, read cache-only: a copy writes
/// only the pages the archive can fill, and links to no other.
struct ArchiveHoldings {
    let engine: SyncEngine

    /// The ids among `ids` whose story has its text in the archive.
    func stories(_ ids: [Int64]) async -> Set<Int64> {
        var held = Set<Int64>()
        for id in ids where !held.contains(id) {
            if (try? await engine.detail(id: id, policy: .cacheOnly)) != nil { held.insert(id) }
        }
        return held
    }

    /// Whether either thread of the story's comments is in the archive (its page shows it).
    func comments(_ id: Int64) async -> Bool {
        for kind in [CommentKind.long, .short] where (try? await engine.comments(storyID: id, kind: kind, policy: .cacheOnly)) != nil {
            return true
        }
        return false
    }

    /// Whether the list of columns is in the archive.
    func sections() async -> Bool { (try? await engine.sections(policy: .cacheOnly)) != nil }

    /// Whether the column's first page is in the archive.
    func section(_ id: Int64) async -> Bool { (try? await engine.section(id, policy: .cacheOnly)) != nil }
}
