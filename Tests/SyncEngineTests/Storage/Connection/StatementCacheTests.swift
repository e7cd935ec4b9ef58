import Testing
import TestSupport

@testable import SyncEngine

/// `StatementCache` keeps what a `[String: Statement]` would through inserts, replacements,
/// removals (which move later statements back) and growth.
@Suite struct StatementCacheTests {
    @Test func randomUsesKeepWhatADictionaryKeeps() throws {
        let database = try Database(path: try temporaryDatabasePath())
        let statements = try (0..<300).map { try database.statement("SELECT \($0)") }
        var cache = StatementCache()
        var reference: [String: Statement] = [:]
        // A fixed sequence (a linear congruential generator): the same run every time.
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        for step in 0..<20_000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let statement = statements[Int(seed >> 33) % statements.count]
            if (seed >> 20) & 3 == 0 {
                cache[statement.sql] = nil
                reference[statement.sql] = nil
            } else {
                cache[statement.sql] = statement
                reference[statement.sql] = statement
            }
            if step % 1_000 == 0 || step == 19_999 {
                for each in statements { #expect(cache[each.sql] === reference[each.sql], "\(each.sql) at step \(step)") }
            }
        }
        #expect(cache["SELECT -1"] == nil)
        cache.removeAll()
        for each in statements { #expect(cache[each.sql] == nil) }
    }
}
