import Foundation
import Testing
import TestSupport
@testable import SyncEngine

/// Every real response in `../shared/zhihu-daily/captures` goes through the real client (decoding
/// and validation) into domain values, when that folder exists.
///
/// The shapes in the captures, by the year of the page (`theKeySetsAreTheOnesInTheInventory`
/// keeps this list true; bodies: `ReadableTextConformanceTests`):
/// - 2016–2018 days (20160802–20181012): stories `{ga_prefix,id,images,title,type}`, some with
///   `multipic` (true), one (2018) with `theme` `{id,subscribed,name}`; no `hint`, `url` or
///   `image_hue`. Banners `{ga_prefix,id,image,title,type}`: `image`, not `images`.
/// - 2020 and 2023 days (20200612, 20230310–20230314): stories
///   `{ga_prefix,hint,id,image_hue,images,title,type,url}` (`image_hue` is `""` throughout 2020;
///   one 2023 hint has no author), banners the same with `image` instead of `images`.
/// - Everywhere: `id` a number, `ga_prefix` a string, `type` 0, every story showable (none skipped).
/// - Not in the captures: any 2013–2015 page, a story without `images` in a day (only in a theme
///   page, `other-theme7-…`, which is no day page), a malformed story. The project's own
///   `Tests/Fixtures/shapes` cover those (`ResponseShapeTests`).
@Suite struct ConformanceTests {
    private static let enabled = Fixtures.capturesFolder != nil

    private static func files() -> [String] {
        guard let folder = Fixtures.capturesFolder,
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
        else { return [] }
        return names.filter { $0.hasSuffix(".json") }.sorted().map { folder + "/" + $0 }
    }

    private static func name(_ path: String) -> String { URL(fileURLWithPath: path).lastPathComponent }

