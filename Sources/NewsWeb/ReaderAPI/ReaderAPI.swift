#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import NewsFeature
import SyncEngine

/// The archive as a Google Reader API server, as FreshRSS and Miniflux serve it: the API that
/// phone reader apps (and newsboat's FeedHQ mode) sync with. Paths are under the API's root
/// (`/api/greader` on `newsctl serve`):
///
/// | path | what |
/// |---|---|
/// | POST `accounts/ClientLogin` | `Email`, `Passwd` → `SID=`, `LSID=`, `Auth=` lines; 401 when wrong |
/// | `reader/api/0/token` | the edit token `T` every POST that changes state carries |
/// | `reader/api/0/user-info` | the account |
/// | `reader/api/0/subscription/list` | 知乎日报 and each section the archive keeps |
/// | `reader/api/0/tag/list` | the starred state, the one folder, a tag per section |
/// | `reader/api/0/unread-count` | per feed, the folder and the reading list |
/// | `reader/api/0/stream/contents/<stream>` | items with their HTML (`n`, `c`, `r=o`, `ot`, `nt`, `xt`, `it`) |
/// | `reader/api/0/stream/items/ids` | `s=<stream>`: ids and times only |
/// | `reader/api/0/stream/items/contents` | `i=` repeated: those items |
/// | POST `reader/api/0/edit-tag` | `i=` repeated, `a=`/`r=` read or starred |
/// | POST `reader/api/0/mark-all-as-read` | `s`, `ts` |
/// | `reader/atom/<stream>` | a stream as Atom, for older clients |
///
/// Every path but the login needs `Authorization: GoogleLogin auth=<token>`. Read is the
/// archive's read mark and starred is a favourite, so a change made by one app, the terminal or
/// the web pages is what every app sees on its next sync; the last change wins. Items are read
/// from the archive only: the API never asks the source.
public struct ReaderAPI: Sendable {
    let engine: SyncEngine
    let language: Language
    let note: @Sendable (Note) -> Void

    /// What the API tells the server's log.
    public enum Note: Sendable, Equatable {
        /// A request was refused because there is no account at all: the log should say how to add one.
        case noAccount
        /// A request failed in the archive or libsodium (an answer of 500 or 503): what went wrong.
        case fault(String)
    }

    /// The API over `engine`, worded in `language` where it words anything (the entry of a story
    /// it has no text for); `note` is given what the server's log should say.
    public init(engine: SyncEngine, language: Language = .zh, note: @escaping @Sendable (Note) -> Void = { _ in }) {
        self.engine = engine
        self.language = language
        self.note = note
    }

    /// Where `newsctl serve` serves the API: the base URL an app is given ends so.
    public static let root = "/api/greader"

    /// The folder every feed is in.
    static let folder = "知乎日报"

    /// The answer to `request`; never throws: a fault is an answer that says so.
    public func respond(to request: ReaderRequest) async -> WebResponse {
        do throws(ReaderFault) {
            return try await route(request)
        } catch {
            // The server's own failures are the operator's to see, whatever the client was told.
            if error.status >= 500 { note(.fault(error.detail ?? error.message)) }
            var response = WebResponse(
                status: error.status, contentType: "text/plain; charset=utf-8", body: Array((error.message + "\n").utf8))
            // Google's name for it and FreshRSS's: clients look for one or the other.
            if error.badToken { response.headers = ["X-Reader-Google-Bad-Token": "true", "Google-Bad-Token": "true"] }
            return response
        }
    }

    private func route(_ request: ReaderRequest) async throws(ReaderFault) -> WebResponse {
        if request.path == "/accounts/ClientLogin" {
            guard request.method == "POST" else { throw ReaderFault(status: 405, message: "log in with a POST") }
            return try await logIn(request)
        }
        let token = try await authenticate(request)
        let account = try await accountName(token: token)
        if request.path.hasPrefix("/reader/atom/") || request.path == "/reader/atom" {
            let id = request.path == "/reader/atom" ? request.value("s") ?? "" : String(request.path.dropFirst("/reader/atom/".count))
            return try await atom(request, streamID: id)
        }
        let api = "/reader/api/0/"
        guard request.path.hasPrefix(api) else { throw .notFound }
        let call = String(request.path.dropFirst(api.count))
        if call.hasPrefix("stream/contents") {
            let rest = call.dropFirst("stream/contents".count)
            guard rest.isEmpty || rest.hasPrefix("/") else { throw .notFound }
            let id = rest.isEmpty ? request.value("s") ?? ReaderStreamID.readingList : String(rest.dropFirst())
            return try await streamContents(request, streamID: id)
        }
        switch call {
        case "token": return .text(try editToken(token))
        case "user-info": return try await userInfo(account)
        case "subscription/list": return try await subscriptions(request)
        case "tag/list": return try await tags()
        case "unread-count": return try await unreadCounts()
        case "stream/items/ids": return try await itemIDs(request)
        case "stream/items/contents": return try await itemContents(request)
        case "edit-tag":
            try requireEdit(request, token: token)
            return try await editTag(request)
        case "mark-all-as-read":
            try requireEdit(request, token: token)
            return try await markAllRead(request)
        default: throw .notFound
        }
    }

}

extension WebResponse {
    /// A plain-text answer: `OK`, the login's lines, a token.
    static func text(_ text: String) -> WebResponse {
        WebResponse(status: 200, contentType: "text/plain; charset=utf-8", body: Array(text.utf8))
    }

    /// `value` as JSON.
    static func json(_ value: some Encodable) -> WebResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else {
            return WebResponse(status: 500, contentType: "text/plain; charset=utf-8", body: Array("could not write JSON\n".utf8))
        }
        return WebResponse(status: 200, contentType: "application/json; charset=utf-8", body: Array(data))
    }
}
