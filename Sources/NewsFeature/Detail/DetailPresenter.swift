import SyncEngine

/// The detail screen's presentation logic: loading, the body as blocks, counters, marks, wording.
@MainActor
public final class DetailPresenter {
    private weak var view: (any DetailView)?
    private let interactor: any DetailInteractor
    private let navigator: any Navigator
    private let strings: Strings
    private let dates: DateFormatting
    /// The story shown, once loaded.
    private var page: DetailPage?
    private let errors: ErrorPresenter
    private var isLoading = false
    private var failedIntent: LoadIntent?
    private let preview: StoryPreview?
    /// The story's context, which the story's pictures and comments share: its title (the
    /// preview's, then the loaded story's), the story as the view was last given it (whose images
    /// are also what `didTapImages()` lists) and its number of comments.
    public let context: StoryContext
    private var storyID: Int64 { context.storyID }

    /// Composes the screen for one story.
    ///
    /// - Parameters:
    ///   - storyID: the story shown.
    ///   - view: the screen's view, held weakly.
    ///   - interactor: the screen's use cases.
    ///   - navigator: where the screen's navigation goes (its comments).
    ///   - language: the language of the wording.
    ///   - preview: what the list showed of the story, shown before its text arrives.
    public init(
        storyID: Int64, view: any DetailView, interactor: any DetailInteractor, navigator: any Navigator,
        language: Language = .zh, preview: StoryPreview? = nil
    ) {
        self.context = StoryContext(storyID: storyID, title: preview?.title)
        self.view = view
        self.interactor = interactor
        self.navigator = navigator
        self.strings = Strings(language: language)
        self.dates = DateFormatting(language: language)
        errors = ErrorPresenter(language: language)
        self.preview = preview
    }

    // MARK: Events

    /// The screen appeared: shows the preview at once, then loads the story.
    public func viewDidLoad() async {
        if let preview, page == nil { view?.showPreview(preview) }
        await load(.load)
    }

    /// Fetches the story again, ignoring the archive.
    public func refresh() async {
        await load(.refresh)
    }

    /// Repeats the load that failed last.
    public func didTapRetry() async {
        guard let intent = failedIntent else { return }
        await load(intent)
    }

    /// Keeps the story, or drops it if it is kept already.
    public func didTapFavorite() async {
        guard let page, !isLoading else { return }
        do {
            let isFavorite = try await interactor.setFavorite(id: page.detail.id, !page.marks.isFavorite)
            self.page = DetailPage(
                detail: page.detail, provenance: page.provenance, extra: page.extra,
                extraProvenance: page.extraProvenance,
                marks: StoryMarks(isFavorite: isFavorite, isRead: page.marks.isRead))
            render(favoriteChange: strings.favoriteToggled(NewsListPresenter.oneLine(page.detail.title), isFavorite: isFavorite))
        } catch {
            view?.showError(errors.viewData(for: error, subject: strings.storySubject(page.detail.id)))
        }
    }

    /// Opens the list of the story's images, once it is shown.
    public func didTapImages() {
        guard let shown = context.shown else { return }
        navigator.showImages(storyID: storyID, images: shown.images)
    }

    /// Opens the story's comments on its context: its title as known so far, and the number of
    /// comments once the counters are loaded.
    public func didTapComments() {
        navigator.showComments(story: context)
    }

    // MARK: Loading

    private func load(_ intent: LoadIntent) async {
        guard !isLoading else { return }  // One load at a time.
        isLoading = true
        defer { isLoading = false }
        view?.showLoading()
        do {
            page = try await interactor.load(id: storyID, intent)
            failedIntent = nil
            render()
        } catch {
            failedIntent = intent
            view?.showError(errors.viewData(for: error, subject: strings.storySubject(storyID)))
        }
    }

    // MARK: Mapping

    /// - Parameter favoriteChange: the confirmation of a favourite just set or cleared.
    private func render(favoriteChange: String? = nil) {
        guard let page else { return }
        let data = Self.viewData(page, strings: strings, dates: dates, favoriteChange: favoriteChange)
        context.shown = data
        context.title = data.title
        context.commentCount = page.extra?.comments
        view?.show(data)
    }

