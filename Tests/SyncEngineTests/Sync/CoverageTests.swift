import Foundation
import Testing
import TestSupport
@testable import SyncEngine

@Suite struct CoverageTests {
    private func day(_ text: String) -> Day { Day(text)! }

    @Test func consecutiveDaysFormRangesAcrossMonthEnds() {
        let coverage = Coverage(
            days: [day("20230301"), day("20230228"), day("20230227"), day("20230305"), day("20230305")],
            partialDays: [], latestKnownDay: nil)
        #expect(coverage.cachedRanges == [day("20230227")...day("20230301"), day("20230305")...day("20230305")])
        #expect(coverage.gaps == [day("20230302")...day("20230304")])
        #expect(coverage.dayCount == 4)
        #expect(coverage.first == day("20230227"))
        #expect(coverage.last == day("20230305"))
        #expect(coverage.contains(day("20230228")))
        #expect(!coverage.contains(day("20230303")))
    }

    @Test func anEmptyArchiveHasNoRangesAndNoGaps() {
        let coverage = Coverage(days: [], partialDays: [], latestKnownDay: nil)
        #expect(coverage.cachedRanges.isEmpty)
        #expect(coverage.gaps.isEmpty)
        #expect(coverage.first == nil)
        #expect(coverage.dayCount == 0)
    }

    @Test func theEngineReportsRangesGapsAndPartialDaysOfItsArchive() async throws {
        let server = LoopbackServer()
        try await server.start()
        var configuration = SyncEngine.Configuration(databasePath: try temporaryDatabasePath())
        configuration.baseURLs = [await server.baseURL]
        let engine = try SyncEngine(configuration: configuration, clock: TestClock())
        #expect(try await engine.coverage().cachedRanges.isEmpty)

        _ = try await engine.latest()  // 20230314, partial
        _ = try await engine.page(for: day("20230313"))  // final
        _ = try await engine.page(for: day("20230311"))  // final, leaves 20230312 out
        let coverage = try await engine.coverage()
        #expect(coverage.cachedRanges == [day("20230311")...day("20230311"), day("20230313")...day("20230314")])
        #expect(coverage.gaps == [day("20230312")...day("20230312")])
        #expect(coverage.partialDays == [day("20230314")])
        #expect(coverage.latestKnownDay == day("20230314"))

        // Once the source moves on, reading the partial day completes it; the new latest day
        // is the one partial day now.
        server.setReply(
            .body(status: 200, text: #"{"date":"20230315","stories":[],"top_stories":[]}"#),
            for: "/api/4/news/latest")
        server.setReply(.fixture("news/latest"), for: "/api/4/news/before/20230315")
        _ = try await engine.page(for: day("20230314"), policy: .networkOnly)
        let moved = try await engine.coverage()
        #expect(moved.partialDays == [day("20230315")])
        #expect(moved.cachedRanges == [day("20230311")...day("20230311"), day("20230313")...day("20230315")])
        await server.stop()
    }
}
