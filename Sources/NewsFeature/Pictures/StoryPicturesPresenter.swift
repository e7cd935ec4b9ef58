import SyncEngine

/// The presentation of a story's pictures for drawing: which pictures (those of the story its
/// context shows: the headline's with its credit, the body's with their captions), their bytes
/// through the interactor, and for each one it cannot give, the wording of why.
@MainActor
public final class StoryPicturesPresenter {
    private let context: StoryContext
    private weak var view: (any StoryPicturesView)?
    private let interactor: any StoryPicturesInteractor
    private let strings: Strings

    /// Composes the presenter.
    ///
    /// - Parameters:
    ///   - context: the story's context, shared with the story's `DetailPresenter`.
    ///   - view: what draws the pictures, held weakly.
    ///   - interactor: where the bytes come from.
    ///   - language: the language of the wording.
    public init(
        context: StoryContext, view: any StoryPicturesView, interactor: any StoryPicturesInteractor, language: Language = .zh
    ) {
        self.context = context
        self.view = view
        self.interactor = interactor
        self.strings = Strings(language: language)
    }

    /// Gets the pictures of the story the context shows, all at once (the engine's pool and
    /// limits still apply), and shows them together, in the story's order. Nothing is shown
    /// before the story is, nor when the task is cancelled on the way (the story was left).
    public func load() async {
        guard let images = context.shown?.images else { return }
        let interactor = self.interactor
        let fetched = await withTaskGroup(of: (Int, Result<[UInt8], SyncError>).self) { group in
            for index in images.indices {
                let url = images[index].url
                group.addTask { (index, await Self.fetch(url, from: interactor)) }
            }
            var fetched: [Int: Result<[UInt8], SyncError>] = [:]
            for await (index, result) in group { fetched[index] = result }
            return fetched
        }
        if Task.isCancelled { return }
        let pictures = images.enumerated().map { index, image -> StoryPictureViewData in
            switch fetched[index] {
            case .success(let bytes)?: return viewData(image, bytes: bytes, reason: nil)
            case .failure(let error)?: return viewData(image, bytes: nil, reason: strings.pictureUnavailable(error))
            case nil: return viewData(image, bytes: nil, reason: strings.pictureNotFetched)  // Each task answers once.
            }
        }
        view?.showPictures(pictures)
    }

    /// Gets the pictures of the story the context shows as `load()` does, for a view that shows
    /// the text at once and each picture as it comes. The pictures there within `first` (those
    /// the archive keeps, as a rule) come together in one `showPictures`, sooner when all are
    /// there, the others marked pending (`isPending`); each pending one then comes alone in
    /// `showPicture` once it arrives or fails. One still missing `giveUp` after the start is
    /// shown as too slow (its fetch is cancelled); nil waits for the engine's own deadline.
    /// Nothing more is shown once the task is cancelled (the story was left).
    ///
    /// With `keptWithoutBytes`, for a view that draws only some of them (those on screen), the
    /// pictures the archive keeps come without their bytes, with what is kept of them (`kept`:
    /// their size), at once; the view has the bytes of those it draws read (`loadBytes(of:)`).
    public func load(firstWithin first: Duration, givingUpAfter giveUp: Duration?, keptWithoutBytes: Bool = false) async {
        guard let images = context.shown?.images else { return }
        let interactor = self.interactor
        var done: [Int: StoryPictureViewData] = [:]
        if keptWithoutBytes {
            // Unknown (a failing archive): every picture is fetched, and fails, as without.
            let kept = (try? await interactor.keptPictures(urls: images.map(\.url))) ?? [:]
            if Task.isCancelled { return }
            for index in images.indices {
                if let found = kept[images[index].url] { done[index] = viewData(images[index], bytes: nil, reason: nil, kept: found) }
            }
        }
        enum Event: Sendable {
            case fetched(Int, Result<[UInt8], SyncError>)
            case firstIsDue
            case giveUp
        }
        var shownTogether = false
        func showTogether() {
            shownTogether = true
            view?.showPictures(
                images.indices.map { done[$0] ?? viewData(images[$0], bytes: nil, reason: nil, isPending: true) })
        }
        func finish(_ index: Int, _ picture: StoryPictureViewData) {
            done[index] = picture
            if shownTogether { view?.showPicture(picture) }
        }
        await withTaskGroup(of: Event.self) { group in
            for index in images.indices where done[index] == nil {
                let url = images[index].url
                group.addTask { .fetched(index, await Self.fetch(url, from: interactor)) }
            }
            group.addTask {
                try? await Task.sleep(for: first)
                return .firstIsDue
            }
            if let giveUp {
                group.addTask {
                    try? await Task.sleep(for: giveUp)
                    return .giveUp
                }
            }
            while done.count < images.count, let event = await group.next(), !Task.isCancelled {
                switch event {
                case .fetched(let index, let result):
                    finish(index, picture(images[index], result))
                case .firstIsDue:
                    if !shownTogether { showTogether() }
                case .giveUp:
                    for index in images.indices where done[index] == nil {
                        finish(index, viewData(images[index], bytes: nil, reason: strings.pictureTooSlow))
                    }
                }
            }
            group.cancelAll()
        }
        if Task.isCancelled { return }
        if !shownTogether { showTogether() }
    }

