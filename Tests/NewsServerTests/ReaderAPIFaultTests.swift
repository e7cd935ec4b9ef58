import Foundation
import NewsWeb
import SyncEngine
import Testing
import TestSupport

@testable import NewsServer

/// The reader API where it could be abused or fail: logins sent at once, a read-only archive, what
/// reaches the log and a cache, the headers clients look for, a body that names no type.
@Suite struct ReaderAPIFaultTests {
    static let api = "/api/greader/reader/api/0/"

    @Test func wrongPasswordsSentAtOnceAreThrottledAsMuchAsOneAfterAnother() async throws {
        try await ReaderHarness.with { harness in
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<10 { group.addTask { try await harness.logIn(password: "wrong").status } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 429 }.count >= 5 && statuses.filter { $0 == 401 }.count <= 5, "\(statuses)")
            // Then one after another until the door closes: five wrong passwords checked in all.
            var checked = statuses.filter { $0 == 401 }.count
            while checked < 6, try await harness.logIn(password: "wrong").status == 401 { checked += 1 }
            #expect(checked == 5, "\(statuses)")
            #expect(try await harness.logIn().status == 429)
        }
    }

    @Test func aSectionsLabelIsATagAndAStreamOfItsStories() async throws {
        try await ReaderHarness.with { harness in
            let token = try await harness.token()
            let label = "user%2F-%2Flabel%2F" + (harness.column.name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
            let section = try await harness.get(Self.api + "stream/contents/" + label + "?n=100", token: token)
            let unknown = try await harness.get(Self.api + "stream/contents/user%2F-%2Flabel%2Fnone", token: token)
            #expect(ReaderHarness.itemIDs(section) == (0..<12).map { harness.column.storyID($0) }, "\(section.status) \(section.text)")
            #expect(unknown.status == 404)
        }
    }

    @Test func aReadOnlyArchiveAnswers503AndTellsAStrangerNothingOfIt() async throws {
        try await ReaderHarness.with { harness in
            let token = try #require(try await harness.engine.logIn(name: "reader", password: ReaderHarness.password))
            var configuration = SyncEngine.Configuration(databasePath: harness.databasePath)
            configuration.readOnly = true
            let readOnly = try SyncEngine(configuration: configuration)
            let notes = Locked<[ReaderAPI.Note]>([])
            let server = try await RunningServer.start(
                TestSite(), reader: ReaderAPI(engine: readOnly) { note in notes.withLock { $0.append(note) } })
            // Stopped whatever happens: a server left running would outlive the test.
            let answers: (login: RawHTTPClient.Response, change: RawHTTPClient.Response)
            do {
                let login = try await server.send(
                    "POST", "/api/greader/accounts/ClientLogin", headers: [("Content-Type", "application/x-www-form-urlencoded")],
                    body: Array("Email=reader&Passwd=\(ReaderHarness.password)".utf8))
                let edit = try SyncEngine.editToken(forToken: token)
                let change = try await server.send(
                    "POST", Self.api + "edit-tag",
                    headers: [("Authorization", "GoogleLogin auth=\(token)"), ("Content-Type", "application/x-www-form-urlencoded")],
                    body: Array("i=9759301&a=user%2F-%2Fstate%2Fcom.google%2Fread&T=\(edit)".utf8))
                answers = (login, change)
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
            let (login, change) = answers
            #expect(login.status == 503 && login.text == "Error=ServiceUnavailable\n", "\(login.status) \(login.text)")
            #expect(notes.withLock { $0 }.contains { if case .fault(let message) = $0 { message.contains("read-only") } else { false } })
            #expect(change.status == 503, "\(change.status) \(change.text)")
        }
    }

    @Test func noPasswordReachesTheLogAndNoAnswerIsKeptByACache() async throws {
        try await ReaderHarness.with { harness in
            let login = try await harness.logIn()
            _ = try await harness.get("/api/greader/accounts/ClientLogin?Email=reader&Passwd=hunter2", token: nil)
            let token = try ReaderHarness.tokenFrom(login)
            let badToken = try await harness.post(Self.api + "edit-tag", form: "i=1&T=x", token: token)
            let lines = harness.server.logLines.withLock { $0 }
            #expect(login.headers["cache-control"] == "no-store", "\(login.headers)")
            #expect(lines.filter { $0.contains("GET /api/greader/accounts/ClientLogin 405") }.count == 1, "\(lines)")
            #expect(!lines.contains { $0.contains("hunter") || $0.contains(ReaderHarness.password) }, "\(lines)")
            #expect(badToken.headers["x-reader-google-bad-token"] == "true" && badToken.headers["google-bad-token"] == "true")
        }
    }

    /// A combining mark after the `?` joins it into one Character with it: the logged path is cut
    /// at the `?` byte all the same. (HTTP's parser refuses such a raw target before any route,
    /// so this is the log's own rule, checked on its own.)
    @Test func theLoggedPathEndsAtTheQuestionMarksByte() {
        #expect(
            RequestLogMiddleware<ServerRequestContext>.loggedPath("/api/greader/accounts/ClientLogin?\u{301}Passwd=hunter3")
                == "/api/greader/accounts/ClientLogin")
        #expect(RequestLogMiddleware<ServerRequestContext>.loggedPath("/search.html?q=猫") == "/search.html")
    }

    @Test func aPostThatNamesNoTypeIsReadAsAForm() async throws {
        try await ReaderHarness.with { harness in
            let token = try await harness.token()
            let edit = try await harness.editToken(token)
            let answer = try await harness.server.send(
                "POST", Self.api + "edit-tag", headers: [("Authorization", "GoogleLogin auth=\(token)")],
                body: Array("i=9759201&a=user%2F-%2Fstate%2Fcom.google%2Fread&T=\(edit)".utf8))
            let marks = try await harness.engine.marks(for: [9_759_201])
            #expect(answer.status == 200 && answer.text == "OK", "\(answer.status) \(answer.text)")
            #expect(marks[9_759_201]?.isRead == true)
        }
    }
}
