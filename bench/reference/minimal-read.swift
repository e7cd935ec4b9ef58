// The floor for a cold offline read: a Swift program that loads the libraries an offline newsctl
// loads (SQLite, FoundationEssentials), opens the archive and prints the latest page's rows.
// Built with -lcurl (and without -D NO_CURL) it also links and binds libcurl, as newsctl did
// before it loaded libcurl only for the network: the cost of mapping libcurl, measured apart.
#if !NO_CURL
    import CCurl
#endif
import CSQLite
import FoundationEssentials
import Glibc

#if !NO_CURL
    _ = curl_version()  // make sure libcurl is really loaded and bound
#endif
let path = CommandLine.arguments.dropFirst().first ?? "news.sqlite"
var db: OpaquePointer?
guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { exit(74) }
var statement: OpaquePointer?
let sql = """
    SELECT s.id, s.title, s.hint FROM day_story d JOIN story s ON s.id = d.story_id
    WHERE d.date = (SELECT value FROM sync_meta WHERE key = 'latest_date') ORDER BY d.position LIMIT 20
    """
guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else { exit(74) }
var output = ""
while sqlite3_step(statement) == SQLITE_ROW {
    output +=
        "\(sqlite3_column_int64(statement, 0)) \(String(cString: sqlite3_column_text(statement, 1))) \(String(cString: sqlite3_column_text(statement, 2)))\n"
}
sqlite3_finalize(statement)
sqlite3_close(db)
print(output, terminator: "")
_ = Date.now  // FoundationEssentials is used, so it is loaded
