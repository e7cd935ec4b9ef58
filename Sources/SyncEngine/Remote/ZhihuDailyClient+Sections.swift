#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One page of a column from the source, in domain types.
struct RemoteSectionPage: Sendable {
    let name: String?
    let stories: [SectionStory]
    /// The cursor of the next older page; nil at the column's end.
    let next: Int64?
}

extension ZhihuDailyClient {
    /// `sections`: the source's columns. Entries without an id or name are skipped and logged.
    func sections() async throws(RemoteError) -> [Section] {
        let response = try await fetch("sections")
        let dto: SectionListDTO = try decode(response, what: "the list of sections")
        if dto.skipped > 0 { logger.notice("skipped sections", metadata: ["url": "\(response.url)", "count": "\(dto.skipped)"]) }
        return dto.sections.map { Section(id: $0.id, name: $0.name, description: $0.description, thumbnailURL: $0.thumbnail) }
    }

    /// `section/ID` (cursor nil) or `section/ID/before/CURSOR`. The end is a page without
    /// stories or without a cursor; a cursor that does not go back in time, or is not positive,
    /// is bad data (it would page forever).
    func sectionPage(_ id: Int64, before cursor: Int64?) async throws(RemoteError) -> RemoteSectionPage {
        let response = try await fetch("section/\(id)" + (cursor.map { "/before/\($0)" } ?? ""))
        let dto: SectionPageDTO = try decode(response, what: "section \(id)")
        for skipped in dto.skipped {
            logger.notice(
                "skipped a story",
                metadata: [
                    "url": "\(response.url)", "index": "\(skipped.index)",
                    "id": "\(skipped.id.map(String.init) ?? "none")", "reason": "\(skipped.reason)",
                ])
        }
        // A list whose every story was skipped is not the end: the cursor still leads on.
        let next = dto.stories.isEmpty && dto.skipped.isEmpty ? nil : dto.timestamp
        if let cursor, let answered = next, answered >= cursor {
            throw RemoteError(
                code: .badResponse, url: response.url,
                message: "section \(id): the page before \(cursor) points to \(answered), not to an older page")
        }
        // 0 is where the archive notes "the newest page": a cursor there would lead back to the top.
        if let answered = next, answered <= 0 {
            throw RemoteError(code: .badResponse, url: response.url, message: "section \(id): \(answered) is not a page's cursor")
        }
        return RemoteSectionPage(
            name: dto.name, stories: dto.stories.map { SectionStory(story: $0.story.toDomain(), day: $0.day) }, next: next)
    }
}
