import Testing
@testable import newsctl

/// Frames with pictures drawn by a graphics protocol: one sequence on the picture's first row,
/// the rows under it covered (`Row.Graphic`).
@MainActor
@Suite struct FramePictureTests {
    final class Written {
        var chunks: [String] = []
    }

    private let delete = "\u{1B}_Ga=d\u{1B}\\"

    /// A picture of `height` rows drawn by `sequence`, as `StoryPictureDrawer` lays it out.
    private func picture(_ sequence: String, height: Int, kitty: Bool = false) -> [Row] {
        var top = Row("[图片 1]")
        top.graphic = .top(sequence: sequence, rows: height, isKitty: kitty)
        return [top]
            + (1..<height).map { offset in
                var row = Row("[图片 1]")
                row.graphic = .covered(offset: offset)
                return row
            }
    }

    @Test func thePicturesSequenceIsWrittenAfterTheTextAndTheRowsItCoversAreNotWrittenOver() {
        let written = Written()
        let writer = FrameWriter { written.chunks.append($0) }
        writer.draw([Row("a")] + picture("<SIXEL>", height: 3) + [Row("b")], columns: 4, color: false)
        #expect(written.chunks.count == 1)
        let frame = written.chunks[0]
        #expect(frame.hasSuffix("\u{1B}[2;1H<SIXEL>"), "\(frame.debugDescription)")  // After every text row.
        #expect(frame.contains("\u{1B}[1;1Ha   ") && frame.contains("\u{1B}[5;1Hb   "))
        #expect(!frame.contains("[图片 1]"))  // The placeholder stands for the picture only off screen.

        // The text under the picture changes: only its row is written, not the picture again.
        writer.draw([Row("a")] + picture("<SIXEL>", height: 3) + [Row("B")], columns: 4, color: false)
        #expect(written.chunks.last == "\u{1B}[5;1HB   ")
        writer.draw([Row("a")] + picture("<SIXEL>", height: 3) + [Row("B")], columns: 4, color: false)
        #expect(written.chunks.count == 2)

        // Scrolled up one row: the rows that changed are written (the covered ones cleared, the
        // one it left written with its text), then the picture at its new place, over them.
        writer.draw(picture("<SIXEL>", height: 3) + [Row("B"), Row("c")], columns: 4, color: false)
        #expect(
            written.chunks.last == "\u{1B}[2;1H    \u{1B}[3;1H    \u{1B}[4;1HB   \u{1B}[5;1Hc   \u{1B}[1;1H<SIXEL>",
            "\(written.chunks.last.debugDescription)")
    }

    @Test func kittyPicturesAreDeletedWhenTheyMoveOrTheScreenChanges() {
        let written = Written()
        let writer = FrameWriter { written.chunks.append($0) }
        writer.draw([Row("a")] + picture("<KITTY>", height: 2, kitty: true), columns: 4, color: false)
        #expect(!written.chunks[0].contains(delete))
        // Text elsewhere changes: the picture stays as it is.
        writer.draw([Row("A")] + picture("<KITTY>", height: 2, kitty: true), columns: 4, color: false)
        #expect(written.chunks.last == "\u{1B}[1;1HA   ")
        // It moves: kitty would keep the old one, so every picture goes and is drawn again.
        writer.draw(picture("<KITTY>", height: 2, kitty: true) + [Row("A")], columns: 4, color: false)
        #expect(written.chunks.last?.hasPrefix(delete) == true && written.chunks.last?.hasSuffix("\u{1B}[1;1H<KITTY>") == true)
        // The story is left: the list's rows, and no picture behind them.
        writer.draw([Row("x"), Row("y"), Row("z")], columns: 4, color: false)
        #expect(written.chunks.last?.hasPrefix(delete) == true && written.chunks.last?.contains("<KITTY>") == false)
        writer.draw([Row("x"), Row("y"), Row("Z")], columns: 4, color: false)
        #expect(written.chunks.last == "\u{1B}[3;1HZ   ")
    }

    /// The reader draws a graphics picture only while it is wholly on screen; partly on screen,
    /// its placeholder and blank rows stand in for it.
    @Test func aPictureCutByTheScreensEdgeIsItsPlaceholder() {
        let whole = [Row("a")] + picture("<P>", height: 3)
        #expect(StoryScreen.wholePicturesOnly(whole) == whole)
        let cutAtTheBottom = StoryScreen.wholePicturesOnly(Array(whole.prefix(3)))
        #expect(cutAtTheBottom.map(\.graphic) == [nil, nil, nil])
        #expect(cutAtTheBottom.map(\.plainText) == ["a", "[图片 1]", ""])
        let cutAtTheTop = StoryScreen.wholePicturesOnly(Array(whole.dropFirst(2)) + [Row("b")])
        #expect(cutAtTheTop.map(\.graphic) == [nil, nil, nil])
        #expect(cutAtTheTop.map(\.plainText) == ["[图片 1]", "", "b"])
    }
}
