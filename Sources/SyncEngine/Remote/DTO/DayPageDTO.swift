/// `news/latest` and `news/before/D` as they arrive; never leaves the remote layer.
struct DayPageDTO: Decodable {
    let date: String
    let stories: [StoryDTO]
    let topStories: [StoryDTO]
    /// Stories dropped because they were malformed.
    let skippedStories: Int

    private enum CodingKeys: String, CodingKey {
        case date, stories
        case topStories = "top_stories"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        date = try container.decode(String.self, forKey: .date)
        let stories = try container.decode([Lossy<StoryDTO>].self, forKey: .stories)
        let topStories = try container.decodeIfPresent([Lossy<StoryDTO>].self, forKey: .topStories) ?? []
        self.stories = stories.compactMap(\.value)
        self.topStories = topStories.compactMap(\.value)
        skippedStories = stories.count - self.stories.count + topStories.count - self.topStories.count
    }
}

/// Decodes an element if it can, so that one malformed story does not fail its whole day.
struct Lossy<Value: Decodable>: Decodable {
    let value: Value?

    init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}
