import Foundation
import SyncEngine
import Testing
import TestSupport

/// The reader API's states as apps see and change them: a favourite is starred in every form the
/// API gives, the edit token counts from the query, marking all as read reaches every item, and
/// the id stream pages with its continuation.
extension ReaderAPITests {
    static let starredState = "user/-/state/com.google/starred"
    static let readingList = "user%2F-%2Fstate%2Fcom.google%2Freading-list"

    /// `text` as a query's or a form's value.
    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    /// The stories the API shows as starred: in the Atom form's entries (by their category), as
    /// the reading list cut to the starred state, and in the JSON items' categories.
    private func starred(_ harness: ReaderHarness, token: String) async throws -> (atom: Set<Int64>, stream: [Int64], json: Set<Int64>) {
        let category = "<category term=\"\(Self.starredState)\" scheme=\"http://www.google.com/reader/\" label=\"starred\"/>"
        let atom = try await harness.get("/api/greader/reader/atom/\(Self.readingList)?n=100", token: token).text
        let entries = atom.components(separatedBy: "<entry>").dropFirst()
        #expect(entries.count == 30, "\(atom)")
        let atomIDs = entries.filter { $0.contains(category) }.compactMap { entry -> Int64? in
            let id = entry.components(separatedBy: "<id>").dropFirst().first?.components(separatedBy: "</id>").first ?? ""
            return id.hasPrefix("tag:google.com,2005:reader/item/")
                ? UInt64(id.dropFirst(32), radix: 16).map { Int64(bitPattern: $0) } : nil
        }
        let stream = ReaderHarness.itemIDs(
            try await harness.get(
                Self.api + "stream/contents/\(Self.readingList)?n=100&it=\(Self.encoded(Self.starredState))", token: token))
        let contents = try await harness.get(Self.api + "stream/contents/\(Self.readingList)?n=100", token: token)
        let items = ReaderHarness.json(contents)["items"] as? [[String: Any]] ?? []
        #expect(items.count == 30, "\(contents.text.prefix(500))")
        let jsonIDs = items.filter { ($0["categories"] as? [String] ?? []).contains(Self.starredState) }.compactMap { item in
            (item["id"] as? String).flatMap { id in UInt64(id.dropFirst(32), radix: 16).map { Int64(bitPattern: $0) } }
        }
        return (Set(atomIDs), stream, Set(jsonIDs))
    }

    @Test func aFavouriteAddedInTheArchiveIsStarredInEveryFormAndRemovingItUnstarsIt() async throws {
        try await ReaderHarness.with { harness in
            let token = try await harness.token()
            let none = try await starred(harness, token: token)
            #expect(none.atom.isEmpty && none.stream.isEmpty && none.json.isEmpty, "\(none)")
            // What `newsctl fav add` does: a story of a day, and one of the section.
            _ = try await harness.engine.addFavorite(id: 9_759_201, policy: .cacheOnly)
            _ = try await harness.engine.addFavorite(id: 9_000_003, policy: .cacheOnly)
            let two = try await starred(harness, token: token)
            #expect(two.atom == [9_759_201, 9_000_003], "\(two)")
            #expect(Set(two.stream) == [9_759_201, 9_000_003] && two.stream.count == 2, "\(two)")
            #expect(two.json == [9_759_201, 9_000_003], "\(two)")
            _ = try await harness.engine.removeFavorite(id: 9_759_201)
            _ = try await harness.engine.removeFavorite(id: 9_000_003)
            let removed = try await starred(harness, token: token)
            #expect(removed.atom.isEmpty && removed.stream.isEmpty && removed.json.isEmpty, "\(removed)")
        }
    }

    @Test func itemIDsPageThroughTheReadingListWithNAndTheContinuationEveryIDOnce() async throws {
        try await ReaderHarness.with { harness in
            let token = try await harness.token()
            let stream = Self.api + "stream/items/ids?s=\(Self.readingList)"
            let whole = ReaderHarness.refIDs(try await harness.get(stream + "&n=10000", token: token))
            #expect(whole.count == 30 && Set(whole).count == 30, "\(whole)")
            var seen: [Int64] = []
            var continuation: String?
            var pages = 0
            repeat {
                let answer = try await harness.get(stream + "&n=7" + (continuation.map { "&c=" + Self.encoded($0) } ?? ""), token: token)
                #expect(answer.status == 200, "\(answer.text)")
                let page = ReaderHarness.refIDs(answer)
                #expect(page.count <= 7 && !page.isEmpty, "\(answer.text)")
                seen += page
                pages += 1
                continuation = ReaderHarness.json(answer)["continuation"] as? String
            } while continuation != nil && pages <= whole.count
            #expect(seen == whole, "pages gave \(seen)")
            #expect(pages == 5, "30 ids 7 at a time: \(pages) pages")
        }
    }

    @Test func theEditTokenIsTakenFromAPostsQuery() async throws {
        try await ReaderHarness.with { harness in
            let token = try await harness.token()
            let edit = try await harness.editToken(token)
            let answer = try await harness.post(
                Self.api + "edit-tag?T=\(Self.encoded(edit))", form: "i=9759201&a=user%2F-%2Fstate%2Fcom.google%2Fread", token: token)
            #expect(answer.status == 200 && answer.text == "OK", "\(answer.status) \(answer.text)")
            #expect(try await harness.engine.marks(for: [9_759_201])[9_759_201]?.isRead == true)
        }
    }

    @Test(arguments: ["user/-/state/com.google/reading-list", "user/-/label/知乎日报"])
    func markAllAsReadOnTheReadingListOrTheFolderMarksEveryItemSectionStoriesToo(stream: String) async throws {
        try await ReaderHarness.with { harness in
            let token = try await harness.token()
            let edit = try await harness.editToken(token)
            var unread = ItemQuery(stream: .all, limit: 1_000)
            unread.excluding = .read
            let before = try await harness.engine.itemKeys(unread).keys.map(\.id)
            #expect(before.count == 30, "\(before)")
            let answer = try await harness.post(
                Self.api + "mark-all-as-read", form: "s=\(Self.encoded(stream))&T=\(Self.encoded(edit))", token: token)
            #expect(answer.status == 200 && answer.text == "OK", "\(answer.status) \(answer.text)")
            let left = try await harness.engine.itemKeys(unread).keys.map(\.id)
            #expect(left.isEmpty, "still unread: \(left)")
            let marks = try await harness.engine.marks(for: before)
            #expect(before.allSatisfy { marks[$0]?.isRead == true }, "\(marks)")
            #expect((0..<12).allSatisfy { marks[harness.column.storyID($0)]?.isRead == true })
        }
    }
}
