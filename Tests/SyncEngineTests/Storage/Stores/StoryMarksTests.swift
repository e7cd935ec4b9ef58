import Foundation
import TestSupport
import Testing

@testable import SyncEngine

/// The user's marks on a list of stories (`UserDataStore.marks`), read one story at a time.
@Suite struct StoryMarksTests {
    /// A list of more stories than SQLite takes variables in one statement (32,766 by default,
    /// 250,000 in Debian's build) gets its marks too: the two queries with an `IN` list of every
    /// id failed there, and the list showed no marks at all.
    @Test func marksOfMoreStoriesThanOneStatementTakesVariables() async throws {
        let marks = try await offThePool { () -> [Int64: StoryMarks] in
            let database = try Database(path: try temporaryDatabasePath())
            _ = try Archive(database: database)
            try database.execute(
                """
                INSERT INTO favorite (story_id, title, added_at) VALUES (5, '五', 1), (250001, '二十五万', 1);
                INSERT INTO read_mark (story_id, read_at) VALUES (5, 1), (7, 1), (300000, 1);
                """)
            return try UserDataStore(database: database).marks(Array(1...250_001) + [5])
        }
        #expect(
            marks == [
                5: StoryMarks(isFavorite: true, isRead: true), 7: StoryMarks(isFavorite: false, isRead: true),
                250_001: StoryMarks(isFavorite: true, isRead: false),
            ])
    }

    /// A connection that cannot write does not switch foreign keys on: only writes check them.
    @Test func aReadOnlyConnectionLeavesForeignKeysAsTheyAre() throws {
        let path = try temporaryDatabasePath()
        _ = try Archive(database: try Database(path: path))
        let readOnly = try Database(path: path, readOnly: true)
        #expect(readOnly.isReadOnly)
        #expect(try readOnly.query("PRAGMA foreign_keys") { $0.int64(at: 0) } == [0])
        #expect(try Database(path: path).query("PRAGMA foreign_keys") { $0.int64(at: 0) } == [1])
    }
}
