import NewsFeature
import SyncEngine

/// Writes an EPUB 3 book of an ``Edition`` from the archive only (`newsctl export --epub`, and
/// the OPDS catalog's downloads): a page per story built from the engine's readable blocks, a
/// page per part (day, month, favourites) listing its stories, the pictures the archive keeps
/// inside the book, a cover, the navigation and the package document.
///
/// The book is streamed: a story is read, written to the container's spool and let go before the
/// next, so memory stays bounded whatever the edition's size. The same edition of the same archive
/// is the same bytes: every date in it comes from the archive (the newest fetch of a story's text),
/// and everything is written in the archive's order.
public struct EditionExport: Sendable {
    /// What a book holds, for the summary line.
    public struct Outcome: Sendable, Equatable {
        /// The days in the book (nil for a section's or the favourites').
        public var days: Int?
        /// The stories listed, with or without their text.
        public var stories = 0
        /// The stories listed without their text (the archive lacks it), with their hints.
        public var withoutText = 0
        /// The pictures inside the book (each once, however many stories show it).
        public var pictures = 0
        /// The pictures the archive lacks, each in its place as its caption.
        public var missingPictures = 0
        /// The pictures left out, as their captions, for a format e-readers may not show (WebP).
        public var leftOutPictures = 0
        /// The comments in the book (nil for a book without comments).
        public var comments: Int?
    }

    /// Why no book was written.
    public enum Failure: Error, Sendable, Equatable {
        /// The archive holds no story of the edition.
        case empty
        /// The book could not be written at `path`: `reason` is the system's or libzip's words.
        case write(path: String, reason: String)
        /// libzip, which writes the book's ZIP container, could not be loaded: `reason` says why
        /// and which package installs it.
        case noZipLibrary(reason: String)
        /// The task writing it was cancelled (a server stopping); nothing was written.
        case cancelled
    }

    let engine: SyncEngine
    let edition: Edition

    /// An export of `edition` from `engine`'s archive.
    public init(engine: SyncEngine, edition: Edition) {
        self.engine = engine
        self.edition = edition
    }

    /// Writes the book at `path`, replacing what is there only once the whole book is written.
    /// Reading the stories runs on the main actor (the presenters'); writing the ZIP, which takes
    /// seconds for a year, does not, so a server goes on answering meanwhile. A cancelled task
    /// stops between two stories and writes nothing.
    @MainActor
    public func write(to path: String) async throws(Failure) -> Outcome {
        let reading = EditionReading(engine: engine, edition: edition)
        guard let (title, parts) = await reading.parts(), !parts.isEmpty else { throw .empty }
        do throws(ZipContainer.Failure) {
            let container = try ZipContainer(path: path)
            var book = BookAssembly(edition: edition, container: container)
            try book.begin()
            for part in parts {
                for listed in part.stories {
                    if Task.isCancelled { throw ZipContainer.Failure(path: path, reason: "cancelled", cancelled: true) }
                    try await book.add(listed, reading: reading)
                }
            }
            let date = try book.finish(title: title, parts: parts)
            let outcome = book.outcome(days: { if case .days = edition.scope { return parts.count } else { return nil } }())
            try await Self.writeZip(container.plan, date: date)
            withExtendedLifetime(container) {}  // Its spool was read until now.
            return outcome
        } catch {
            if error.cancelled { throw .cancelled }
            throw error.missingLibrary ? .noZipLibrary(reason: error.reason) : .write(path: error.path, reason: error.reason)
        }
    }

    /// libzip writing the book from its spool, off the caller's actor.
    @concurrent
    private static func writeZip(_ plan: ZipPlan, date: DOSDate) async throws(ZipContainer.Failure) {
        try plan.write(date: date)
    }
}

/// The book as it is written: which files it has so far, for the package document at the end.
private struct BookAssembly {
    let edition: Edition
    let container: ZipContainer
    private let wording: WebStrings
    private var pictureItems: [BookDocuments.Item] = []
    private var storyIDs = Set<Int64>()
    private var withText = Set<Int64>()
    private var picturePaths = Set<String>()
    private var coverPicture: String?
    private var newestFetch: Int64?
    private var counts = EditionExport.Outcome()

    init(edition: Edition, container: ZipContainer) {
        self.edition = edition
        self.container = container
        wording = WebStrings(language: edition.language)
    }

    /// The files every book opens with: `mimetype` first and stored, then the container file.
    mutating func begin() throws(ZipContainer.Failure) {
        try container.add("mimetype", BookDocuments.mimetype, compressed: false)
        try container.add("META-INF/container.xml", BookDocuments.container)
    }

    /// A listed story: its page and pictures when the archive has its text (once, however often
    /// it is listed).
    @MainActor
    mutating func add(_ listed: ListedStory, reading: EditionReading) async throws(ZipContainer.Failure) {
        guard storyIDs.insert(listed.id).inserted else { return }
        counts.stories += 1
        guard let story = await reading.story(listed.id) else {
            counts.withoutText += 1
            return
        }
        withText.insert(listed.id)
        let fetched = Int64(story.fetchedAt.timeIntervalSince1970.rounded(.down))
        newestFetch = max(newestFetch ?? fetched, fetched)
        var pictures: [StoryPictureViewData] = []
        for picture in story.pictures {
            pictures.append(try addPicture(picture))
        }
        if edition.comments {
            counts.comments = (counts.comments ?? 0) + (story.comments?.sections.reduce(0) { $0 + $1.comments.count } ?? 0)
        }
        let path = "story/\(listed.id).xhtml"
        try container.add(
            "EPUB/" + path,
            BookDocuments.story(
                BookStory(detail: story.detail, pictures: pictures, comments: story.comments, fetchedAt: story.fetchedAt), wording: wording)
        )
    }

