import Foundation
import TestSupport

@testable import SyncEngine

/// Copies of the schema-3 fixture archive (`Tests/Fixtures/archives/schema3`) to migrate.
enum SchemaThreeArchive {
    /// A copy at `path`.
    static func copy(to path: String) throws {
        try FileManager.default.copyItem(atPath: Fixtures.schemaThreeFolder + "/archive.sqlite", toPath: path)
    }

    /// A copy at `path` with every story and detail there `copies` more times under new ids, so
    /// that its upgrade has many bodies to deflate and stories to index, and many reports.
    static func enlargedCopy(to path: String, copies: Int) throws {
        try copy(to: path)
        let database = try Database(path: path)
        try database.execute(
            """
            WITH RECURSIVE copy(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM copy WHERE n < \(copies))
            INSERT INTO story_detail
                SELECT id + n * 100000000, title, body, body_text, image, image_source, share_url, url, type,
                       section_name, publish_time, fetched_at
                FROM story_detail, copy;
            WITH RECURSIVE copy(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM copy WHERE n < \(copies))
            INSERT INTO story SELECT id + n * 100000000, title, hint, image, url, ga_prefix, image_hue, type FROM story, copy;
            PRAGMA wal_checkpoint(TRUNCATE);
            """)
    }

    /// The schema version, whether SQLite finds the file whole, and the bodies still stored as
    /// text (schema 3's way), read without migrating anything.
    static func state(of path: String) throws -> (version: Int, integrity: [String], textBodies: Int64) {
        let database = try Database(path: path)
        return (
            try Migrations.userVersion(database),
            try database.query("PRAGMA integrity_check") { $0.text(at: 0) },
            try database.query("SELECT count(*) FROM story_detail WHERE typeof(body) = 'text'") { $0.int64(at: 0) }.first ?? 0
        )
    }

    /// The paragraphs of a body text with each image label as "[图片]": today's newsctl numbers
    /// them ("[图片 1：…]") where schema 3's text said "[图片: …]".
    static func withoutImageLabels(_ text: String) -> [String] {
        text.components(separatedBy: "\n\n").map { $0.hasPrefix("[图片") && $0.hasSuffix("]") ? "[图片]" : $0 }
    }
}
