/// A story's context: the one place the parts of a story's screen share state. The body's
/// presenter (`DetailPresenter`) writes the story as it shows it and its number of comments; the
/// pictures' presenter (`StoryPicturesPresenter`) reads from it which pictures to get; the
/// comments' presenter (`CommentsPresenter`) reads the title it names the comments by. So no
/// view hands one presenter's output to another. Made with the screen, or by a front that opens
/// a story's part on its own, and complete from its init; it points to nothing that holds it.
@MainActor
public final class StoryContext {
    /// The story.
    public let storyID: Int64
    /// The story's title on one line as known so far: what the list showed of it, then the
    /// loaded story's; nil while neither is known.
    public internal(set) var title: String?
    /// The story as last shown, once loaded.
    public internal(set) var shown: DetailViewData?
    /// How many comments the story has, once its counters are loaded.
    public internal(set) var commentCount: Int?

    /// A context for one story, nothing shown yet.
    ///
    /// - Parameters:
    ///   - storyID: the story.
    ///   - title: the story's title as the screen that opens it shows it (a list row's), on one
    ///     line; nil when it is not known.
    public init(storyID: Int64, title: String? = nil) {
        self.storyID = storyID
        self.title = title
    }
}
