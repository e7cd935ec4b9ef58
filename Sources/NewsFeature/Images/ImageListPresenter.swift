/// The image list's presentation logic: the images as the story's presenter worded them, and
/// what choosing one does (open it where something can, else show its address).
@MainActor
public final class ImageListPresenter {
    private weak var view: (any ImageListView)?
    private let images: [ImageViewData]
    private let opener: any LinkOpener
    private let strings: Strings
    /// An opener is at work: a second choice waits for it rather than start another.
    private var isOpening = false

    /// Composes the list.
    ///
    /// - Parameters:
    ///   - images: the story's images, the headline's first (`DetailViewData.images`).
    ///   - view: the list's view, held weakly.
    ///   - opener: what opens an image chosen.
    ///   - language: the language of the wording.
    public init(images: [ImageViewData], view: any ImageListView, opener: any LinkOpener, language: Language = .zh) {
        self.images = images
        self.view = view
        self.opener = opener
        self.strings = Strings(language: language)
    }

    /// The screen appeared: shows the images.
    public func viewDidLoad() {
        view?.show(ImageListViewData(items: images, emptyMessage: strings.noImages))
    }

    /// Opens the image at `index` in the list and says so once the opener has, or shows its
    /// address when nothing could open it: "opened" is said only of what was. It says at once
    /// that it is opening; a choice made while an opener is still at work is ignored.
    public func didSelectImage(at index: Int) async {
        guard images.indices.contains(index), !isOpening else { return }
        isOpening = true
        defer { isOpening = false }
        let url = images[index].url
        view?.showOpening(strings.opening(url))
        let opening = await opener.open(url)
        let message =
            switch opening {
            case .opened: strings.opened(url)
            case .noOpener: strings.imageAddress(url)
            case .failed: strings.openFailed(url)
            }
        view?.showOpened(ImageOpenedViewData(url: url, isOpened: opening == .opened, message: message))
    }
}
