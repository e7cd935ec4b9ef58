/// Moves between screens. Presenters navigate through it; views never do.
@MainActor
public protocol Navigator: AnyObject {
    /// Opens the detail of a story.
    func showStory(id: Int64)
    /// Opens the detail of a story with what the list already shows of it, so that a front can
    /// show its title before the text arrives. The default opens it with `showStory(id:)`.
    func showStory(id: Int64, preview: StoryPreview)
    /// Opens the comments on a story, given its context: its id, its title as known so far, and
    /// its number of comments once the counters are known, for a front that words the way there
    /// ("60 条评论"). The comments' presenter is made with that context.
    func showComments(story: StoryContext)
    /// Opens the list of a story's images, the headline's first, as its presenter worded them.
    func showImages(storyID: Int64, images: [ImageViewData])
}

extension Navigator {
    /// Opens the story without its preview: fronts that show nothing before the text need no more.
    public func showStory(id: Int64, preview: StoryPreview) {
        showStory(id: id)
    }

    /// Does nothing: fronts without a comments screen ignore it.
    public func showComments(story: StoryContext) {}

    /// Does nothing: fronts without an image list ignore it.
    public func showImages(storyID: Int64, images: [ImageViewData]) {}
}
