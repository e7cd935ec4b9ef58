import SyncEngine

/// The presentation of a story's pictures for drawing: which pictures (the headline's with its
/// credit, the body's with their captions), their bytes through the interactor, and for each one
/// it cannot give, the wording of why.
@MainActor
public final class StoryPicturesPresenter {
    private weak var view: (any StoryPicturesView)?
    private let interactor: any StoryPicturesInteractor
    private let strings: Strings

    /// Composes the presenter.
    ///
    /// - Parameters:
    ///   - view: what draws the pictures, held weakly.
    ///   - interactor: where the bytes come from.
    ///   - language: the language of the wording.
    public init(view: any StoryPicturesView, interactor: any StoryPicturesInteractor, language: Language = .zh) {
        self.view = view
        self.interactor = interactor
        self.strings = Strings(language: language)
    }

    /// Gets the pictures of the story `detail` shows, all at once (the engine's pool and
    /// limits still apply), and shows them together, in the story's order. Nothing is shown when
    /// the task is cancelled on the way (the story was left).
    public func load(_ detail: DetailViewData) async {
        let images = detail.images
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

    private nonisolated static func fetch(
        _ url: String, from interactor: any StoryPicturesInteractor
    ) async -> Result<[UInt8], SyncError> {
        do throws(SyncError) {
            return .success(try await interactor.picture(url: url))
        } catch {
            return .failure(error)
        }
    }

    private func viewData(_ image: ImageViewData, bytes: [UInt8]?, reason: String?) -> StoryPictureViewData {
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
            notDrawn: strings.pictureNote(placeholder, strings.pictureNotDrawn))
    }
}
