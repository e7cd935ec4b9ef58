import NewsFeature
import SyncEngine

/// What an EPUB edition holds (`newsctl export --epub`, and the OPDS catalog's downloads): a run
/// of days, a section or the favourites, with or without pictures and comments.
public struct Edition: Sendable, Equatable, Hashable {
    /// Which stories.
    public enum Scope: Sendable, Equatable, Hashable {
        /// The stories of every day from `first` to `last` the archive holds, oldest first.
        case days(first: Day, last: Day)
        /// A section's stories the archive holds, month by month, oldest first.
        case section(Int64)
        /// The favourites, in the order they were saved.
        case favorites
    }

    /// Which stories.
    public var scope: Scope
    /// Whether each story is followed by its comments the archive keeps (long, then short).
    public var comments: Bool
    /// Whether the book carries the pictures the archive keeps (without: their captions).
    public var pictures: Bool
    /// The language of the book's own words (the stories are Chinese whatever it is).
    public var language: Language

    /// An edition of `scope`, with pictures and without comments by default.
    public init(scope: Scope, comments: Bool = false, pictures: Bool = true, language: Language = .zh) {
        self.scope = scope
        self.comments = comments
        self.pictures = pictures
        self.language = language
    }

    /// The book's `dc:identifier`: the same for the same edition, whenever and wherever it is
    /// made, and different for each scope and choice of contents.
    var identifier: String {
        var name: String
        switch scope {
        case .days(let first, let last): name = first == last ? "day/\(first)" : "days/\(first)-\(last)"
        case .section(let id): name = "section/\(id)"
        case .favorites: name = "favorites"
        }
        if comments { name += "/comments" }
        if !pictures { name += "/no-pictures" }
        if language == .en { name += "/en" }
        return "tag:newsctl.zhihu-daily-offline,2026:edition/" + name
    }
}