    /// A picture of a story: written into the book once, if the archive keeps it in a format
    /// e-readers show; otherwise its caption stands in its place, saying why.
    private mutating func addPicture(_ picture: StoryPictureViewData) throws(ZipContainer.Failure) -> StoryPictureViewData {
        func caption(_ words: String) -> StoryPictureViewData {
            StoryPictureViewData(
                place: picture.place, url: picture.url, placeholder: picture.placeholder, caption: picture.caption, bytes: nil,
                unavailable: words, notDrawn: picture.notDrawn)
        }
        guard let bytes = picture.bytes, let format = try? PictureCheckCache.format(bytes),
            let path = PicturePath.path(url: picture.url, format: format)
        else {
            counts.missingPictures += 1
            return caption(wording.editionPictureMissing(picture.placeholder))
        }
        guard format != .webp else {
            counts.leftOutPictures += 1
            return caption(wording.editionPictureFormat(picture.placeholder))
        }
        if coverPicture == nil, picture.place == .headline { coverPicture = path }
        if picturePaths.insert(path).inserted {
            counts.pictures += 1
            try container.add("EPUB/" + path, bytes, compressed: false)
            pictureItems.append(BookDocuments.Item(id: "picture-\(picturePaths.count)", path: path, mediaType: format.mediaType))
        }
        return picture
    }

    /// The parts' pages, the cover, the navigation, the stylesheet and the package document;
    /// returns the date every entry of the ZIP carries.
    mutating func finish(title: String, parts: [EditionPart]) throws(ZipContainer.Failure) -> DOSDate {
        // Read in order: the cover, the contents, then each part's page before its stories. A
        // story listed in several parts is read (and in the contents) in the first.
        var spine: [BookDocuments.Item] = []
        var placed = Set<Int64>()
        var contents: [EditionPart] = []
        for part in parts {
            let path = part.path + ".xhtml"
            try container.add("EPUB/" + path, BookDocuments.part(part, withText: withText, wording: wording))
            spine.append(
                BookDocuments.Item(id: "part-" + part.path.replacingSlashes, path: path, mediaType: "application/xhtml+xml", inSpine: true))
            let firsts = part.stories.filter { withText.contains($0.id) && placed.insert($0.id).inserted }
            for story in firsts {
                spine.append(
                    BookDocuments.Item(
                        id: "story-\(story.id)", path: "story/\(story.id).xhtml", mediaType: "application/xhtml+xml", inSpine: true))
            }
            contents.append(EditionPart(path: part.path, title: part.title, stories: firsts))
        }
        let modified = newestFetch ?? defaultModified(parts)
        let subtitle = wording.editionCreator
        try container.add(
            "EPUB/cover.xhtml", BookDocuments.cover(title: title, subtitle: subtitle, picture: coverPicture, wording: wording))
        try container.add("EPUB/nav.xhtml", BookDocuments.navigation(title: title, parts: contents, wording: wording))
        try container.add("EPUB/style.css", Array(BookStyle.css.utf8))
        var all: [BookDocuments.Item] = [
            BookDocuments.Item(id: "cover", path: "cover.xhtml", mediaType: "application/xhtml+xml", inSpine: true),
            BookDocuments.Item(id: "nav", path: "nav.xhtml", mediaType: "application/xhtml+xml", properties: "nav", inSpine: true),
        ]
        all += spine
        all.append(BookDocuments.Item(id: "style", path: "style.css", mediaType: "text/css"))
        all += pictureItems.map { item in
            var item = item
            if item.path == coverPicture { item.properties = "cover-image" }
            return item
        }
        let date: String
        if case .days(_, let last) = edition.scope {
            date = Self.dashed(last)
        } else {
            date = Self.dashed(Day(containingUnixTime: modified))
        }
        try container.add(
            "EPUB/package.opf",
            BookDocuments.package(
                edition: edition, title: title, date: date, modified: DateFormatting.iso8601(unixTime: modified), items: all,
                cover: pictureItems.first { $0.path == coverPicture }?.id))
        return Self.dosDate(modified)
    }

    func outcome(days: Int?) -> EditionExport.Outcome {
        var outcome = counts
        outcome.days = days
        return outcome
    }

    /// A book whose stories all lack their text: the start of its newest day in Beijing.
    private func defaultModified(_ parts: [EditionPart]) -> Int64 {
        let day: Day
        if case .days(_, let last) = edition.scope { day = last } else { day = Day.firstIssue }
        return day.dayNumber * 86_400 - Day.sourceUTCOffsetSeconds
    }

    /// "2023-04-21".
    static func dashed(_ day: Day) -> String {
        let text = day.description
        return "\(text.prefix(4))-\(text.dropFirst(4).prefix(2))-\(text.suffix(2))"
    }

    /// The day of `unixTime` in Beijing at noon, as a ZIP entry keeps its date: libzip turns a DOS
    /// time into the machine's local time and back, which changes a time in a daylight-saving gap
    /// (small hours, some years); noon is never in one, so the bytes are the same in every zone.
    static func dosDate(_ unixTime: Int64) -> DOSDate {
        let day = Day(containingUnixTime: unixTime)
        return DOSDate(year: day.year, month: day.month, day: day.day, hour: 12)
    }
}

extension String {
    /// `day/20230421` as an XML id's part: `day-20230421`.
    fileprivate var replacingSlashes: String { String(map { $0 == "/" ? "-" : $0 }) }
}
