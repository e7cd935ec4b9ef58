#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging

/// A validated day from the source, in domain types.
struct RemoteDay: Sendable {
    let day: Day
    let stories: [Story]
    let topStories: [Story]
}

/// The Zhihu Daily v4 client: paths, base-URL fallback, decoding and validation.
struct ZhihuDailyClient: Sendable {
    /// API roots including the version, tried in order (`https://news-at.zhihu.com/api/4`, …).
    let baseURLs: [String]
    let transport: any HTTPTransport
    /// Deadline for one page, fallbacks included.
    let timeout: Duration
    let logger: Logger

    /// `news/latest`: today's stories and the banner.
    func latest() async throws(RemoteError) -> RemoteDay {
        let (response, dto) = try await fetchPage("news/latest")
        guard let day = Day(dto.date) else {
            throw RemoteError(code: .badResponse, url: response.url, message: "the latest page has no valid date ('\(dto.date)')")
        }
        return RemoteDay(day: day, stories: dto.stories.map { $0.toDomain() }, topStories: dto.topStories.map { $0.toDomain() })
    }

    /// The stories of `day`, through `news/before/(day + 1)`.
    func day(_ day: Day) async throws(RemoteError) -> RemoteDay {
        let (response, dto) = try await fetchPage("news/before/\(day.adding(days: 1))")
        guard dto.date == day.description else {
            // For a day after its latest, the source answers with its latest day.
            if let answered = Day(dto.date), answered < day {
                throw RemoteError(code: .notPublished, url: response.url,
                                  message: "\(day) is not published yet; the source's latest day is \(answered)")
            }
            throw RemoteError(code: .badResponse, url: response.url,
                              message: "asked for \(day), the source answered with '\(dto.date)'")
        }
        return RemoteDay(day: day, stories: dto.stories.map { $0.toDomain() }, topStories: [])
    }

    private func fetchPage(_ path: String) async throws(RemoteError) -> (HTTPResponse, DayPageDTO) {
        let response = try await fetch(path)
        let dto: DayPageDTO
        do {
            dto = try JSONDecoder().decode(DayPageDTO.self, from: Data(response.body))
        } catch {
            let looksLikeHTML = response.body.prefix(64).contains(UInt8(ascii: "<"))
            throw RemoteError(code: .badResponse, url: response.url,
                              message: looksLikeHTML ? "the source answered with HTML instead of JSON"
                                                     : "the source answered with malformed JSON")
        }
        if dto.skippedStories > 0 {
            logger.notice("skipped malformed stories", metadata: ["url": "\(response.url)", "count": "\(dto.skippedStories)"])
        }
        return (response, dto)
    }

    /// GETs `path` from the first base URL that answers, within `timeout` overall.
    /// Moves on to the next base URL on DNS, connect, TLS or 403 failures.
    private func fetch(_ path: String) async throws(RemoteError) -> HTTPResponse {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var lastError: RemoteError?
        for base in baseURLs {
            let url = Self.join(base, path)
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { break }
            do {
                let response = try await transport.get(url, timeout: remaining)
                if (200..<300).contains(response.status) { return response }
                let error = RemoteError(code: .httpStatus, url: url, status: response.status,
                                        message: Self.describeStatus(response))
                guard response.status == 403 else { throw error }
                lastError = error
            } catch let error as TransportError {
                guard error.code != .cancelled else {
                    throw RemoteError(code: .cancelled, url: url, transportError: error, message: "cancelled")
                }
                let remoteError = RemoteError(code: .unreachable, url: url, transportError: error, message: error.message)
                guard [.dns, .connect, .tls].contains(error.code) else { throw remoteError }
                lastError = remoteError
            } catch let error as RemoteError {
                throw error
            } catch {
                throw RemoteError(code: .unreachable, url: url, message: "\(error)")
            }
            logger.info("base URL failed, trying the next", metadata: ["url": "\(url)", "error": "\(lastError?.message ?? "")"])
        }
        throw lastError ?? RemoteError(code: .unreachable, url: Self.join(baseURLs.first ?? "", path),
                                       transportError: TransportError(code: .timeout, url: path, message: "deadline passed"),
                                       message: "the network deadline passed")
    }

    static func join(_ base: String, _ path: String) -> String {
        base.hasSuffix("/") ? base + path : base + "/" + path
    }

    /// `HTTP 403`, with the message of Zhihu's `{"error":{…}}` envelope when there is one.
    private static func describeStatus(_ response: HTTPResponse) -> String {
        struct Envelope: Decodable {
            struct Detail: Decodable { let message: String?; let name: String? }
            let error: Detail
        }
        var text = "HTTP \(response.status)"
        if let envelope = try? JSONDecoder().decode(Envelope.self, from: Data(response.body)),
           let detail = envelope.error.name ?? envelope.error.message {
            text += " (\(detail))"
        }
        return text
    }
}
