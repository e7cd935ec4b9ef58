import NewsFeature

/// Lays a story's pictures out as rows: each picture scaled to the width with its caption under
/// it, or its placeholder with why it is not drawn. Decodes each picture once, whatever the
/// widths it is drawn at, and draws it once per width: the reader lays a story out again after a
/// resize and at each `p`, and drawing with chafa is the costly step.
@MainActor
final class StoryPictureDrawer {
    /// The widest a picture is drawn, in columns. Scaled to a wide terminal's whole width, a
    /// picture would fill screens of rows and push the text it illustrates far away; 72 columns
    /// is about the width text is comfortable to read at, and pictures at it stay on one screen.
    nonisolated static let maximumColumns = 72

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

    /// Decodes and draws every picture of `pictures` not yet drawn at `width`, several at once
    /// (on the cooperative pool: one a core), so that `layout` finds them drawn. chafa draws a
    /// picture on one core; drawn one after the other, a story's pictures would leave the others
    /// idle.
    func prepare(_ pictures: [StoryPictureViewData], width: Int) async {
        guard missingLibrary == nil else { return }
        let columns = min(width, Self.maximumColumns)
        var seen = Set<String>()
        let wanted = pictures.compactMap { picture -> (url: String, bytes: [UInt8])? in
            guard let bytes = picture.bytes, drawn[DrawnKey(url: picture.url, columns: columns)] == nil,
                seen.insert(picture.url).inserted
            else { return nil }
            return (picture.url, bytes)
        }
        guard !wanted.isEmpty else { return }
        let renderer = self.renderer
        let known = decoded
        let done = await withTaskGroup(of: Prepared.self) { group in
            for (url, bytes) in wanted {
                let kept = known[url]
                group.addTask { Self.draw(url, bytes, decoded: kept, columns: columns, with: renderer) }
            }
            var done: [Prepared] = []
            for await one in group { done.append(one) }
            return done
        }
        for one in done {
            decoded[one.url] = one.decoded
            if let rendered = one.rendered { drawn[DrawnKey(url: one.url, columns: columns)] = rendered }
        }
    }

    private struct Prepared: Sendable {
        let url: String
        let decoded: Result<DecodedPicture, PictureDrawingError>
        let rendered: RenderedPicture?
    }

    /// One picture decoded (unless it was) and drawn, off the main actor. A failure is left for
    /// `rows(for:width:)` to meet again and word.
    private nonisolated static func draw(
        _ url: String, _ bytes: [UInt8], decoded: Result<DecodedPicture, PictureDrawingError>?, columns: Int,
        with renderer: PictureRenderer
    ) -> Prepared {
        let result = decoded ?? decode(bytes, for: renderer)
        let rendered = try? renderer.render(result.get(), columns: columns)
        return Prepared(url: url, decoded: result, rendered: rendered)
    }

    /// Decoded no wider than the widest drawing needs (`maximumColumns`), so the pixels serve
    /// every width the reader lays the story out at.
    private nonisolated static func decode(
        _ bytes: [UInt8], for renderer: PictureRenderer
    ) -> Result<DecodedPicture, PictureDrawingError> {
        Result { () throws(PictureDrawingError) in
            try PictureDecoder().decode(bytes, pixelsWide: renderer.pixelsWide(columns: maximumColumns))
        }
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
        let result = decoded[picture.url] ?? Self.decode(bytes, for: renderer)
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
        // The one string as it is: joined, a kitty picture's megabytes would be copied again.
        let sequence = rendered.text.count == 1 ? rendered.text[0] : rendered.text.joined()
        top.graphic = .top(sequence: sequence, rows: rendered.rows, isKitty: renderer.pictureProtocol == .kitty)
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
