/// `sections` as it arrives: the columns the source lists. Never leaves the remote layer.
///
/// Lenient per entry (an entry without a usable id or name is skipped), strict about the page:
/// a body without a `data` list is malformed.
struct SectionListDTO: Decodable {
    let sections: [Section]
    /// How many entries were dropped because they cannot be shown.
    let skipped: Int

    struct Section {
        let id: Int64
        let name: String
        let description: String
        let thumbnail: String?
    }

    private enum CodingKeys: String, CodingKey { case data }

    private struct Entry: Decodable {
        let section: Section?

        private enum CodingKeys: String, CodingKey { case id, name, description, thumbnail }

        init(from decoder: any Decoder) throws {
            guard let container = try? decoder.container(keyedBy: CodingKeys.self),
                let id = (try? container.decode(Int64.self, forKey: .id))
                    ?? (try? container.decode(String.self, forKey: .id)).flatMap({ Int64($0) }),
                id > 0, let name = try? container.decode(String.self, forKey: .name), !name.isEmpty
            else {
                section = nil
                return
            }
            let description = (try? container.decodeIfPresent(String.self, forKey: .description)) ?? nil
            let thumbnail = (try? container.decodeIfPresent(String.self, forKey: .thumbnail)) ?? nil
            section = Section(id: id, name: name, description: description ?? "", thumbnail: thumbnail.flatMap { $0.isEmpty ? nil : $0 })
        }
    }

    init(from decoder: any Decoder) throws {
        let entries = try decoder.container(keyedBy: CodingKeys.self).decode([Entry].self, forKey: .data)
        sections = entries.compactMap(\.section)
        skipped = entries.count - sections.count
    }
}

/// `section/ID` and `section/ID/before/TS` as they arrive: a column's stories, newest first, and
/// the cursor of the next (older) page. Never leaves the remote layer.
///
/// A body without a `stories` list, or with a `timestamp` that is not a whole number, is
/// malformed (nothing of it is kept); one story that cannot be shown is skipped and logged.
struct SectionPageDTO: Decodable {
    let name: String?
    /// The cursor of the next older page; nil: this is the last page.
    let timestamp: Int64?
    let stories: [SectionStoryDTO]
    /// Stories dropped, each with its index, its id when it has one, and why.
    let skipped: [(index: Int, id: Int64?, reason: String)]

    private enum CodingKeys: String, CodingKey { case name, timestamp, stories }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = (try? container.decodeIfPresent(String.self, forKey: .name)) ?? nil
        if try !container.contains(.timestamp) || container.decodeNil(forKey: .timestamp) {
            timestamp = nil
        } else if let number = try? container.decode(Int64.self, forKey: .timestamp) {
            timestamp = number
        } else if let text = try? container.decode(String.self, forKey: .timestamp), let number = Int64(text) {
            timestamp = number  // Quoted, as some clients' mocks have it.
        } else {
            throw DecodingError.dataCorruptedError(forKey: .timestamp, in: container, debugDescription: "not a cursor")
        }
        let entries = try container.decode([SectionStoryEntry].self, forKey: .stories)
        stories = entries.compactMap(\.story)
        skipped = entries.enumerated().compactMap { index, entry in entry.failure.map { (index, $0.id, $0.reason) } }
    }
}

/// One story of a column's page: a day-list story (read leniently by `StoryDTO`) and the day
/// it ran (`date`, "yyyyMMdd"), without which it cannot be placed.
struct SectionStoryDTO {
    let story: StoryDTO
    let day: Day
}

/// One element of a column's story list: the story if it decodes, otherwise why not.
private struct SectionStoryEntry: Decodable {
    let story: SectionStoryDTO?
    let failure: (id: Int64?, reason: String)?

    private enum DateKey: String, CodingKey { case date }

    init(from decoder: any Decoder) throws {
        let id = (try? decoder.container(keyedBy: StoryDTO.CodingKeys.self)).flatMap(StoryDTO.id(in:))
        do {
            let story = try StoryDTO(from: decoder)
            let dates = try decoder.container(keyedBy: DateKey.self)
            guard let text = try? dates.decode(String.self, forKey: .date), let day = Day(text) else {
                throw StoryDTO.Invalid(description: dates.contains(.date) ? "date is not yyyyMMdd" : "no date")
            }
            self.story = SectionStoryDTO(story: story, day: day)
            failure = nil
        } catch {
            story = nil
            failure = (id, (error as? StoryDTO.Invalid)?.description ?? "\(error)")
        }
    }
}
