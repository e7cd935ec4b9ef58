extension SyncEngine {
    /// Brings columns (栏目) into the archive: each to its first story (a column read before:
    /// its new stories, then on from where the archive stops, as `.all` does), then, as
    /// `request` asks, their stories' details and counters, comments and pictures, with the
    /// transfers, batches and failure handling of `sync(_:progress:)`. `request.span` is not used.
    ///
    /// A column that cannot be read is listed in the summary and the others go on; a source
    /// without sections throws `.noSections` before anything else is asked.
    ///
    /// The story phases are the day sync's own (`syncStories(in:…)` over `.sections(ids)`).
    public func syncSections(
        _ ids: [Int64], request: SyncRequest, progress: @escaping @Sendable (SyncProgress) -> Void = { _ in }
    ) async throws(SyncError) -> SectionSyncSummary {
        try requireWritable("sync")
        defer { saveBaseURLPreference() }
        let started = ContinuousClock.now
        let sections = archive.sections
        do {
            var pages = 0
            var sectionFailures: [(id: Int64, error: SyncError)] = []
            for (index, id) in ids.enumerated() {
                try Task.checkCancellation()
                do {
                    let held = try sections.read(id)
                    pages += try await readNewest(id, held: held, sections: sections)
                    pages += try await readOlder(id, reach: .all, sections: sections)
                } catch let error as SyncError where error.remoteError != nil {
                    let failure = try await explainMissingSection(error)
                    if failure.code == .noSections { throw failure }
                    sectionFailures.append((id, failure))
                }
                progress(SyncProgress(phase: .sections, done: index + 1, total: ids.count, failed: sectionFailures.count))
            }
            let width = min(max(1, request.concurrency), SyncRequest.maxConcurrency)
            let checkpointer = startCheckpointing()
            defer { stopCheckpointing(checkpointer) }
            let phases = try await syncStories(
                in: .sections(ids), request: request, blocked: false, width: width, slowDownsSeen: client.slowDown.total,
                progress: progress, checkpointer: checkpointer)
            let held = try ids.reduce(into: Set<Int64>()) { $0.formUnion(try sections.read($1)?.stories.map(\.story.id) ?? []) }
            // A sync of columns is a sync: `status` says when the last one ran.
            try archive.meta.setLastSync(clock.now().timeIntervalSince1970, interrupted: false)
            var summary = SectionSyncSummary(
                sections: ids, stories: held.count, pagesFetched: pages, sectionFailures: sectionFailures,
                detailsFetched: phases.details.done, detailsPresent: phases.detailsPresent, commentStoriesFetched: phases.comments.done,
                commentsFetched: phases.commentsFetched, picturesFetched: phases.pictures.done, picturesPresent: phases.picturesPresent,
                failures: phases.failures, skipped: phases.skipped, duration: ContinuousClock.now - started)
            summary.picturesSkipped = phases.pictures.skipped
            return summary
        } catch {
            throw SyncError.wrapping(error)
        }
    }
}
