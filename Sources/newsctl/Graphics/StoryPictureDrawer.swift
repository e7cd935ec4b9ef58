import NewsFeature
import SyncEngine

/// Lays a story's pictures out as rows, each picture scaled to the width with its caption under
/// it, or its placeholder with why it is not drawn; and draws them, off the main actor, when
/// asked (`prepare`). Laying out never draws: a picture not drawn yet stands as its placeholder
/// over the rows it will take (known from its header), so that drawing it moves nothing around
/// it. What it draws goes into `cache`, which a reader shares between its story screens.
@MainActor
final class StoryPictureDrawer {
    /// The widest a picture is drawn, in columns. Scaled to a wide terminal's whole width, a
    /// picture would fill screens of rows and push the text it illustrates far away; 72 columns
    /// is about the width text is comfortable to read at, and pictures at it stay on one screen.
    nonisolated static let maximumColumns = 72

    /// Draws decoded pixels `columns` wide and `rows` high: the renderer's chafa, unless a test
    /// gives another (to count the drawings).
    typealias Draw = @Sendable (DecodedPicture, _ columns: Int, _ rows: Int) throws(PictureDrawingError) -> RenderedPicture

    let renderer: PictureRenderer
    /// The drawings kept between stories, bounded.
    let cache: DrawnPictures
    private let draw: Draw
    /// The library that could not be loaded, once one could not: nothing more is drawn, and the
    /// command says once what to install.
    private(set) var missingLibrary: PictureDrawingError?
    /// What this drawer drew or found in the cache at `heldColumns`: its own story's drawings stay
    /// while it lays the story out, even those the cache has let go of since.
    private var held: [DrawnPictures.Key: Result<RenderedPicture, PictureDrawingError>] = [:]
    private var heldColumns = 0
    /// Each picture's size from its header, or nil when `PictureCheck` refuses it (it is never drawn).
    private var sizes: [PictureIdentity: PictureInfo?] = [:]

    init(renderer: PictureRenderer, cache: DrawnPictures = DrawnPictures(), draw: Draw? = nil) {
        self.renderer = renderer
        self.cache = cache
        if let draw {
            self.draw = draw
        } else {
            self.draw = { picture, columns, rows throws(PictureDrawingError) in
                try renderer.render(picture, columns: columns, rows: rows)
            }
        }
    }

    /// Whether `picture` has yet to be drawn at `width` before `layout` can show it: false for one
    /// drawn or kept (or failed), one without bytes (read or kept) or refused by its header, and
    /// for all once a library is missing. One whose bytes are not read yet must have them read
    /// (`StoryPicturesPresenter.loadBytes(of:)`) before `prepare` can draw it.
    func needsDrawing(_ picture: StoryPictureViewData, width: Int) -> Bool {
        guard missingLibrary == nil, let identity = identity(of: picture), size(of: identity, picture) != nil else { return false }
        return drawing(of: identity, columns: Self.columns(width)) == nil
    }

    /// The pictures of `pictures` that stand (by `places`) on any of `rows` and need drawing at `width`.
    func needingDrawing(
        _ pictures: [StoryPictureViewData], on rows: Range<Int>, places: StoryPicturePlaces, width: Int
    ) -> [StoryPictureViewData] {
        pictures.filter { picture in
            places.rows(of: picture)?.overlaps(rows) == true && needsDrawing(picture, width: width)
        }
    }

    /// Decodes and draws the pictures of `pictures` that need it (`needsDrawing`) and have their
    /// bytes at `width`, several at once on the cooperative pool (one a core), in their order;
    /// `each` is called on the main actor as each one is done.
    func prepare(_ pictures: [StoryPictureViewData], width: Int, each: ((StoryPictureViewData) -> Void)? = nil) async {
        let columns = Self.columns(width)
        var seen = Set<PictureIdentity>()
        var wanted: [(picture: StoryPictureViewData, key: DrawnPictures.Key, bytes: [UInt8], rows: Int)] = []
        for picture in pictures where needsDrawing(picture, width: width) {
            guard let bytes = picture.bytes, let identity = identity(of: picture), let info = size(of: identity, picture),
                seen.insert(identity).inserted
            else { continue }
            let rows = renderer.rows(width: info.width, height: info.height, columns: columns)
            wanted.append((picture, DrawnPictures.Key(picture: identity, renderer: renderer, columns: columns), bytes, rows))
        }
        guard !wanted.isEmpty else { return }
        let (renderer, draw) = (self.renderer, self.draw)
        await withTaskGroup(of: (Int, Result<RenderedPicture, PictureDrawingError>).self) { group in
            for (index, one) in wanted.enumerated() {
                let (bytes, rows) = (one.bytes, one.rows)
                group.addTask { (index, Self.draw(bytes, columns: columns, rows: rows, for: renderer, with: draw)) }
            }
            for await (index, drawing) in group {
                if case .failure(let error) = drawing, error.installHint != nil {
                    missingLibrary = error
                } else {
                    hold(drawing, for: wanted[index].key)
                    cache.keep(drawing, for: wanted[index].key)
                }
                each?(wanted[index].picture)
            }
        }
    }

