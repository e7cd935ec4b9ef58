import Foundation
import NewsFeature
import SyncEngine
import Testing
import TestSupport

@testable import newsctl

/// What the reader's story screen draws: only the pictures on screen (then the next screen's),
/// each once per picture, mode and width for the whole session (`DrawnPictures`), a story laid
/// out the same before and after its pictures are drawn. Drawings are counted through the
/// drawer's `draw` seam, around chafa itself.
@MainActor
@Suite(.enabled(if: GraphicsLibraries.all, Comment(rawValue: GraphicsLibraries.missing)))
struct StoryPictureDrawerTests {
    /// chafa's drawings, counted, by width in columns.
    final class Drawings: Sendable {
        // Locked, not Mutex: ThreadSanitizer knows its pthread lock, and not a Mutex's futex.
        private let widths = Locked<[Int]>([])
        var count: Int { widths.withLock { $0.count } }
        var columns: [Int] { widths.withLock { $0 } }

        func draw(with renderer: PictureRenderer) -> StoryPictureDrawer.Draw {
            { picture, columns, rows throws(PictureDrawingError) in
                self.widths.withLock { $0.append(columns) }
                return try renderer.render(picture, columns: columns, rows: rows)
            }
        }
    }

    private let renderer = PictureRenderer(pictureProtocol: .symbols, truecolor: true, cell: .fallback)

    /// A story of `count` paragraphs, each followed by a picture: quadrants.png (48 x 32 pixels,
    /// 24 rows at 72 columns) at an address of its own.
    static func story(pictures count: Int) throws -> (DetailViewData, [StoryPictureViewData]) {
        let bytes = try Fixtures.picture("quadrants.png")
        var blocks: [DetailBlockViewData] = []
        var pictures: [StoryPictureViewData] = []
        for number in 1...count {
            let placeholder = "[图片 \(number)：气压图]"
            blocks += [.paragraph("第 \(number) 段文字。"), .image(placeholder)]
            pictures.append(
                StoryPictureViewData(
                    place: .body(number), url: "https://pic1.zhimg.com/\(number).png", placeholder: placeholder,
                    caption: "图片 \(number)：气压图", bytes: bytes, unavailable: nil, notDrawn: placeholder + "（无法显示）"))
        }
        let detail = DetailViewData(
            id: 1, title: "十二张图的故事", image: nil, imageSource: nil, imageCredit: nil, blocks: blocks, references: [],
            bodyText: "", isOffSite: false, shareURL: nil, url: "https://daily.zhihu.com/story/1", counts: nil, isFavorite: false,
            isRead: false, marksText: "",
            source: SourceViewData(origin: "cache", fetchedAt: "2023-03-20T00:00:00Z", isFinal: true, isStale: false, staleReason: nil),
            status: StatusViewData(text: "来自缓存", isStale: false))
        return (detail, pictures)
    }

    /// Lays the story out, draws what `StoryScreen` draws for the screen of `rows` rows from
    /// `top` (its pictures, else the next screen's), and lays it out again.
    private func drawScreen(
        _ drawer: StoryPictureDrawer, _ detail: DetailViewData, _ pictures: [StoryPictureViewData], top: Int = 0, rows: Int,
        width: Int
    ) async -> [Row] {
        let before = StoryRows.placing(detail, width: width, pictures: drawer.layout(pictures, width: width))
        var batch = drawer.needingDrawing(pictures, on: top..<top + rows, places: before.places, width: width)
        if batch.isEmpty { batch = drawer.needingDrawing(pictures, on: top + rows..<top + 2 * rows, places: before.places, width: width) }
        await drawer.prepare(batch, width: width)
        let after = StoryRows.placing(detail, width: width, pictures: drawer.layout(pictures, width: width))
        #expect(after.places == before.places, "drawing a picture moves nothing: it had its rows already")
        #expect(after.rows.count == before.rows.count)
        return after.rows
    }

    /// How many of `rows` are rows of a drawn picture.
    private func isDrawn(_ rows: [Row]) -> Int {
        rows.filter { row in
            row.spans.contains { span in
                if case .picture = span.tone { return true }
                return false
            }
        }.count
    }

    @Test func aStoryOfTwelvePicturesDrawsTheFirstScreensOnly_andOpenedAgainDrawsNone() async throws {
        let (detail, pictures) = try Self.story(pictures: 12)
        let drawings = Drawings()
        let cache = DrawnPictures()
        let drawer = StoryPictureDrawer(renderer: renderer, cache: cache, draw: drawings.draw(with: renderer))
        // 40 rows: the title, then picture 1 (rows 4-27) and the top of picture 2 (from 32).
        let rows = await drawScreen(drawer, detail, pictures, rows: 40, width: 100)
        #expect(drawings.columns == [72, 72])
        #expect(isDrawn(Array(rows.prefix(40))) == 24 + 8)
        // Then the next screen's (rows 40-79), ahead: picture 3 (rows 60-83); then nothing more.
        _ = await drawScreen(drawer, detail, pictures, rows: 40, width: 100)
        #expect(drawings.count == 3)
        _ = await drawScreen(drawer, detail, pictures, rows: 40, width: 100)
        #expect(drawings.count == 3)

        // The story opened again (a screen of its own, the session's cache): its first screens
        // come from the cache, drawn as they were; a screen on, only the one after it is drawn
        // (pictures 4 and 5, rows 88-111 and 116-139), and the same frame again draws nothing.
        let again = StoryPictureDrawer(renderer: renderer, cache: cache, draw: drawings.draw(with: renderer))
        let reopened = await drawScreen(again, detail, pictures, rows: 40, width: 100)
        _ = await drawScreen(again, detail, pictures, rows: 40, width: 100)
        #expect(drawings.count == 3)
        #expect(Array(reopened.prefix(40)) == Array(rows.prefix(40)))
        _ = await drawScreen(again, detail, pictures, top: 40, rows: 40, width: 100)
        _ = await drawScreen(again, detail, pictures, top: 40, rows: 40, width: 100)
        #expect(drawings.count == 5)
    }

