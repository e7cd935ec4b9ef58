#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension SyncEngine {
    /// How long the list of sections counts as fresh for cache-first reads: it changes rarely.
    public static let sectionListFreshness: Duration = .seconds(86_400)

    /// How long the archive remembers that the source has no sections (it answered `sections`
    /// with 404 or 401): meanwhile cache-first reads fail with `.noSections` without asking it.
    public static let noSectionsMemory: Duration = .seconds(86_400)

    /// The source's columns (栏目), such as 瞎扯 (id 2) and 深夜惊奇.
    ///
    /// Policies as for days: cache-first serves a list younger than `sectionListFreshness`;
    /// cache-only never asks the source; network-first asks and falls back to the archive's list
    /// (marked stale). A source that answers 404 or 401 has no sections: `.noSections`, remembered
    /// for `noSectionsMemory`.
    public func sections(policy: ReadPolicy = .cacheFirst) async throws(SyncError) -> SectionList {
        let sections = archive.sections
        do {
            let cached = try sections.readSections()
            if policy == .cacheOnly {
                guard let cached else { throw SyncError(code: .notCached, message: "the list of sections is not in the archive") }
                return sectionList(cached, origin: .cache, staleReason: isListFresh(cached.fetchedAt) ? nil : .offline)
            }
            if policy == .cacheFirst, let cached, isListFresh(cached.fetchedAt) {
                return sectionList(cached, origin: .cache, staleReason: nil)
            }
            if policy == .cacheFirst, try remembersNoSections() {
                if let cached { return sectionList(cached, origin: .cache, staleReason: .notFound) }
                throw noSectionsError(url: nil)
            }
            let fetched: [Section]
            do {
                fetched = try await withDeadline { () async throws(SyncError) -> [Section] in
                    do { return try await client.sections() } catch { throw SyncError.wrapping(error) }
                }
            } catch  where Self.saysNoSections(error) {
                try? sections.setNoSections(at: clock.now().timeIntervalSince1970, source: sectionsSource)
                guard policy != .networkOnly, let cached else { throw noSectionsError(url: error.remoteError?.url) }
                return sectionList(cached, origin: .cache, staleReason: .notFound)
            } catch {
                guard policy != .networkOnly, error.code != .cancelled, let cached, let remote = error.remoteError else { throw error }
                return sectionList(cached, origin: .cache, staleReason: Self.staleReason(for: remote))
            }
            let now = clock.now().timeIntervalSince1970
            try sections.writeSections(fetched, fetchedAt: now)
            if fetched.isEmpty { try sections.markEmptyList(at: now) }
            try sections.setNoSections(at: nil, source: sectionsSource)
            return sectionList((fetched, now), origin: .network, staleReason: nil)
        } catch {
            throw SyncError.wrapping(error)
        }
    }

    /// A column's stories, newest first, as far back as `reach` asks.
    ///
    /// Policies and provenance as for days. Cache-first serves the archive when its newest page
    /// is younger than `Configuration.partialFreshness` and it holds what `reach` asks; otherwise
    /// the newest page is read again, and older ones only until a story the archive has (a
    /// refresh of a column read before costs one page), then older pages from where the archive
    /// stops until `reach` is met. Each older page is written in its own transaction with the
    /// cursor of the next one, so a stopped `.all` goes on from there; a malformed page writes
    /// nothing. Each page has its own network deadline (`Configuration.networkTimeout`).
    ///
    /// A failure after some pages were kept, or with the column cached, serves the archive
    /// marked stale (`provenance.staleReason`); `.networkOnly` throws it. The source answering
    /// 404 for a column: `.notFound`, or `.noSections` when it has no sections at all.
    public func section(_ id: Int64, reach: SectionReach = .pages(1), policy: ReadPolicy = .cacheFirst) async throws(SyncError)
        -> SectionPage
    {
        let sections = archive.sections
        var fetched = 0
        do {
            let cached = try sections.read(id)
            if policy == .cacheOnly {
                guard let cached else { throw SyncError(code: .notCached, message: "section \(id) is not in the archive") }
                return sectionPage(cached, fetched: 0, staleReason: isHeadFresh(cached) ? nil : .offline)
            }
            if policy == .cacheFirst, let cached, isHeadFresh(cached), holds(cached, reach) {
                return sectionPage(cached, fetched: 0, staleReason: nil)
            }
            if policy == .cacheFirst, cached == nil, try remembersNoSections() { throw noSectionsError(url: nil) }
            do {
                if cached == nil || policy != .cacheFirst || !isHeadFresh(cached) {
                    fetched += try await readNewest(id, held: cached, sections: sections)
                }
                fetched += try await readOlder(id, reach: reach, sections: sections)
            } catch let error as SyncError where error.remoteError != nil || error.code == .cancelled {
                let failure = try await explainMissingSection(error)
                guard policy != .networkOnly, failure.code != .cancelled, let held = try sections.read(id) else { throw failure }
                logger.notice("serving the archive's copy of a section", metadata: ["section": "\(id)", "error": "\(failure)"])
                return sectionPage(held, fetched: fetched, staleReason: failure.remoteError.map(Self.staleReason(for:)) ?? .offline)
            } catch let error as DatabaseError {
                // A page fetched could not be kept (a read-only archive, a full disk): what the
                // archive had is intact, so serve it and say why it is not current.
                guard policy != .networkOnly, let held = try? sections.read(id) else { throw error }
                logger.error("could not save a section's page", metadata: ["section": "\(id)", "error": "\(error)"])
                return sectionPage(held, fetched: 0, staleReason: .storageError)
            }
            guard let held = try sections.read(id) else {
                throw SyncError(code: .storage, message: "section \(id) was written but cannot be read back")
            }
            return sectionPage(held, fetched: fetched, staleReason: nil)
        } catch {
            throw SyncError.wrapping(error)
        }
    }

    /// Reads the newest page, and older ones until one lists a story the archive has for the
    /// column (or the end); writes them in one transaction. A column never read, or with no
    /// stories left, keeps one page.
    func readNewest(_ id: Int64, held: StoredSection?, sections: SectionStore) async throws -> Int {
        var pages: [(cursor: Int64, stories: [SectionStory])] = []
        var cursor: Int64?
        var name = held?.name ?? ""
        var frontier: Int64?
        while true {
            let page = try await sectionPage(id, before: cursor)
            pages.append((cursor ?? 0, page.stories))
            if let given = page.name, !given.isEmpty { name = given }
            // A column with no stories left (a prune took them all) has nothing to meet: read it
            // as never read, or this would read it to its end in one transaction.
            guard let held, !held.stories.isEmpty else {
                frontier = page.next
                break
            }
            let known = try sections.known(id, among: page.stories.map(\.story.id))
            if !known.isEmpty {
                frontier = held.frontier
                break
            }
            guard let next = page.next else {
                frontier = nil
                break
            }
            cursor = next
        }
        try sections.writeNewest(id, name: name, pages: pages, frontier: frontier, fetchedAt: clock.now().timeIntervalSince1970)
        logger.debug("stored the newest pages of a section", metadata: ["section": "\(id)", "pages": "\(pages.count)"])
        return pages.count
    }

    /// Reads older pages from the archive's frontier until it holds what `reach` asks.
    func readOlder(_ id: Int64, reach: SectionReach, sections: SectionStore) async throws -> Int {
        var fetched = 0
        while let held = try sections.read(id), !holds(held, reach), let frontier = held.frontier {
            try Task.checkCancellation()
            let page = try await sectionPage(id, before: frontier == 0 ? nil : frontier)
            try sections.writeOlder(id, cursor: frontier, stories: page.stories, next: page.next)
            fetched += 1
        }
        return fetched
    }

    /// One page within its own deadline.
    private func sectionPage(_ id: Int64, before cursor: Int64?) async throws(SyncError) -> RemoteSectionPage {
        try await withDeadline { () async throws(SyncError) -> RemoteSectionPage in
            do { return try await client.sectionPage(id, before: cursor) } catch { throw SyncError.wrapping(error) }
        }
    }

    /// A 404 for one column means "no such column" unless the source has no sections at all:
    /// its list says which.
    func explainMissingSection(_ error: SyncError) async throws -> SyncError {
        guard Self.saysNoSections(error) else { return error }
        do {
            _ = try await sections(policy: .cacheFirst)
        } catch  where error.code == .noSections {
            return error  // The list's own error: the source has none.
        } catch {
            // The list cannot settle it: the column's own answer stands.
        }
        return error.remoteError?.status == 401 ? noSectionsError(url: error.remoteError?.url) : error
    }

    private func holds(_ stored: StoredSection, _ reach: SectionReach) -> Bool {
        guard stored.frontier != nil else { return true }
        switch reach {
        case .all: return false
        case .pages(let count): return stored.pages >= max(1, count)
        }
    }

    private func isHeadFresh(_ stored: StoredSection?) -> Bool {
        guard let stored else { return false }
        return age(since: stored.fetchedAt) < configuration.partialFreshness
    }

    private func isListFresh(_ fetchedAt: Double) -> Bool {
        age(since: fetchedAt) < Self.sectionListFreshness
    }

    /// Whether the source configured now said it has no sections within `noSectionsMemory`.
    private func remembersNoSections() throws -> Bool {
        guard let since = try archive.sections.noSectionsSince(source: sectionsSource) else { return false }
        return age(since: since) < Self.noSectionsMemory
    }

    /// The source a verdict on sections is about: the base URLs configured, in order.
    private var sectionsSource: String { configuration.baseURLs.joined(separator: " ") }

    /// 404 or 401 (or a `file://` copy's missing file): the source has no such thing.
    static func saysNoSections(_ error: SyncError) -> Bool {
        guard let remote = error.remoteError else { return false }
        return remote.isNotFound || (remote.code == .httpStatus && remote.status == 401)
    }

    /// `.noSections` about the source configured now (`SyncError.baseURL`: its first base URL).
    func noSectionsError(url: String?) -> SyncError {
        var error = SyncError(
            code: .noSections,
            message: "the source has no sections" + (url.map { " (\($0) answered 404 or 401)" } ?? " (it said so within the last day)"))
        error.baseURL = configuration.baseURLs.first
        return error
    }

    private func sectionList(
        _ stored: (sections: [Section], fetchedAt: Double), origin: Provenance.Origin, staleReason: Provenance.StaleReason?
    )
        -> SectionList
    {
        SectionList(
            sections: stored.sections,
            provenance: Provenance(
                origin: origin, fetchedAt: Date(timeIntervalSince1970: stored.fetchedAt), age: age(since: stored.fetchedAt),
                isFinal: false, staleReason: staleReason))
    }

    private func sectionPage(_ stored: StoredSection, fetched: Int, staleReason: Provenance.StaleReason?) -> SectionPage {
        SectionPage(
            sectionID: stored.id, name: stored.name, stories: stored.stories, isComplete: stored.frontier == nil, pagesFetched: fetched,
            pagesHeld: stored.pages,
            provenance: Provenance(
                origin: fetched > 0 ? .network : .cache, fetchedAt: Date(timeIntervalSince1970: stored.fetchedAt),
                age: age(since: stored.fetchedAt), isFinal: false, staleReason: staleReason))
    }
}
