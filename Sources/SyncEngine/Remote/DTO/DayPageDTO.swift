/// `news/latest` and `news/before/D` as they arrive; never leaves the remote layer.
struct DayPageDTO: Decodable {
    let date: String
    let stories: [StoryDTO]
    let topStories: [StoryDTO]
    /// Stories dropped because they cannot be shown, each with its reason, in list order.
    let skipped: [SkippedStory]

    /// How many stories were dropped.
    var skippedStories: Int { skipped.count }

    private enum CodingKeys: String, CodingKey {
        case date, stories
        case topStories = "top_stories"
    }

    /// A page read another way than through `Decoder` (`DayPageScanner`).
    init(date: String, stories: [StoryDTO], topStories: [StoryDTO], skipped: [SkippedStory]) {
        self.date = date
        self.stories = stories
        self.topStories = topStories
        self.skipped = skipped
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        date = try container.decode(String.self, forKey: .date)
        let stories = try container.decode([StoryEntry].self, forKey: .stories)
        let topStories = try container.decodeIfPresent([StoryEntry].self, forKey: .topStories) ?? []
        self.stories = stories.compactMap(\.story)
        self.topStories = topStories.compactMap(\.story)
        skipped = SkippedStory.list(stories, in: "stories") + SkippedStory.list(topStories, in: "top_stories")
    }
}

/// A story the page holds but that cannot be shown, and why.
struct SkippedStory: Equatable, CustomStringConvertible {
    /// `stories` or `top_stories`.
    let list: String
    /// Its index in that list, from 0.
    let index: Int
    /// Its id, when it has a usable one.
    let id: Int64?
    /// Why it was skipped ("no title", "id is not a whole number", …).
    let reason: String

    var description: String {
        "\(list)[\(index)] (id \(id.map(String.init) ?? "none")): \(reason)"
    }

    fileprivate static func list(_ entries: [StoryEntry], in list: String) -> [SkippedStory] {
        entries.enumerated().compactMap { index, entry in
            entry.failure.map { SkippedStory(list: list, index: index, id: $0.id, reason: $0.reason) }
        }
    }
}

/// One element of a story list: the story if it decodes, otherwise why not, so that one
/// malformed story does not fail its whole day.
private struct StoryEntry: Decodable {
    let story: StoryDTO?
    let failure: (id: Int64?, reason: String)?

    init(from decoder: any Decoder) throws {
        do {
            story = try StoryDTO(from: decoder)
            failure = nil
        } catch {
            story = nil
            let container = try? decoder.container(keyedBy: StoryDTO.CodingKeys.self)
            failure = (container.flatMap(StoryDTO.id(in:)), (error as? StoryDTO.Invalid)?.description ?? "\(error)")
        }
    }
}
