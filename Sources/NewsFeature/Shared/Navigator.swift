/// Moves between screens. Presenters navigate through it; views never do.
@MainActor
public protocol Navigator: AnyObject {
    /// Opens the detail of a story.
    func showStory(id: Int64)
    /// Opens the comments on a story; `count` is its number of comments when the counters are
    /// known, for a front that words the way there ("60 条评论").
    func showComments(storyID: Int64, count: Int?)
}

extension Navigator {
    /// Does nothing: fronts without a comments screen ignore it.
    public func showComments(storyID: Int64, count: Int?) {}
}