    @Test func aNewWidthDrawsAgainAtIt_andTheOldWidthIsStillKept() async throws {
        let (detail, pictures) = try Self.story(pictures: 2)
        let drawings = Drawings()
        let cache = DrawnPictures()
        let drawer = StoryPictureDrawer(renderer: renderer, cache: cache, draw: drawings.draw(with: renderer))
        _ = await drawScreen(drawer, detail, pictures, rows: 40, width: 100)
        #expect(drawings.columns == [72, 72])
        // Narrower than 72 columns: both again at 60, 20 rows each (picture 2 from row 28).
        let narrow = await drawScreen(drawer, detail, pictures, rows: 40, width: 60)
        #expect(drawings.columns.dropFirst(2) == [60, 60])
        #expect(isDrawn(Array(narrow.prefix(40))) == 20 + 12)
        // Back at the first width: both kept.
        _ = await drawScreen(drawer, detail, pictures, rows: 40, width: 100)
        #expect(drawings.count == 4)
        // Another mode is another drawing.
        let kitty = PictureRenderer(pictureProtocol: .kitty, cell: .fallback)
        let other = StoryPictureDrawer(renderer: kitty, cache: cache, draw: drawings.draw(with: kitty))
        _ = await drawScreen(other, detail, pictures, rows: 40, width: 100)
        #expect(drawings.count == 6)
    }

    @Test func theCacheKeepsItsBound_lettingTheLeastRecentlyUsedGo() async throws {
        let (_, pictures) = try Self.story(pictures: 3)
        let drawings = Drawings()
        // One drawing of quadrants.png at 72 columns, measured: room for two and a half.
        let probe = DrawnPictures()
        await StoryPictureDrawer(renderer: renderer, cache: probe).prepare([pictures[0]], width: 72)
        let one = probe.bytes
        #expect(one > 1_000)
        let cache = DrawnPictures(limit: one * 5 / 2)
        let drawer = StoryPictureDrawer(renderer: renderer, cache: cache, draw: drawings.draw(with: renderer))
        await drawer.prepare(Array(pictures[0...1]), width: 72)
        #expect(cache.count == 2)
        // Picture 1 used again, then picture 3 drawn: picture 2, the least recently used, goes.
        let reader = StoryPictureDrawer(renderer: renderer, cache: cache, draw: drawings.draw(with: renderer))
        #expect(!reader.needsDrawing(pictures[0], width: 72))
        await reader.prepare([pictures[2]], width: 72)
        #expect(cache.count == 2 && cache.bytes <= cache.limit)
        let later = StoryPictureDrawer(renderer: renderer, cache: cache, draw: drawings.draw(with: renderer))
        #expect(!later.needsDrawing(pictures[0], width: 72))
        #expect(later.needsDrawing(pictures[1], width: 72))
        #expect(!later.needsDrawing(pictures[2], width: 72))
        // The drawer that drew picture 2 still holds it while its story is laid out.
        #expect(!drawer.needsDrawing(pictures[1], width: 72))
        #expect(drawings.count == 3)
    }

    /// The story screen lays pictures kept in the archive out without their bytes (`kept`), and
    /// has the bytes read only for those it must draw: opened again, with their drawings kept,
    /// it needs none.
    @Test func aKeptPictureWithoutItsBytesIsLaidOutByItsSize_drawnOnceItsBytesAreRead_andThenNeedsNone() async throws {
        let (_, pictures) = try Self.story(pictures: 1)
        let read = pictures[0]
        let bytes = try #require(read.bytes)
        let kept = StoryPictureViewData(
            place: read.place, url: read.url, placeholder: read.placeholder, caption: read.caption, bytes: nil, unavailable: nil,
            notDrawn: read.notDrawn, kept: KeptPicture(info: PictureInfo(format: .png, width: 48, height: 32), byteCount: bytes.count))
        let drawings = Drawings()
        let cache = DrawnPictures()
        let drawer = StoryPictureDrawer(renderer: renderer, cache: cache, draw: drawings.draw(with: renderer))
        #expect(drawer.rows(for: kept, width: 100) == drawer.rows(for: read, width: 100), "the same 24 rows as with its bytes")
        #expect(drawer.rows(for: kept, width: 100).count == 25)
        #expect(drawer.needsDrawing(kept, width: 100))
        await drawer.prepare([kept], width: 100)
        #expect(drawings.count == 0, "nothing to draw from until its bytes are read")
        await drawer.prepare([read], width: 100)
        #expect(drawings.count == 1)

        let again = StoryPictureDrawer(renderer: renderer, cache: cache, draw: drawings.draw(with: renderer))
        #expect(!again.needsDrawing(kept, width: 100), "opened again: drawn from the cache, no bytes wanted")
        #expect(again.rows(for: kept, width: 100) == drawer.rows(for: read, width: 100))
        #expect(isDrawn(again.rows(for: kept, width: 100)) == 24)
        #expect(drawings.count == 1)
    }

    @Test func aPictureNotYetDrawnStandsAsItsPlaceholderOverTheRowsItWillTake() throws {
        let (_, pictures) = try Self.story(pictures: 1)
        let drawer = StoryPictureDrawer(renderer: renderer)
        let rows = drawer.rows(for: pictures[0], width: 100)
        #expect(rows.map { $0.text(color: false) } == ["[图片 1：气压图]"] + Array(repeating: "", count: 23) + ["图片 1：气压图"])
    }
}