    private static func object(_ path: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    private static var dayPages: [String] {
        files().filter { name($0).hasPrefix("latest-") || name($0).hasPrefix("before-") }
    }

    /// The id of a JSON story the way the decoder accepts it: a number or a numeric string.
    private static func showableID(_ story: [String: Any]) -> Int64? {
        guard let title = story["title"] as? String, !title.isEmpty else { return nil }
        let id = (story["id"] as? NSNumber).map(\.int64Value) ?? (story["id"] as? String).flatMap { Int64($0) }
        return id.flatMap { $0 > 0 ? $0 : nil }
    }

    /// The client's view of one capture: the page it validated, and what it logged.
    private static func fetch(_ path: String) async throws -> (RemoteDay, RecordingLogHandler.Records) {
        let name = name(path)
        let body = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let records = RecordingLogHandler.Records()
        if name.hasPrefix("before-") {
            // before-<D> answers D - 1, which the client checks.
            let asked = try Day.parse(name.dropFirst("before-".count).prefix(8))
            let client = MemoryTransport(bodies: ["news/before/\(asked)": body]).client(logging: records)
            return (try await client.day(asked.adding(days: -1)), records)
        }
        let client = MemoryTransport(bodies: ["news/latest": body]).client(logging: records)
        return (try await client.latest(), records)
    }

    @Test(.enabled(if: enabled, "the captures folder is not beside the repository"))
    func everyDayPageValidatesAndKeepsOrLogsEveryStory() async throws {
        let pages = Self.dayPages
        #expect(pages.count >= 15)
        var total = 0
        for path in pages {
            let name = Self.name(path)
            let json = try Self.object(path)
            let (remote, records) = try await Self.fetch(path)
            #expect(remote.day.description == json["date"] as? String, "\(name)")
            let skipped = records.withMessage("skipped a story")
            #expect(skipped.allSatisfy { !($0.metadata["reason"] ?? "").isEmpty && $0.metadata["id"] != nil }, "\(name)")
            for (list, kept) in [("stories", remote.stories), ("top_stories", remote.topStories)] {
                let stories = (json[list] as? [Any]) ?? []
                let logged = skipped.filter { $0.metadata["list"] == list }
                #expect(kept.count + logged.count == stories.count, "\(name) \(list): \(kept.count) kept, \(logged.count) skipped")
                // Nothing the decoder could show is dropped, and the order is the source's.
                let showable = stories.compactMap { ($0 as? [String: Any]).flatMap(Self.showableID) }
                #expect(kept.map(\.id) == showable, "\(name) \(list)")
                let objects = stories.compactMap { $0 as? [String: Any] }
                for story in kept {
                    guard let object = objects.first(where: { Self.showableID($0) == story.id }) else { continue }
                    Self.expectDomain(story, matches: object, banner: list == "top_stories", "\(name) \(list) \(story.id)")
                }
                total += stories.count
            }
            #expect(!remote.stories.isEmpty, "\(name): no stories")
        }
        #expect(total >= 208)  // 15 pages when this was written
    }

    /// A domain story holds what its JSON said, with the documented defaults for absent keys.
    private static func expectDomain(_ story: Story, matches object: [String: Any], banner: Bool, _ what: String) {
        #expect(story.title == object["title"] as? String, "\(what)")
        #expect(story.hint == (object["hint"] as? String ?? ""), "\(what)")
        #expect(story.url == (object["url"] as? String ?? "https://daily.zhihu.com/story/\(story.id)"), "\(what)")
        #expect(story.gaPrefix == object["ga_prefix"] as? String, "\(what)")
        #expect(story.imageHue == (object["image_hue"] as? String ?? ""), "\(what)")
        #expect(story.type == (object["type"] as? Int ?? 0), "\(what)")
        let image = banner ? object["image"] as? String : (object["images"] as? [String])?.first
        #expect(story.imageURL == image, "\(what)")
        if banner { #expect(story.imageURL != nil, "\(what): a banner without its image") }
    }

    /// Story keys by capture year (`stories` and `top_stories` apart): the inventory above.
    private static let inventory: [String: Set<String>] = [
        "2016 stories": ["ga_prefix,id,images,title,type", "ga_prefix,id,images,multipic,title,type"],
        "2016 top_stories": ["ga_prefix,id,image,title,type"],
        "2017 stories": ["ga_prefix,id,images,title,type", "ga_prefix,id,images,multipic,title,type"],
        "2017 top_stories": ["ga_prefix,id,image,title,type"],
        "2018 stories": [
            "ga_prefix,id,images,title,type", "ga_prefix,id,images,multipic,title,type",
            "ga_prefix,id,images,theme,title,type",
        ],
        "2018 top_stories": ["ga_prefix,id,image,title,type"],
        "2020 stories": ["ga_prefix,hint,id,image_hue,images,title,type,url"],
        "2020 top_stories": ["ga_prefix,hint,id,image,image_hue,title,type,url"],
        "2023 stories": ["ga_prefix,hint,id,image_hue,images,title,type,url"],
        "2023 top_stories": ["ga_prefix,hint,id,image,image_hue,title,type,url"],
    ]

    @Test(.enabled(if: enabled, "the captures folder is not beside the repository"))
    func theKeySetsAreTheOnesInTheInventory() throws {
        var found: [String: Set<String>] = [:]
        for path in Self.dayPages {
            let json = try Self.object(path)
            let year = try #require((json["date"] as? String)?.prefix(4))
            for list in ["stories", "top_stories"] {
                for case let story as [String: Any] in (json[list] as? [Any]) ?? [] {
                    found["\(year) \(list)", default: []].insert(story.keys.sorted().joined(separator: ","))
                }
            }
        }
        #expect(found == Self.inventory)
    }

    @Test(.enabled(if: enabled, "the captures folder is not beside the repository"))
    func everyCounterCaptureDecodes() throws {
        let extras = Self.files().filter { Self.name($0).hasPrefix("extra-") }
        #expect(extras.count >= 3)
        for path in extras {
            let extra = try JSONDecoder().decode(StoryExtraDTO.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(extra.popularity > 0 && extra.comments == extra.longComments + extra.shortComments, "\(Self.name(path))")
        }
    }

    @Test(.enabled(if: enabled, "the captures folder is not beside the repository"))
    func everyOtherCaptureIsWellFormedJSON() throws {
        let others = Self.files().filter {
            let name = Self.name($0)
            return !(name.hasPrefix("latest-") || name.hasPrefix("before-"))
        }
        #expect(!others.isEmpty)
        for path in others {
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(object is [String: Any], "\(path)")
        }
    }
}