    /// Reads the bytes of `pictures` that came without (`kept`), all at once, and shows each
    /// again with them, or with why they could not be read, in `showPicture`. Nothing is shown
    /// once the task is cancelled.
    public func loadBytes(of pictures: [StoryPictureViewData]) async {
        let unread = pictures.filter { $0.bytes == nil && $0.kept != nil }
        let interactor = self.interactor
        await withTaskGroup(of: (Int, Result<[UInt8], SyncError>).self) { group in
            for (index, picture) in unread.enumerated() {
                let url = picture.url
                group.addTask { (index, await Self.fetch(url, from: interactor)) }
            }
            for await (index, result) in group where !Task.isCancelled {
                let picture = unread[index]
                var unavailable: String?
                if case .failure(let error) = result {
                    unavailable = strings.pictureNote(picture.placeholder, strings.pictureUnavailable(error))
                }
                view?.showPicture(
                    StoryPictureViewData(
                        place: picture.place, url: picture.url, placeholder: picture.placeholder, caption: picture.caption,
                        bytes: try? result.get(), unavailable: unavailable, notDrawn: picture.notDrawn))
            }
        }
    }

    /// The view data of `image` as its fetch ended.
    private func picture(_ image: ImageViewData, _ result: Result<[UInt8], SyncError>) -> StoryPictureViewData {
        switch result {
        case .success(let bytes): return viewData(image, bytes: bytes, reason: nil)
        case .failure(let error): return viewData(image, bytes: nil, reason: strings.pictureUnavailable(error))
        }
    }

    private nonisolated static func fetch(
        _ url: String, from interactor: any StoryPicturesInteractor
    ) async -> Result<[UInt8], SyncError> {
        do throws(SyncError) {
            return .success(try await interactor.picture(url: url))
        } catch {
            return .failure(error)
        }
    }

    private func viewData(
        _ image: ImageViewData, bytes: [UInt8]?, reason: String?, isPending: Bool = false, kept: KeptPicture? = nil
    ) -> StoryPictureViewData {
        let placeholder: String
        let caption: String
        let place: StoryPictureViewData.Place
        if let number = image.number {
            place = .body(number)
            placeholder = strings.image(number: number, caption: image.caption)
            caption = strings.imageLabel(number: number, caption: image.caption)
        } else {
            place = .headline
            placeholder = "[" + strings.headlineImageLabel(credit: nil) + "]"
            caption = image.caption.map(strings.imageCredit) ?? strings.headlineImageLabel(credit: nil)
        }
        return StoryPictureViewData(
            place: place, url: image.url, placeholder: placeholder, caption: caption, bytes: bytes,
            unavailable: reason.map { strings.pictureNote(placeholder, $0) },
            notDrawn: strings.pictureNote(placeholder, strings.pictureNotDrawn), isPending: isPending, kept: kept)
    }
}
