/// A count under a name: the rows of one user table.
public struct NamedCount: Equatable, Sendable {
    /// The table (`favorite`, `read_mark`).
    public let name: String
    /// Its rows.
    public let count: Int
}

/// What the archive's check found, in machine form and as the lines of its report.
public struct ArchiveHealthViewData: Equatable, Sendable {
    /// A kept picture whose bytes fail their check.
    public struct Damaged: Equatable, Sendable {
        /// The picture's key (its address).
        public let key: String
        /// What is wrong, in words.
        public let text: String
        /// What is wrong, in the engine's words.
        public let reason: String
    }

    /// The kept pictures.
    public struct Pictures: Equatable, Sendable {
        /// How many are kept.
        public let kept: Int
        /// Their bytes.
        public let bytes: Int64
        /// The budget they are kept within.
        public let budget: Int64
        /// How many are damaged.
        public let damagedCount: Int
        /// The first damaged ones.
        public let damaged: [Damaged]
        /// How many no story uses.
        public let orphans: Int
    }

    /// The archive's file.
    public let path: String
    /// Whether the file exists.
    public let exists: Bool
    /// Whether it exists and no check found a problem.
    public let healthy: Bool
    /// SQLite's findings, or why the file could not be read.
    public let problems: [String]
    /// Cached days, when they could be counted.
    public let days: Int?
    /// Rows in each user table, by table name.
    public let userRows: [NamedCount]
    /// The kept pictures, when they could be read.
    public let pictures: Pictures?
    /// The report, line by line.
    public let lines: [String]
    /// Set when the archive exists and is not healthy: what is wrong and what to run.
    public let problem: String?
}

/// What the archive's rebuild did, in machine form and as the lines of its report.
public struct RebuildViewData: Equatable, Sendable {
    /// The archive's file.
    public let path: String
    /// Whether the new archive passes its check.
    public let healthy: Bool
    /// Rows carried over, by table name.
    public let keptRows: [NamedCount]
    /// User tables that could not be read (their rows remain in the backup).
    public let unreadableTables: [String]
    /// Favourites carried over with their text.
    public let keptFavoriteTexts: Int
    /// Kept pictures carried over.
    public let keptPictures: Int
    /// Where the old file was moved.
    public let backup: String?
    /// The report, line by line.
    public let lines: [String]
}
