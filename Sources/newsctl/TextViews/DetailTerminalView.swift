import NewsFeature

/// A story as text for a terminal or a pipe: wrapped to the width, CJK-aware, sanitised. With a
/// `drawer`, the story waits for its pictures (`showPictures`) and is printed with them; when
/// `picturesFollow`, those are the pictures there at once, the text is printed at once up to the
/// first of them and each one with the text after it as soon as it is drawn, and each one still
/// pending is printed after the text as it comes (`showPicture`). With `json`, the story is one
/// JSON object on stdout instead, without a loading line or pictures.
@MainActor
final class DetailTerminalView: DetailView, StoryPicturesView, CommandView {
    private let output: Output
    private let terminal: Terminal
    private let errorLine: ErrorLine
    private let progress: ProgressLine
    private let drawer: StoryPictureDrawer?
    private let words: CommandStrings
    private let json: Bool
    private(set) var exitStatus = ExitStatus.internalError
    /// The story shown, waiting for its pictures to be printed with them.
    private(set) var awaitingPictures: DetailViewData?
    /// The pictures given for it, to draw in `printWithPictures`.
    private var picturesToDraw: [StoryPictureViewData]?
    /// Whether the story is printed as soon as `showPictures` comes, and later pictures after it.
    private let picturesFollow: Bool
    /// The printing under way, in the order the presenter showed things.
    private var printing: Task<Void, Never>?

    init(
        output: Output, terminal: Terminal, errorLine: ErrorLine, loadingText: String, drawer: StoryPictureDrawer? = nil,
        words: CommandStrings = CommandStrings(language: .zh), picturesFollow: Bool = false, json: Bool = false
    ) {
        self.json = json
        self.picturesFollow = picturesFollow
        self.output = output
        self.terminal = terminal
        self.errorLine = errorLine
        self.progress = ProgressLine(output: output, terminal: terminal, text: loadingText)
        self.drawer = drawer
        self.words = words
    }

    func showLoading() {
        guard !json else { return }
        progress.show()
    }

    func show(_ detail: DetailViewData) {
        guard !json else { return showJSON(detail) }
        exitStatus = ExitStatus.ok
        guard drawer == nil else {
            awaitingPictures = detail
            return
        }
        progress.clear()
        print(detail, pictures: nil)
    }

    func showPictures(_ pictures: [StoryPictureViewData]) {
        guard awaitingPictures != nil, drawer != nil else { return }
        picturesToDraw = pictures
        if picturesFollow { inOrder { await $0.printWithPictures() } }
    }

    func showPicture(_ picture: StoryPictureViewData) {
        guard picturesFollow, let drawer else { return }
        let width = terminal.width
        inOrder { view in
            await drawer.prepare([picture], width: width)
            view.printFollowing(picture)
        }
    }

    /// Runs `work` after the printing already under way.
    private func inOrder(_ work: @escaping @MainActor (DetailTerminalView) async -> Void) {
        let before = printing
        printing = Task { @MainActor in
            await before?.value
            await work(self)
        }
    }

    /// Prints the story with the pictures `showPictures` gave, drawn several at once: into a
    /// pipe, all of them first and then the story whole; on a terminal (`picturesFollow`), the
    /// text at once up to the first picture, then each picture and the text after it as soon as
    /// it is drawn, in order.
    func printWithPictures() async {
        guard let detail = awaitingPictures, let drawer, let pictures = picturesToDraw else { return }
        awaitingPictures = nil
        picturesToDraw = nil
        let width = terminal.width
        guard picturesFollow else {
            await drawer.prepare(pictures, width: width)
            progress.clear()
            print(detail, pictures: drawer.layout(pictures, width: width))
            sayMissingLibrary()
            return
        }
        let story = StoryInPieces(detail, pictures: pictures, drawer: drawer, width: width)
        progress.clear()
        write(story.ready(drawer))
        await drawer.prepare(pictures, width: width) { [weak self] _ in self?.write(story.ready(drawer)) }
        write(story.ready(drawer))
    }

