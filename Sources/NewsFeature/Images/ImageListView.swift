/// The list of a story's images, passive: it shows what the presenter tells it.
@MainActor
public protocol ImageListView: AnyObject {
    /// The images.
    func show(_ list: ImageListViewData)
    /// An image was chosen: it was opened, or here is its address.
    func showOpened(_ opened: ImageOpenedViewData)
}
