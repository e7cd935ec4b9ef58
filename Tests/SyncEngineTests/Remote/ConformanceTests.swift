import Foundation
import Testing
import TestSupport
@testable import SyncEngine

/// Every real response in `../shared/zhihu-daily/captures` decodes, when that folder exists.
@Suite struct ConformanceTests {
    private static func files() -> [String] {
        guard let folder = Fixtures.capturesFolder,
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.filter { $0.hasSuffix(".json") }.sorted().map { folder + "/" + $0 }
    }

    @Test(.enabled(if: Fixtures.capturesFolder != nil, "the captures folder is not beside the repository"))
    func everyDayPageCaptureDecodesAndValidates() throws {
        let pages = Self.files().filter {
            let name = URL(fileURLWithPath: $0).lastPathComponent
            return name.hasPrefix("latest-") || name.hasPrefix("before-")
        }
        #expect(pages.count >= 10)
        for path in pages {
            let name = URL(fileURLWithPath: path).lastPathComponent
            let page = try JSONDecoder().decode(DayPageDTO.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(Day(page.date) != nil, "\(name): date \(page.date)")
            #expect(!page.stories.isEmpty, "\(name): no stories")
            #expect(page.skippedStories == 0, "\(name): skipped \(page.skippedStories)")
            #expect(page.stories.allSatisfy { $0.id > 0 && !$0.title.isEmpty && !$0.url.isEmpty }, "\(name)")
            if name.hasPrefix("before-") {
                // before-<D> answers D - 1.
                let asked = try Day.parse(name.dropFirst("before-".count).prefix(8))
                #expect(page.date == asked.adding(days: -1).description, "\(name)")
            }
            if name.hasPrefix("latest-") {
                #expect(page.topStories.allSatisfy { $0.image != nil }, "\(name): banner without image")
            }
        }
    }

    @Test(.enabled(if: Fixtures.capturesFolder != nil, "the captures folder is not beside the repository"))
    func everyOtherCaptureIsWellFormedJSON() throws {
        let others = Self.files().filter {
            let name = URL(fileURLWithPath: $0).lastPathComponent
            return !(name.hasPrefix("latest-") || name.hasPrefix("before-"))
        }
        #expect(!others.isEmpty)
        for path in others {
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(object is [String: Any], "\(path)")
        }
    }
}