    /// Waits until everything shown so far is printed (`picturesFollow`).
    func finishPrinting() async {
        await printing?.value
        sayMissingLibrary()
    }

    /// A picture that came after the text, under it with its caption; one that did not come, as
    /// its placeholder with why. A headline picture that did not come is left out, as it is
    /// from the text.
    private func printFollowing(_ picture: StoryPictureViewData) {
        guard let drawer, picture.bytes != nil || picture.place != .headline else { return }
        write([Row()] + drawer.rows(for: picture, width: terminal.width))
    }

    private func sayMissingLibrary() {
        if let missing = drawer?.missingLibrary, let library = missing.library, let package = missing.installHint {
            output.err("newsctl: " + words.picturesNotDrawn(library: library, package: package) + "\n")
        }
    }

    /// A graphics protocol's picture is its sequence on a line: the terminal moves the cursor
    /// under it, onto the line after the rows it covers.
    private func print(_ detail: DetailViewData, pictures: StoryPictureRows?) {
        var rows = StoryRows.detail(detail, width: terminal.width, wholeAddresses: true, pictures: pictures)
        rows.append(Self.statusRow(detail))
        write(rows)
    }

    /// The last line: where the story came from, yellow when stale.
    static func statusRow(_ detail: DetailViewData) -> Row {
        Row(detail.status.text, detail.status.isStale ? .yellow : .green)
    }

    private func write(_ rows: [Row]) {
        guard !rows.isEmpty else { return }
        // A picture's sequence (megabytes of kitty's base64) is written as it is: joined into
        // the text, each would be copied twice more into fresh memory.
        var text = ""
        for row in rows {
            switch row.graphic {
            case .top(let sequence, _, _):
                output.out(text)
                output.out(sequence)
                text = "\n"
            case .covered: continue
            case nil: text += row.text(color: terminal.useColor) + "\n"
            }
        }
        output.out(text)
    }

    func showError(_ error: ErrorViewData) {
        progress.clear()
        errorLine.write(error)
        exitStatus = ExitStatus.forError(error.kind)
    }

    private func showJSON(_ detail: DetailViewData) {
        let extra: JSONValue =
            detail.counts.map { counts in
                .object([
                    ("popularity", .int(Int64(counts.popularity))),
                    ("comments", .int(Int64(counts.comments))),
                    ("long_comments", .int(Int64(counts.longComments))),
                    ("short_comments", .int(Int64(counts.shortComments))),
                ])
            } ?? .null
        output.out(
            JSONValue.object([
                ("id", .int(detail.id)),
                ("title", .string(detail.title)),
                ("body_text", .string(detail.bodyText)),
                ("image", .optional(detail.image)),
                ("image_source", .optional(detail.imageSource)),
                ("images", .array(detail.images.compactMap(Self.image))),
                ("share_url", .optional(detail.shareURL)),
                ("url", .string(detail.url)),
                ("publish_time", detail.published.map { .int($0.unixTime) } ?? .null),
                ("published_at", .optional(detail.published?.iso8601)),
                ("extra", extra),
                ("origin", .string(detail.source.origin)),
                ("fetched_at", .string(detail.source.fetchedAt)),
                ("favorite", .bool(detail.isFavorite)),
                ("read", .bool(detail.isRead)),
                ("off_site", .bool(detail.isOffSite)),
                ("stale", .bool(detail.source.isStale)),
                ("stale_reason", .optional(detail.source.staleReason)),
            ]).serialized() + "\n")
        exitStatus = ExitStatus.ok
    }

    /// A body image as `{"number", "url", "caption"}`; the headline image is `image` already.
    private static func image(_ image: ImageViewData) -> JSONValue? {
        guard let number = image.number else { return nil }
        return .object([("number", .int(Int64(number))), ("url", .string(image.url)), ("caption", .optional(image.caption))])
    }
}
