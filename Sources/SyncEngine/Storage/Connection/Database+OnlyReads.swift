extension Database {
    /// The archive at `path` opened read-only when it is at the current schema (or a later one);
    /// nil when it is not, or cannot be opened so: the caller opens it the usual way, which
    /// creates, upgrades or says why it cannot.
    ///
    /// Read-only is the usual locking (`Access.readOnly`), never `immutable`: it reads a WAL
    /// archive through its `-shm`, so it sees what a writer in another process has committed,
    /// and a writer's crash is recovered from as by any connection.
    static func openReadOnlyIfCurrent(_ path: String) -> Database? {
        guard let database = try? Database(path: path, readOnly: true, allowReadOnly: false), database.mode == .readOnly,
            let version = try? Migrations.userVersion(database), version >= Migrations.steps.count
        else { return nil }
        return database
    }
}
