/// The image list's presentation logic: the images as the story's presenter worded them, and
/// what choosing one does (open it where something can, else show its address).
@MainActor
public final class ImageListPresenter {
    private weak var view: (any ImageListView)?
    private let images: [ImageViewData]
    private let opener: any LinkOpener
    private let strings: Strings

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

    /// Opens the image at `index` in the list, or shows its address when nothing can open it.
    public func didSelectImage(at index: Int) {
        guard images.indices.contains(index) else { return }
        let url = images[index].url
        let isOpened = opener.open(url)
        view?.showOpened(
            ImageOpenedViewData(url: url, isOpened: isOpened, message: isOpened ? strings.opened(url) : strings.imageAddress(url)))
    }
}
