import SyncEngine
import Testing
import TestSupport

@testable import newsctl

/// `show` on a terminal prints a story's text at once and each picture as soon as it is drawn,
/// in order; what it prints in the end is what a pipe gets at once.
@MainActor
@Suite(.enabled(if: GraphicsLibraries.all, Comment(rawValue: GraphicsLibraries.missing)))
struct ShowPicturesInOrderTests {
    /// What was written to stdout and when each picture was drawn, in order.
    final class Events: Sendable {
        // Locked, not Mutex: ThreadSanitizer knows its pthread lock, and not a Mutex's futex.
        private let events = Locked<[String]>([])
        var all: [String] { events.withLock { $0 } }
        func append(_ event: String) { events.withLock { $0.append(event) } }
    }

    private let renderer = PictureRenderer(pictureProtocol: .symbols, truecolor: true, cell: .fallback)
    nonisolated private static let drawn = "(a picture drawn)"

    /// Prints the story of 12 pictures as `show` does with stdout a terminal (`picturesFollow`)
    /// or a pipe; the events of the printing.
    private func print(picturesFollow: Bool) async throws -> [String] {
        let (detail, pictures) = try StoryPictureDrawerTests.story(pictures: 12)
        let events = Events()
        let output = Output { text, isError in events.append(isError ? "stderr: " + text : text) }
        let renderer = self.renderer
        let drawer = StoryPictureDrawer(renderer: renderer) { picture, columns, rows throws(PictureDrawingError) in
            let drawing = try renderer.render(picture, columns: columns, rows: rows)
            events.append(Self.drawn)
            return drawing
        }
        let view = DetailTerminalView(
            output: output, terminal: Terminal(width: 100, useColor: true, stderrIsTerminal: false),
            errorLine: ErrorLine(output: output, verbose: false), loadingText: "加载中…", drawer: drawer,
            picturesFollow: picturesFollow)
        view.show(detail)
        view.showPictures(pictures)
        if picturesFollow {
            await view.finishPrinting()
        } else {
            await view.printWithPictures()
        }
        return events.all
    }

    @Test func onATerminalTheTextComesBeforeAnyPictureIsDrawn_andEachPictureWithTheTextAfterItAsItIsDrawn() async throws {
        let events = try await print(picturesFollow: true)
        let firstDrawing = try #require(events.firstIndex(of: Self.drawn))
        let title = try #require(events.firstIndex { $0.contains("十二张图的故事") && $0.contains("第 1 段文字。") })
        #expect(title < firstDrawing, "the title and the first paragraph are written before any picture is drawn")
        #expect(!events[title].contains("图片 1：气压图"), "picture 1 and its caption come after it is drawn")
        #expect(events.filter { $0 == Self.drawn }.count == 12)
        #expect(!events.contains { $0.hasPrefix("stderr: ") })

        // All of it, once, as a pipe gets it.
        let printed = events.filter { $0 != Self.drawn }.joined()
        let piped = try await print(picturesFollow: false).filter { $0 != Self.drawn }.joined()
        #expect(printed == piped)
        #expect(piped.contains("图片 12：气压图") && piped.contains("来自缓存"))
    }

    @Test func intoAPipeTheStoryIsWrittenWholeOnceItsPicturesAreDrawn() async throws {
        let events = try await print(picturesFollow: false)
        #expect(events.prefix(12) == Array(repeating: Self.drawn, count: 12)[...])
        #expect(events.dropFirst(12).count == 1)
    }
}
