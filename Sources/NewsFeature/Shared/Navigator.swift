/// Moves between screens. Presenters navigate through it; views never do.
@MainActor
public protocol Navigator: AnyObject {
    /// Opens the detail of a story.
    func showStory(id: Int64)
}
