// A page of comments (`story/ID/short-comments`) through the client's decoding, then through the
// archive (a temp file): written as a thread's first page and read back. Properties: failures are
// `.badResponse` only, and only for a body that is not `{"comments":[…]}`; every element of the
// list is either kept or skipped with its reason; the archive gives back each kept comment once,
// in the page's order, unchanged (authors, contents and replies byte for byte); the same page again
// as a next page adds nothing and ends the thread.
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import Glibc
import Logging
@testable import SyncEngine

private struct Canned: HTTPTransport {
    let body: [UInt8]
    func get(_ url: String, timeout: Duration) async throws(TransportError) -> HTTPResponse {
        HTTPResponse(status: 200, body: body, url: url)
    }
}

/// `{"comments":[…]}` with each element counted and nothing else read.
private struct ElementCount: Decodable {
    let count: Int
    private struct Anything: Decodable {
        init(from decoder: any Decoder) {}
    }
    private enum Keys: String, CodingKey { case comments }
    init(from decoder: any Decoder) throws {
        count = try decoder.container(keyedBy: Keys.self).decode([Anything].self, forKey: .comments).count
    }
}

// libFuzzer calls the entry point from one thread only: nothing else touches the connection.
nonisolated(unsafe) private let database: Database = {
    // In $TMPDIR, which scripts/fuzz points into the run's folder.
    let tmp = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array("\(tmp)/newsctl-fuzz-comments-XXXXXX".utf8CString)
    guard let folder = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }).map({ String(cString: $0) }) else {
        fatalError("no temp folder")
    }
    setenv("NEWSCTL_FUZZ_COMMENTS_DIR", folder, 1)
    atexit {
        if let folder = getenv("NEWSCTL_FUZZ_COMMENTS_DIR") {
            let dir = String(cString: folder)
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(dir + "/news.sqlite" + suffix) }
            rmdir(dir)
        }
    }
    do {
        let database = try Database(path: folder + "/news.sqlite")
        _ = try Archive(database: database)  // migrates
        return database
    } catch {
        fatalError("could not make the archive: \(error)")
    }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Array(UnsafeBufferPointer(start: data, count: size))
    let elements = (try? JSONDecoder().decode(ElementCount.self, from: Data(body)))?.count
    let dto = try? JSONDecoder().decode(CommentsPageDTO.self, from: Data(body))
    let client = ZhihuDailyClient(
        baseURLs: ["fuzz://api/4"], transport: Canned(body: body), timeout: .seconds(5),
        logger: Logger(label: "fuzz", factory: { _ in SwiftLogNoOpLogHandler() }))
    let outcome = blocking { () async -> Result<[StoryComment], RemoteError> in
        do throws(RemoteError) { return .success(try await client.comments(9_759_306, kind: .short)) } catch { return .failure(error) }
    }
    let comments: [StoryComment]
    switch outcome {
    case .failure(let error):
        require(error.code == .badResponse, "failed with \(error.code): \(error.message)")
        require(elements == nil, "rejected a page whose list of \(elements ?? 0) decodes")
        return 0
    case .success(let page):
        comments = page
    }
    require(dto != nil && elements != nil, "accepted a page that does not decode")
    require(comments.count + dto!.skipped.count == elements!, "\(comments.count) kept + \(dto!.skipped.count) skipped of \(elements!)")
    for comment in comments {
        require(comment.author.map { !$0.isEmpty } ?? true, "kept an empty author")
        if let reply = comment.replyTo, reply.author == nil || reply.content == nil {
            require(reply.isDeleted, "a reply without its author or text is not deleted")
        }
    }

    var seen = Set<Int64>()
    let unique = comments.filter { seen.insert($0.id).inserted }
    let store = CommentStore(database: database)
    do {
        // Each input starts from a story never read (a first page keeps older comments held before).
        try database.run("DELETE FROM comment_thread WHERE story_id = 1")
        try store.writeFirstPage(comments, of: 1, .short, fetchedAt: 1_700_000_000)
        let stored = try store.thread(1, .short)
        require(stored?.comments == unique, "the archive gave back other comments")
        require(stored?.isComplete == comments.isEmpty, "only an empty first page ends a thread")
        let added = try store.appendPage(comments, of: 1, .short, cursor: stored?.comments.last?.id)
        require(added == 0, "the same page again added \(added)")
        let again = try store.thread(1, .short)
        require(again?.isComplete == true, "a page with nothing new at the thread's end must end it")
    } catch {
        fatalError("property violated: the archive failed: \(error)")
    }
    return 0
}