    /// One picture decoded (no wider than `columns` need) and drawn, off the main actor.
    private nonisolated static func draw(
        _ bytes: [UInt8], columns: Int, rows: Int, for renderer: PictureRenderer, with draw: Draw
    ) -> Result<RenderedPicture, PictureDrawingError> {
        Result { () throws(PictureDrawingError) in
            let picture = try PictureDecoder().decode(bytes, pixelsWide: renderer.pixelsWide(columns: columns))
            return try draw(picture, columns, rows)
        }
    }

    private static func columns(_ width: Int) -> Int { min(width, maximumColumns) }

    private func identity(of picture: StoryPictureViewData) -> PictureIdentity? {
        picture.byteCount.map { PictureIdentity(url: picture.url, byteCount: $0) }
    }

    /// What the archive found when it kept the picture, or else its header checked here.
    private func size(of identity: PictureIdentity, _ picture: StoryPictureViewData) -> PictureInfo? {
        if let kept = picture.kept { return kept.info }
        if let known = sizes[identity] { return known }
        let info = picture.bytes.flatMap { try? PictureCheck().check($0) }
        sizes[identity] = info
        return info
    }

    /// The drawing held or kept for `identity` at `columns`, held from then on.
    private func drawing(of identity: PictureIdentity, columns: Int) -> Result<RenderedPicture, PictureDrawingError>? {
        let key = DrawnPictures.Key(picture: identity, renderer: renderer, columns: columns)
        if columns == heldColumns, let held = held[key] { return held }
        guard let kept = cache.drawing(for: key) else { return nil }
        hold(kept, for: key)
        return kept
    }

    /// Holds drawings at one width only: at another, those held before go (the cache may keep them).
    private func hold(_ drawing: Result<RenderedPicture, PictureDrawingError>, for key: DrawnPictures.Key) {
        if key.columns != heldColumns {
            held.removeAll()
            heldColumns = key.columns
        }
        held[key] = drawing
    }

    /// The pictures by where they stand, each as rows `width` wide.
    func layout(_ pictures: [StoryPictureViewData], width: Int) -> StoryPictureRows {
        var rows = StoryPictureRows()
        for picture in pictures {
            let drawn = self.rows(for: picture, width: width)
            switch picture.place {
            // The text never had a placeholder for it (its credit is in the header): a headline
            // picture that is not there leaves no line saying so above every such story.
            case .headline: rows.headline = picture.byteCount == nil ? nil : drawn
            case .body: rows.body[picture.placeholder] = drawn
            }
        }
        return rows
    }

    /// The picture drawn with its caption under it; not drawn yet, its placeholder over as many
    /// rows, then the caption; or the words that stand in its place.
    func rows(for picture: StoryPictureViewData, width: Int) -> [Row] {
        guard let identity = identity(of: picture) else {
            return StoryRows.wrapped(picture.unavailable ?? picture.placeholder, width: width, tone: .dim)
        }
        // Without a library nothing is drawn: the text shows its placeholders as without pictures.
        if missingLibrary != nil { return StoryRows.wrapped(picture.placeholder, width: width, tone: .dim) }
        guard let info = size(of: identity, picture) else { return StoryRows.wrapped(picture.notDrawn, width: width, tone: .dim) }
        let columns = Self.columns(width)
        let caption = StoryRows.wrapped(picture.caption, width: width, tone: .dim)
        switch drawing(of: identity, columns: columns) {
        case .success(let rendered)?:
            return pictureRows(rendered, placeholder: picture.placeholder) + caption
        case .failure?:
            return StoryRows.wrapped(picture.notDrawn, width: width, tone: .dim)
        case nil:
            let height = renderer.rows(width: info.width, height: info.height, columns: columns)
            return [Row(picture.placeholder, .dim)] + Array(repeating: Row(), count: height - 1) + caption
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

/// Where a story's pictures stand among its rows (`StoryRows.placing`), as `StoryPictureRows`
/// keys them.
struct StoryPicturePlaces: Equatable {
    var headline: Range<Int>?
    var body: [String: Range<Int>] = [:]

    /// The rows `picture` stands on, if it stands anywhere.
    func rows(of picture: StoryPictureViewData) -> Range<Int>? {
        switch picture.place {
        case .headline: return headline
        case .body: return body[picture.placeholder]
        }
    }
}
