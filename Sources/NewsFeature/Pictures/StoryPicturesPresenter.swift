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

    /// Gets the pictures of the story `detail` shows, one after the other, and shows them all
    /// at once. Nothing is shown when the task is cancelled on the way (the story was left).
    public func load(_ detail: DetailViewData) async {
        var pictures: [StoryPictureViewData] = []
        for image in detail.images {
            let bytes: [UInt8]?
            let reason: String?
            do {
                bytes = try await interactor.picture(url: image.url)
                reason = nil
            } catch {
                bytes = nil
                reason = strings.pictureUnavailable(error)
            }
            if Task.isCancelled { return }
            pictures.append(viewData(image, bytes: bytes, reason: reason))
        }
        view?.showPictures(pictures)
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
