/// The list of a story's images, passive: it shows what the presenter tells it.
@MainActor
public protocol ImageListView: AnyObject {
    /// The images.
    func show(_ list: ImageListViewData)
    /// An image was chosen and the opener is working on it: "正在打开：https://…".
    func showOpening(_ message: String)
    /// An image was chosen: it was opened, or here is its address.
    func showOpened(_ opened: ImageOpenedViewData)
}
