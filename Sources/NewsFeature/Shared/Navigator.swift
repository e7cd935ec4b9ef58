/// Moves between screens. Presenters navigate through it; views never do.
@MainActor
public protocol Navigator: AnyObject {
    /// Opens the detail of a story.
    func showStory(id: Int64)
    /// Opens the detail of a story with what the list already shows of it, so that a front can
    /// show its title before the text arrives. The default opens it with `showStory(id:)`.
    func showStory(id: Int64, preview: StoryPreview)
    /// Opens the comments on a story; `count` is its number of comments when the counters are
    /// known, for a front that words the way there ("60 条评论").
    func showComments(storyID: Int64, count: Int?)
    /// Opens the list of a story's images, the headline's first, as its presenter worded them.
    func showImages(storyID: Int64, images: [ImageViewData])
}

extension Navigator {
    /// Opens the story without its preview: fronts that show nothing before the text need no more.
    public func showStory(id: Int64, preview: StoryPreview) {
        showStory(id: id)
    }

    /// Does nothing: fronts without a comments screen ignore it.
    public func showComments(storyID: Int64, count: Int?) {}

    /// Does nothing: fronts without an image list ignore it.
    public func showImages(storyID: Int64, images: [ImageViewData]) {}
}
