/// How often the index's segments are merged while a sync writes.
///
/// FTS5 writes a new segment at each commit and, with `automerge` at 4 (its default), goes on
/// merging segments level by level at each commit, four at a time: a sync of many batches writes
/// each body's tokens again at several levels, most of the index's work at COMMIT. A sync's full
/// batches of details turn it off (`withDeferredMerging`): their segments are merged only by FTS5's
/// `crisismerge`, 16 at a time, so each token is written again less often, and a long sync leaves
/// about as many segments as with `automerge`. Not one merge of every segment at the end of the
/// sync: that saves less, and runs alone after the transfers have ended (bench/RESULTS.md). Not
/// for batches of days either: their titles are small segments, and merges put off to the days
/// phase's last batch would run alone after its transfers.
///
/// Merging is off only inside a batch's own transaction, and on again before its COMMIT: every
/// committed state of the archive has it on, so a sync killed half-way leaves nothing to undo,
/// and every later write merges with `automerge` again.
extension SearchIndex {
    /// FTS5's `automerge` when nothing defers it: merge a level once it holds this many segments.
    static let automerge = 4

    /// Runs `body` inside the caller's transaction; when `deferring`, with automatic merging off,
    /// then flushes the index's pending terms into one new segment and turns merging on again, so
    /// the COMMIT after it has nothing left to flush or merge.
    func withDeferredMerging<T>(_ deferring: Bool, _ body: () throws -> T) throws -> T {
        guard deferring else { return try body() }
        try setAutomerge(0)
        let result = try body()
        // Opening a savepoint is what makes FTS5 flush its pending terms before the COMMIT (with
        // automerge 0, only a level that has reached `crisismerge` is merged).
        try database.execute("SAVEPOINT flush_search_index; RELEASE flush_search_index")
        try setAutomerge(Self.automerge)
        return result
    }

    private func setAutomerge(_ segments: Int) throws(DatabaseError) {
        try database.run(
            "INSERT INTO story_search (story_search, rank) VALUES ('automerge', ?)", [.integer(Int64(segments))])
    }
}
