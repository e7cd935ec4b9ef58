import NewsFeature

/// A story's printed rows cut at its pictures, printed in order as they become ready: the text
/// at once, each picture once drawn (`StoryPictureDrawer.needsDrawing` false), and the text after
/// it with it. The text is laid out once, with each picture's placeholder rows; a picture's own
/// rows are asked of the drawer when it is printed.
@MainActor
final class StoryInPieces {
    private enum Piece {
        case text([Row])
        case picture(StoryPictureViewData)
    }

    private var pieces: [Piece] = []
    private var next = 0
    private let width: Int

    init(_ detail: DetailViewData, pictures: [StoryPictureViewData], drawer: StoryPictureDrawer, width: Int) {
        self.width = width
        var (rows, places) = StoryRows.placing(
            detail, width: width, wholeAddresses: true, pictures: drawer.layout(pictures, width: width))
        rows.append(DetailTerminalView.statusRow(detail))
        let standing = pictures.compactMap { picture in places.rows(of: picture).map { (rows: $0, picture: picture) } }
        var at = 0
        for (range, picture) in standing.sorted(by: { $0.rows.lowerBound < $1.rows.lowerBound }) where range.lowerBound >= at {
            pieces += [.text(Array(rows[at..<range.lowerBound])), .picture(picture)]
            at = range.upperBound
        }
        pieces.append(.text(Array(rows[at...])))
    }

    /// The rows to print next: from where the last call stopped up to the first picture still to
    /// be drawn; everything left once all are drawn.
    func ready(_ drawer: StoryPictureDrawer) -> [Row] {
        var rows: [Row] = []
        while next < pieces.count {
            switch pieces[next] {
            case .text(let text): rows += text
            case .picture(let picture):
                guard !drawer.needsDrawing(picture, width: width) else { return rows }
                rows += drawer.rows(for: picture, width: width)
            }
            next += 1
        }
        return rows
    }
}
