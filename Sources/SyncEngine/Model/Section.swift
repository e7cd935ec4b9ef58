/// A column (栏目) of the source: stories that run across days under one name, such as 瞎扯 ·
/// 如何正确地吐槽 (id 2). Paged by a cursor the source gives, not by date.
public struct Section: Hashable, Sendable, Identifiable {
    /// The source's id; ids are not contiguous.
    public let id: Int64
    /// "瞎扯".
    public let name: String
    /// Often empty.
    public let description: String
    /// The column's picture, when the source gave one.
    public let thumbnailURL: String?

    /// A column as the source's list gives it; `thumbnailURL` nil when it gives none.
    public init(id: Int64, name: String, description: String, thumbnailURL: String?) {
        self.id = id
        self.name = name
        self.description = description
        self.thumbnailURL = thumbnailURL
    }
}

/// The source's columns, as the archive holds them, with where the list came from.
public struct SectionList: Equatable, Sendable {
    /// In the source's order.
    public let sections: [Section]
    /// Origin, age and staleness of the list.
    public let provenance: Provenance

    /// The columns, with where the list came from.
    public init(sections: [Section], provenance: Provenance) {
        self.sections = sections
        self.provenance = provenance
    }
}

/// A story of a column, with the day it ran.
public struct SectionStory: Hashable, Sendable {
    /// The story; the same row whichever page, a day's or a column's, brought it.
    public let story: Story
    /// The day it ran (the source's `date`).
    public let day: Day

    /// A column's story with the day that lists it.
    public init(story: Story, day: Day) {
        self.story = story
        self.day = day
    }
}

/// How far back a read of a column goes.
public enum SectionReach: Sendable, Equatable {
    /// At least this many pages of the column (the source gives about 10 stories a page), or as
    /// many as it has.
    case pages(Int)
    /// Every page, to the column's first story. A run that is stopped keeps the pages it read
    /// and the next one goes on from there.
    case all
}

/// A column's stories as the archive holds them, newest first, with where they came from.
public struct SectionPage: Equatable, Sendable {
    /// The column's id.
    public let sectionID: Int64
    /// The column's name, as the source last gave it.
    public let name: String
    /// Newest first: by the day each ran, then by id.
    public let stories: [SectionStory]
    /// Whether the archive holds the column to its first story.
    public let isComplete: Bool
    /// Pages this read fetched from the source (0 when served from the archive).
    public let pagesFetched: Int
    /// Pages the archive holds of the column (a page read again counts once): the next
    /// `SectionReach.pages` to ask for one more page is this plus one.
    public let pagesHeld: Int
    /// Origin, age (of the newest page) and staleness; `isFinal` is `isComplete`.
    public let provenance: Provenance

    /// Creates a page; the engine makes these, tests and previews may too. `pagesHeld` nil:
    /// `pagesFetched`, at least 1.
    public init(
        sectionID: Int64, name: String, stories: [SectionStory], isComplete: Bool, pagesFetched: Int, pagesHeld: Int? = nil,
        provenance: Provenance
    ) {
        self.sectionID = sectionID
        self.name = name
        self.stories = stories
        self.isComplete = isComplete
        self.pagesFetched = pagesFetched
        self.pagesHeld = pagesHeld ?? max(1, pagesFetched)
        self.provenance = provenance
    }
}

/// What `SyncEngine.syncSections` did.
public struct SectionSyncSummary: Sendable {
    /// The columns asked for, in the order given.
    public let sections: [Int64]
    /// Stories the columns list in the archive now.
    public let stories: Int
    /// Pages of the columns read from the source.
    public let pagesFetched: Int
    /// The columns that could not be read (each one's failure); the others went on.
    public let sectionFailures: [(id: Int64, error: SyncError)]
    /// Stories whose detail or counters were fetched.
    public let detailsFetched: Int
    /// Stories whose detail and counters the archive had already.
    public let detailsPresent: Int
    /// Stories whose comments were read to the end.
    public let commentStoriesFetched: Int
    /// Comments brought in.
    public let commentsFetched: Int
    /// Pictures fetched.
    public let picturesFetched: Int
    /// Pictures the archive had already.
    public let picturesPresent: Int
    /// Stories, comment threads and pictures that failed (a later run retries them).
    public let failures: [SyncFailure]
    /// Stories and comment threads not tried because the network went away.
    public let skipped: Int
    /// How long the sync took.
    public let duration: Duration
    /// Pictures not tried because their hosts could not be reached (see `SyncSummary.picturesSkipped`).
    public internal(set) var picturesSkipped = 0
}
