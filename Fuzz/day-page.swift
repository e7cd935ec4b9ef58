// The day pages (`news/latest`, `news/before/D`) through the client's own decode and validation,
// served by a transport that answers with the fuzz input. Properties: `DayPageScanner` answers
// only as JSONDecoder does; only `.badResponse` or `.notPublished` fail a page, and only when
// they should; an accepted page is the day asked for, with every story it kept valid.
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import Logging
@testable import SyncEngine

private struct Canned: HTTPTransport {
    let body: [UInt8]
    func get(_ url: String, timeout: Duration) async throws(TransportError) -> HTTPResponse {
        HTTPResponse(status: 200, body: body, url: url)
    }
}

private func client(_ body: [UInt8]) -> ZhihuDailyClient {
    ZhihuDailyClient(
        baseURLs: ["fuzz://api/4"], transport: Canned(body: body), timeout: .seconds(5),
        logger: Logger(label: "fuzz", factory: { _ in SwiftLogNoOpLogHandler() }))
}

private enum Outcome {
    case day(RemoteDay)
    case failed(RemoteError)
}

private func check(_ stories: [Story]) {
    for story in stories {
        require(story.id > 0 && !story.title.isEmpty, "kept a story without id or title: \(story)")
        require(story.imageURL.map { !$0.isEmpty } ?? true, "kept an empty image URL")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Array(UnsafeBufferPointer(start: data, count: size))
    let dto = try? JSONDecoder().decode(DayPageDTO.self, from: Data(body))
    if let dto {
        require(dto.skippedStories >= 0, "negative skipped count")
        check(dto.stories.map { $0.toDomain() } + dto.topStories.map { $0.toDomain() })
    }
    // The client's fast reader answers only as JSONDecoder does; otherwise it declines.
    if let scanned = DayPageScanner.page(body) {
        require(dto != nil, "the scanner read a page JSONDecoder rejects")
        require(scanned.date == dto!.date && scanned.skipped.isEmpty && dto!.skipped.isEmpty, "the scanner's date or skips differ")
        require(
            scanned.stories.map { $0.toDomain() } == dto!.stories.map { $0.toDomain() }
                && scanned.topStories.map { $0.toDomain() } == dto!.topStories.map { $0.toDomain() },
            "the scanner's stories differ from JSONDecoder's")
    }
    let answered = dto.flatMap { Day($0.date) }
    // Asked for: the day answered (accepted), the day after it (not published yet), the day
    // before it (misdated), and a fixed day.
    var asked = [Day("20230313")!]
    if let answered { asked += [answered, answered.adding(days: 1), answered.adding(days: -1)] }

    let client = client(body), asking = asked
    let outcomes = blocking { () async -> (Outcome, [(Day, Outcome)]) in
        let latest: Outcome
        do throws(RemoteError) { latest = .day(try await client.latest()) } catch { latest = .failed(error) }
        var days: [(Day, Outcome)] = []
        for day in asking {
            do throws(RemoteError) { days.append((day, .day(try await client.day(day)))) } catch { days.append((day, .failed(error))) }
        }
        return (latest, days)
    }

    switch outcomes.0 {
    case .day(let page):
        require(dto != nil && page.day == answered, "latest accepted a page that does not decode or has no date")
        require(page.stories.count == dto!.stories.count && page.topStories.count == dto!.topStories.count, "latest lost stories")
        check(page.stories + page.topStories)
    case .failed(let error):
        require(error.code == .badResponse, "latest failed with \(error.code): \(error.message)")
        require(answered == nil, "latest rejected a valid page: \(error.message)")
    }
    for (day, outcome) in outcomes.1 {
        switch outcome {
        case .day(let page):
            require(page.day == day && dto?.date == day.description, "asked for \(day), accepted '\(dto?.date ?? "-")'")
            require(page.topStories.isEmpty, "a past day with top stories")
            check(page.stories)
        case .failed(let error):
            switch error.code {
            case .badResponse:
                require(dto == nil || dto!.date != day.description, "rejected the day asked for: \(error.message)")
                require(answered.map { $0 >= day } ?? true, "a later day asked for is not published, not bad")
            case .notPublished:
                require(answered != nil && answered! < day, "not published, but the answer is \(dto?.date ?? "-") for \(day)")
                require(error.misdated?.asked == day && error.misdated?.answered == answered, "misdated pair wrong")
            default:
                require(false, "day \(day) failed with \(error.code): \(error.message)")
            }
        }
    }
    return 0
}
