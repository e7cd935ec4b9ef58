// A story's detail (`news/ID`) and counters (`story-extra/ID`) through the client's decoding and
// checks, the body then read as text. Properties: failures are `.badResponse` only; an accepted
// detail is the story asked for, with a body unless it is an off-site article (type 1); counts
// are what the body says; `StoryDetailScanner`, when it answers, answers as JSONDecoder does.
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

private enum Outcome<T> {
    case value(T)
    case failed(RemoteError)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Array(UnsafeBufferPointer(start: data, count: size))
    let dto = try? JSONDecoder().decode(StoryDetailDTO.self, from: Data(body))
    let extraDTO = try? JSONDecoder().decode(StoryExtraDTO.self, from: Data(body))
    // The direct reader answers only as JSONDecoder does.
    if let scanned = StoryDetailScanner.detail(body) {
        require(dto != nil, "the scanner read a detail JSONDecoder refuses")
        require(
            scanned.id == dto!.id && scanned.toDomain(id: 1) == dto!.toDomain(id: 1),
            "the scanner read the detail otherwise than JSONDecoder")
    }
    // The id the answer names (when it names one), and one it does not.
    var asked: [Int64] = [9_759_301]
    if let id = dto?.id { asked = [id, id == 9_759_301 ? 9_759_302 : 9_759_301] }

    let client = ZhihuDailyClient(
        baseURLs: ["fuzz://api/4"], transport: Canned(body: body), timeout: .seconds(5),
        logger: Logger(label: "fuzz", factory: { _ in SwiftLogNoOpLogHandler() }))
    let asking = asked
    let (details, extra) = blocking { () async -> ([(Int64, Outcome<StoryDetail>)], Outcome<StoryExtra>) in
        var details: [(Int64, Outcome<StoryDetail>)] = []
        for id in asking {
            do throws(RemoteError) { details.append((id, .value(try await client.detail(id)))) } catch {
                details.append((id, .failed(error)))
            }
        }
        let extra: Outcome<StoryExtra>
        do throws(RemoteError) { extra = .value(try await client.extra(asking[0])) } catch { extra = .failed(error) }
        return (details, extra)
    }

    for (id, outcome) in details {
        switch outcome {
        case .value(let detail):
            require(dto != nil, "accepted a detail that does not decode")
            require(detail.id == id && (dto!.id == nil || dto!.id == id), "asked for \(id), accepted \(String(describing: dto!.id))")
            require(detail.bodyHTML != nil || detail.type == 1, "a type \(detail.type) story without a body")
            require(!detail.url.isEmpty, "a detail without a URL")
            for value in [detail.image, detail.imageSource, detail.shareURL] {
                require(value.map { !$0.isEmpty } ?? true, "kept an empty string for an absent value")
            }
            if let html = detail.bodyHTML {
                // The text of an accepted body must read (and keep its own promises).
                let readable = ReadableText(html: html)
                for case .link(_, let reference) in readable.blocks {
                    require((1...readable.references.count).contains(reference), "link [\(reference)] of \(readable.references.count)")
                }
            }
        case .failed(let error):
            require(error.code == .badResponse, "detail \(id) failed with \(error.code): \(error.message)")
            require(dto == nil || (dto!.id != nil && dto!.id != id), "rejected a detail that decodes: \(error.message)")
        }
    }
    switch extra {
    case .value(let counts):
        require(extraDTO != nil, "accepted counters that do not decode")
        require(counts.comments == extraDTO!.comments && counts.popularity == extraDTO!.popularity, "counts changed on the way")
    case .failed(let error):
        require(error.code == .badResponse && extraDTO == nil, "counters failed with \(error.code): \(error.message)")
    }
    return 0
}
