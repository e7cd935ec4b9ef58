/// The story detail screen, passive: it shows what the presenter tells it.
@MainActor
public protocol DetailView: AnyObject {
    /// A load or refresh has started.
    func showLoading()
    /// The story, its counters and the user's marks.
    func show(_ detail: DetailViewData)
    /// The story could not be loaded; retry with `didTapRetry()`.
    func showError(_ error: ErrorViewData)
    /// What the list showed of the story, before its text: shown at once, replaced by `show(_:)`.
    func showPreview(_ preview: StoryPreview)
}

extension DetailView {
    /// Ignores the preview: views that draw nothing before the story need no more.
    public func showPreview(_ preview: StoryPreview) {}
}
