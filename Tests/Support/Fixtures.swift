import Foundation

/// The project's own fixtures: files in the exact shapes of the Zhihu Daily API.
public enum Fixtures {
    /// `Tests/Fixtures/api/4`: `news/latest`, `news/before/<D>`.
    public static let apiRoot: String = {
        let here = URL(fileURLWithPath: #filePath)
        return here.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/api/4").path
    }()

    /// The text of a fixture, by its path below the API root (`news/latest`).
    public static func text(_ path: String) throws -> String {
        try String(contentsOfFile: apiRoot + "/" + path, encoding: .utf8)
    }

    /// `Tests/Fixtures/shapes`: small responses in the shapes real ones take over the years
    /// (2016 pages without `hint`, banners with `image`, bodies with several answers, …).
    public static let shapesFolder: String = {
        URL(fileURLWithPath: apiRoot).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shapes").path
    }()

    /// The bytes of a file in `shapesFolder`, by name.
    public static func shape(_ name: String) throws -> [UInt8] {
        try Array(Data(contentsOf: URL(fileURLWithPath: shapesFolder + "/" + name)))
    }

    /// `Tests/Fixtures/captures/api/4`: real responses of the API, shipped with the repository
    /// and laid out as a copy of it (their origins are in the README beside them).
    public static let capturedAPIRoot: String = {
        URL(fileURLWithPath: apiRoot).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("captures/api/4").path
    }()

    /// `../shared/zhihu-daily/captures` beside the repository, when it is there.
    public static let capturesFolder: String? = {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let folder = repository.deletingLastPathComponent().appendingPathComponent("shared/zhihu-daily/captures").path
        return FileManager.default.fileExists(atPath: folder) ? folder : nil
    }()

    /// A fresh, empty temporary folder, removed with the rest when the test process exits.
    public static func temporaryFolder() throws -> String {
        let folder = temporaryRoot + "/" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// One folder per test process holds every test's folders: a run made thousands, and each
    /// run left them all in the temporary directory.
    private static let temporaryRoot: String = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("newsctl-tests-\(getpid())").path
        try? FileManager.default.removeItem(atPath: root)  // Left by an earlier process with this pid.
        atexit { try? FileManager.default.removeItem(atPath: Fixtures.temporaryRoot) }
        return root
    }()
}

extension Fixtures {
    /// `Tests/Fixtures/archives/schema3`: an archive written by schema 3, its search and show answers.
    public static let schemaThreeFolder: String = {
        URL(fileURLWithPath: apiRoot).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("archives/schema3").path
    }()

    /// SQL that takes a current archive back to how schema 3 left it, as far as the migration to
    /// schema 4 cares: the old index table, the `body_text` column, no content view.
    public static let backToSchemaThree = """
        DROP TABLE account_token; DROP TABLE account;
        DROP TABLE section_story; DROP TABLE section_state; DROP TABLE section; ALTER TABLE story_detail DROP COLUMN section_id;
        DROP TABLE story_picture; DROP TABLE picture_bytes; DROP TABLE picture; DROP TABLE failed_picture; DROP TABLE evicted_picture;
        DROP TABLE comment; DROP TABLE comment_thread; DROP TABLE failed_story; DROP TABLE story_search; DROP VIEW searchable_story;
        ALTER TABLE story_detail ADD COLUMN body_text TEXT;
        CREATE VIRTUAL TABLE story_search USING fts5(title, hint, body);
        PRAGMA user_version = 3
        """
}
