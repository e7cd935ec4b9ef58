/// Where and how much the server keeps of the EPUB books it makes for the OPDS catalog's
/// downloads. A book is made on the first request for it and sent again while the archive's
/// change token is the same; a new token makes every book again on its next request.
///
/// The books are kept in a folder of this run's own under `folder` (`run-XXXXXX`), emptied and
/// removed when the server stops; a run's folder left by a server that was killed is removed by
/// the next server that starts with the same `folder`. Nothing is written beside the archive, so a
/// read-only archive is served as any other.
public struct EditionCaching: Sendable {
    /// The folder the run's folder is made in: `$XDG_CACHE_HOME/newsctl/editions` for
    /// `newsctl serve`.
    public var folder: String
    /// Most books kept; the least recently sent goes first.
    public var entries = 32
    /// Most bytes kept, all books together; a larger book is sent once and not kept.
    public var bytes = 512 << 20
    /// The token of what the books are made from now; nil when it cannot be known (then each
    /// download is made anew).
    public let token: @Sendable () async -> (any Hashable & Sendable)?
    /// Given what the server's log should say of the books.
    public var note: @Sendable (Note) -> Void = { _ in }

    /// What the server's log should say of the books, in the words of whoever runs it.
    public enum Note: Sendable, Equatable {
        /// No folder could be made for the books in `folder`: each download answers 503.
        case noFolder(String)
        /// The book at the site's `path` could not be made: `reason` is the export's words.
        case failed(path: String, reason: String)
    }

    /// Books kept under `folder` while `token` says the archive is the same.
    public init(folder: String, token: @escaping @Sendable () async -> (any Hashable & Sendable)?) {
        self.folder = folder
        self.token = token
    }
}
