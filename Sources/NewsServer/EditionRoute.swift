import HTTPTypes
import Hummingbird
import NIOCore
import NewsWeb
import SyncEngine

/// The catalog's books under `/edition/` (``OPDSCatalog/download(path:query:)``): each made from
/// the archive on its first request and kept while the archive is unchanged (``EditionCache``),
/// then sent from its file with its entity tag, `application/epub+zip` and the file name to save
/// it as. 404 for a path that names no book or a book of nothing the archive holds.
struct EditionRoute: Sendable {
    let catalog: OPDSCatalog
    /// Nil when no folder could be made for the books: each download is then 503.
    let cache: EditionCache?

    func respond(to request: Request, context: some RequestContext) async throws -> Response {
        guard let target = RequestTarget(request.head.path ?? ""), let download = catalog.download(path: target.path, query: target.query)
        else { return .plain(.notFound, "not found\n") }
        guard let cache else { return .plain(.serviceUnavailable, "no folder for the books\n") }
        // Without a token no book can be known current: a one-off token makes it anew.
        let token: any Hashable & Sendable = await cache.caching.token() ?? UInt64.random(in: 0...UInt64.max)
        let outcome = await cache.book(download.edition, token: token) { path throws(EditionExport.Failure) in
            _ = try await catalog.write(download, to: path)
        }
        switch outcome {
        case .absent: return .plain(.notFound, "not found: the archive holds no story of this book\n")
        case .stopping: return .plain(.serviceUnavailable, "the server is stopping\n")
        case .failed(let reason):
            cache.caching.note(.failed(path: target.path, reason: reason))
            return .plain(.internalServerError, "the book could not be made\n")
        case .book(let lease):
            // Gone only when the server is stopping and its folder went with it.
            guard let file = try? await FileIO().loadFile(path: lease.book.path, context: context) else {
                return .plain(.serviceUnavailable, "the server is stopping\n")
            }
            let headers: HTTPFields = [
                .contentType: "application/epub+zip",
                .contentDisposition: "attachment; filename=\"\(download.fileName)\"",
                .eTag: lease.book.entityTag,
                .cacheControl: "no-cache",
            ]
            // The body holds the lease: the file stays until it is sent, or the answer is dropped unsent.
            let body = ResponseBody(contentLength: lease.book.size) { [lease] writer in
                try await file.write(writer)
                _ = lease
            }
            return Response(status: .ok, headers: headers, body: body)
        }
    }
}
