/// One day of the archive with where it came from.
public struct Page: Equatable, Sendable {
    /// The day these stories belong to.
    public let day: Day
    /// The day's stories in the source's order.
    public let stories: [Story]
    /// The banner stories; only on the latest page, empty otherwise.
    public let topStories: [Story]
    /// True when this is the source's latest day (today).
    public let isLatest: Bool
    /// Origin, age and staleness of this page.
    public let provenance: Provenance

    /// Creates a page; the engine makes these, tests and previews may too.
    public init(day: Day, stories: [Story], topStories: [Story], isLatest: Bool, provenance: Provenance) {
        self.day = day
        self.stories = stories
        self.topStories = topStories
        self.isLatest = isLatest
        self.provenance = provenance
    }
}
