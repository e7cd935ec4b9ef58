import NewsFeature

/// Lays a story's pictures out as rows: each picture scaled to the width with its caption under
/// it, or its placeholder with why it is not drawn. Decodes each picture once, whatever the
/// widths it is drawn at, and draws it once per width: the reader lays a story out again after a
/// resize and at each `p`, and chafa costs about 12 ms a picture.
@MainActor
final class StoryPictureDrawer {
    /// The widest a picture is drawn, in columns. Scaled to a wide terminal's whole width, a
    /// picture would fill screens of rows and push the text it illustrates far away; 72 columns
    /// is about the width text is comfortable to read at, and pictures at it stay on one screen.
    static let maximumColumns = 72

    let renderer: PictureRenderer
    /// The library that could not be loaded, once one could not: nothing more is drawn, and the
    /// command says once what to install.
    private(set) var missingLibrary: PictureDrawingError?
    private var decoded: [String: Result<DecodedPicture, PictureDrawingError>] = [:]
    private var drawn: [DrawnKey: RenderedPicture] = [:]

    private struct DrawnKey: Hashable {
        let url: String
        let columns: Int
    }

    init(renderer: PictureRenderer) {
        self.renderer = renderer
    }

    /// The pictures by where they stand, each as rows `width` wide.
    func layout(_ pictures: [StoryPictureViewData], width: Int) -> StoryPictureRows {
        var rows = StoryPictureRows()
        for picture in pictures {
            let drawn = self.rows(for: picture, width: width)
            switch picture.place {
            // The text never had a placeholder for it (its credit is in the header): a headline
            // picture that is not there leaves no line saying so above every such story.
            case .headline: rows.headline = picture.bytes == nil ? nil : drawn
            case .body: rows.body[picture.placeholder] = drawn
            }
        }
        return rows
    }

    /// The picture drawn with its caption under it, or the words that stand in its place.
    func rows(for picture: StoryPictureViewData, width: Int) -> [Row] {
        guard let bytes = picture.bytes else {
            return StoryRows.wrapped(picture.unavailable ?? picture.placeholder, width: width, tone: .dim)
        }
        // Without a library nothing is drawn: the text shows its placeholders as without pictures.
        if missingLibrary != nil { return StoryRows.wrapped(picture.placeholder, width: width, tone: .dim) }
        let columns = min(width, Self.maximumColumns)
        let result = decoded[picture.url] ?? Result { () throws(PictureDrawingError) in try PictureDecoder().decode(bytes) }
        decoded[picture.url] = result
        do {
            let key = DrawnKey(url: picture.url, columns: columns)
            let rendered: RenderedPicture
            if let kept = drawn[key] {
                rendered = kept
            } else {
                rendered = try renderer.render(try result.get(), columns: columns)
                drawn[key] = rendered
            }
            return pictureRows(rendered, placeholder: picture.placeholder)
                + StoryRows.wrapped(picture.caption, width: width, tone: .dim)
        } catch {
            if error.installHint != nil {
                missingLibrary = error
                return StoryRows.wrapped(picture.placeholder, width: width, tone: .dim)
            }
            return StoryRows.wrapped(picture.notDrawn, width: width, tone: .dim)
        }
    }

    /// Symbols are rows of text; a graphics protocol's one sequence goes on the first row, and
    /// the rows under it are covered. Each graphics row keeps the placeholder as the text that
    /// stands in for the picture where it cannot be drawn whole (`StoryScreen.wholePicturesOnly`).
    private func pictureRows(_ rendered: RenderedPicture, placeholder: String) -> [Row] {
        guard renderer.pictureProtocol != .symbols else {
            return rendered.text.filter { !$0.isEmpty }.map { Row.picture($0, columns: rendered.columns) }
        }
        var top = Row(placeholder, .dim)
        top.graphic = .top(
            sequence: rendered.text.joined(), rows: rendered.rows, isKitty: renderer.pictureProtocol == .kitty)
        return [top]
            + (1..<max(1, rendered.rows)).map { offset in
                var row = Row(placeholder, .dim)
                row.graphic = .covered(offset: offset)
                return row
            }
    }
}

/// A story's pictures as rows: the headline's, and the body's by the placeholder they stand for.
struct StoryPictureRows {
    var headline: [Row]?
    /// By the placeholder text of the block the picture replaces: "[图片 3：三月的气压图]".
    var body: [String: [Row]] = [:]
}
