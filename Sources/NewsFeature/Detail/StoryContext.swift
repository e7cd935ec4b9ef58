/// A story's context: the one place the parts of a story's screen share state. The body's
/// presenter (`DetailPresenter`) writes the story as it shows it; the pictures' presenter
/// (`StoryPicturesPresenter`) reads from it which pictures to get, so no view hands one
/// presenter's output to the other. Made with the screen and complete from its init; it points
/// to nothing that holds it.
@MainActor
public final class StoryContext {
    /// The story.
    public let storyID: Int64
    /// The story as last shown, once loaded.
    public internal(set) var shown: DetailViewData?

    /// A context for the story `storyID`, nothing shown yet.
    public init(storyID: Int64) {
        self.storyID = storyID
    }
}
