/// The archive: the one owner of its SQLite connection. Opening it upgrades the schema
/// (`Migrations`) before anything reads it; the stores it gives all share that connection.
final class Archive {
    let database: Database
    /// Days, their stories and the latest page's banner.
    let pages: PageStore
    /// Story details and counters.
    let details: DetailStore
    /// Favourites and read marks.
    let userData: UserDataStore
    /// `sync_meta`: the latest day, the last sync, the preferred base URL.
    let meta: MetaStore
    let comments: CommentStore
    let pictures: PictureStore
    let sections: SectionStore
    /// Stories whose detail failed, and when to ask again.
    let failedStories: FailedStoryStore
    let search: SearchIndex
    /// Whole-archive counts, what a sync still needs, pruning and compaction.
    let housekeeping: ArchiveStore
    /// The reader API's accounts and their tokens.
    let accounts: AccountStore
    /// The stories as feed readers' items.
    let items: ItemStore

    /// Upgrades `database` to the current schema first; `willUpgrade` hears of an upgrade of an
    /// existing archive, and `progress` how far it has got.
    init(
        database: Database, willUpgrade: ((_ fromVersion: Int, _ toVersion: Int) -> Void)? = nil,
        progress: ((MigrationProgress) -> Void)? = nil
    ) throws {
        try Migrations.migrate(database, willUpgrade: willUpgrade, progress: progress)
        self.database = database
        pages = PageStore(database: database)
        details = DetailStore(database: database)
        userData = UserDataStore(database: database)
        meta = MetaStore(database: database)
        comments = CommentStore(database: database)
        pictures = PictureStore(database: database)
        sections = SectionStore(database: database)
        failedStories = FailedStoryStore(database: database)
        search = SearchIndex(database: database)
        housekeeping = ArchiveStore(database: database)
        accounts = AccountStore(database: database)
        items = ItemStore(database: database)
    }

    /// Opens the file at `path` and upgrades it. `onlyReads` (unless `readOnly`): an archive at
    /// the current schema is opened read-only, an older one read-write to be upgraded.
    convenience init(
        path: String, readOnly: Bool, onlyReads: Bool, willUpgrade: ((_ fromVersion: Int, _ toVersion: Int) -> Void)? = nil,
        progress: ((MigrationProgress) -> Void)? = nil
    ) throws {
        let database = try (onlyReads && !readOnly ? Database.openReadOnlyIfCurrent(path) : nil) ?? Database(path: path, readOnly: readOnly)
        try self.init(database: database, willUpgrade: willUpgrade, progress: progress)
    }
}