    static func viewData(
        _ page: DetailPage, strings: Strings, dates: DateFormatting, favoriteChange: String? = nil
    ) -> DetailViewData {
        let detail = page.detail
        let readable = detail.readableText
        let bodyBlocks = readable.map { Self.blocks(of: $0, strings: strings) } ?? []
        let references = readable?.references.enumerated().map { "[\($0.offset + 1)] \($0.element)" } ?? []
        let bodyText = readable?.plainText ?? strings.offSite(detail.url)
        let provenance = page.provenance
        let source = SourceViewData(
            origin: provenance.origin.rawValue,
            fetchedAt: DateFormatting.iso8601(unixTime: Int64(provenance.fetchedAt.timeIntervalSince1970.rounded(.down))),
            isFinal: provenance.isFinal, isStale: provenance.isStale, staleReason: provenance.staleReason?.rawValue)
        let status = StatusViewData(
            text: strings.status(
                origin: provenance.origin.rawValue, staleReason: provenance.staleReason?.rawValue,
                age: dates.age(provenance.age)),
            isStale: provenance.isStale)
        let counts = page.extra.map { extra in
            CountsViewData(
                popularity: extra.popularity, comments: extra.comments, longComments: extra.longComments,
                shortComments: extra.shortComments,
                text: strings.counts(likes: extra.popularity, comments: extra.comments),
                isStale: page.extraProvenance?.isStale ?? false)
        }
        return DetailViewData(
            id: detail.id, title: NewsListPresenter.oneLine(detail.title), image: detail.image,
            imageSource: detail.imageSource, imageCredit: detail.imageSource.map(strings.imageCredit), blocks: bodyBlocks,
            references: references,
            bodyText: bodyText, isOffSite: detail.isOffSite, shareURL: detail.shareURL, url: detail.url, counts: counts,
            isFavorite: page.marks.isFavorite, isRead: page.marks.isRead,
            marksText: page.marks.isFavorite ? strings.favoriteMark : "", source: source, status: status,
            published: detail.publishTime.map { time in
                PublishedViewData(
                    unixTime: time, iso8601: DateFormatting.iso8601Beijing(unixTime: time),
                    text: strings.published(dates.beijingDateTime(unixTime: time)))
            }, images: images(detail, readable: readable, strings: strings), favoriteChange: favoriteChange,
            body: readable.map { body(of: $0, strings: strings) } ?? [],
            section: detail.sectionID.map { SectionItemLinkViewData(id: $0, name: strings.sectionTitle(detail.sectionName ?? "", id: $0)) },
            referenceURLs: readable?.references ?? [])
    }

    /// The headline image with its credit, then the body's images numbered as in the text.
    static func images(_ detail: StoryDetail, readable: ReadableText?, strings: Strings) -> [ImageViewData] {
        let headline = detail.image.map { url in
            ImageViewData(
                number: nil, url: url, caption: detail.imageSource, label: strings.headlineImageLabel(credit: detail.imageSource),
                reference: strings.imageReference(number: nil, url: url))
        }
        let body = (readable?.images ?? []).enumerated().map { index, image in
            ImageViewData(
                number: index + 1, url: image.url, caption: image.caption,
                label: strings.imageLabel(number: index + 1, caption: image.caption),
                reference: strings.imageReference(number: index + 1, url: image.url))
        }
        return (headline.map { [$0] } ?? []) + body
    }

    private static func body(of readable: ReadableText, strings: Strings) -> [DetailBodyBlockViewData] {
        readable.blocks.map { block in
            switch block {
            case .heading(let text): return .heading(text)
            case .byline(let text): return .byline(text)
            case .paragraph(let text): return .paragraph(text)
            case .quote(let text): return .quote(text)
            case .listItem(let text, let ordinal): return .listItem(marker: ordinal.map { "\($0)." } ?? "•", text: text)
            case .image(let number, let caption): return .image(number: number, text: strings.image(number: number, caption: caption))
            case .rule: return .rule
            case .link(let text, let reference):
                let index = reference - 1
                return .link(text: text, url: readable.references.indices.contains(index) ? readable.references[index] : "")
            }
        }
    }

    private static func blocks(of text: ReadableText, strings: Strings) -> [DetailBlockViewData] {
        text.blocks.map { block in
            switch block {
            case .heading(let text): return .heading(text)
            case .byline(let text): return .byline(text)
            case .paragraph(let text): return .paragraph(text)
            case .quote(let text): return .quote(text)
            case .listItem(let text, let ordinal): return .listItem(marker: ordinal.map { "\($0)." } ?? "•", text: text)
            case .image(let number, let caption): return .image(strings.image(number: number, caption: caption))
            case .rule: return .rule
            case .link(let text, let reference): return .link("\(text) [\(reference)]")
            }
        }
    }
}
