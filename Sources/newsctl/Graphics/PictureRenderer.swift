import CPictures

/// How a picture reaches the terminal: a graphics protocol, or coloured Unicode block symbols.
enum PictureProtocol: String, Hashable, Sendable, CaseIterable {
    /// kitty's graphics protocol (APC `ESC _G…ESC \`, raw RGBA in base64 chunks).
    case kitty
    /// iTerm2's inline images (OSC `ESC ]1337;File=…BEL`), also spoken by WezTerm.
    case iterm
    /// DEC sixels (DCS `ESC P…q…ESC \`).
    case sixel
    /// Block symbols coloured with SGR escapes, which every colour terminal shows.
    case symbols
}

/// A terminal cell's size in pixels: what the terminal reports, else a 1:2 cell.
struct CellSize: Hashable, Sendable {
    var width: Int
    var height: Int
    /// A 10 x 20 cell: the 1:2 shape of most terminal fonts, used when the terminal says nothing.
    static let fallback = CellSize(width: 10, height: 20)
}

/// One picture drawn for the terminal.
struct RenderedPicture: Equatable, Sendable {
    /// The escape text: for `symbols`, one string per row (SGR colour escapes and symbols, no
    /// newline); for the graphics protocols, one string holding the whole sequence.
    let text: [String]
    /// How many columns and rows of cells it covers.
    let columns: Int
    let rows: Int
}

/// Draws pixels as escape text through libchafa, scaled to a width in cells with the aspect ratio
/// kept for the cell's shape. Two renderers that are equal draw the same picture alike.
struct PictureRenderer: Hashable, Sendable {
    var pictureProtocol: PictureProtocol
    /// Symbols in 24-bit colour (true) or the 256-colour palette (false); graphics are unaffected.
    var truecolor = true
    var cell = CellSize.fallback
    /// chafa's effort per cell (0 to 1): how many symbols it tries for each cell, 0.3 -> 3, its
    /// default 0.5 -> 5. Three draw the same (a screenshot of a photo and of a bar chart in xterm
    /// against the pictures: RMSE 2.81 % and 8.34 % at both) for 3.5 % less of chafa's time;
    /// fewer draw a chart's edges worse (0.2 or 0: 10.3 %).
    var workFactor: Float = 0.3

    /// The fewest pixels across a picture needs for chafa to draw it `columns` wide without
    /// making up detail: symbols take 8 pixels a cell, a graphics protocol the cell's width.
    func pixelsWide(columns: Int) -> Int {
        columns * (pictureProtocol == .symbols ? 8 : cell.width)
    }

    /// The rows `picture` takes at `columns` wide: its height over its width, times the cell's
    /// width over its height, at least 1.
    func rows(for picture: DecodedPicture, columns: Int) -> Int {
        rows(width: picture.width, height: picture.height, columns: columns)
    }

    /// The rows a picture of `width` x `height` pixels takes at `columns` wide, known from its
    /// header alone (`PictureCheck`), before it is decoded or drawn; at least 1.
    func rows(width: Int, height: Int, columns: Int) -> Int {
        guard width > 0, cell.height > 0 else { return 1 }
        let exact = Double(columns * cell.width * height) / Double(width * cell.height)
        return max(1, Int(exact.rounded()))
    }

    /// `picture` drawn `columns` cells wide and `rows` high (by default its own `rows(for:columns:)`;
    /// a picture decoded at a smaller scale is given the rows of its full size, so that it takes
    /// the rows laid out for it before it was drawn).
    func render(_ picture: DecodedPicture, columns: Int, rows: Int? = nil) throws(PictureDrawingError) -> RenderedPicture {
        try render(picture, columns: columns, rows: rows, with: ChafaLibrary.shared.get())
    }

    func render(
        _ picture: DecodedPicture, columns: Int, rows: Int? = nil, with chafa: ChafaLibrary
    ) throws(PictureDrawingError) -> RenderedPicture {
        guard columns > 0, picture.width > 0, picture.height > 0, cell.width > 0, cell.height > 0, rows ?? 1 > 0 else {
            throw .renderFailed("\(columns) columns for \(picture.width) x \(picture.height) pixels")
        }
        let rows = rows ?? self.rows(for: picture, columns: columns)
        guard let config = chafa.configNew() else { throw .renderFailed("chafa_canvas_config_new failed") }
        defer { chafa.configUnref(config) }
        chafa.setPixelMode(config, Int32(pixelMode))
        chafa.setCanvasMode(config, Int32(truecolor ? CPIC_CHAFA_CANVAS_MODE_TRUECOLOR : CPIC_CHAFA_CANVAS_MODE_INDEXED_256))
        // Only attribute reuse: skipped or repeated cells would be cursor moves and REP, not SGR.
        chafa.setOptimizations(config, 1)
        chafa.setGeometry(config, Int32(columns), Int32(rows))
        chafa.setCellGeometry(config, Int32(cell.width), Int32(cell.height))
        chafa.setWorkFactor(config, workFactor)
        if let map = chafa.symbolMapNew() {
            let tags = CPIC_CHAFA_SYMBOL_TAG_BLOCK | CPIC_CHAFA_SYMBOL_TAG_SPACE | CPIC_CHAFA_SYMBOL_TAG_SOLID
            chafa.symbolMapAddByTags(map, Int32(tags))
            chafa.setSymbolMap(config, map)
            chafa.symbolMapUnref(map)
        }
        guard let canvas = chafa.canvasNew(config) else { throw .renderFailed("no canvas of \(columns) x \(rows) cells") }
        defer { chafa.canvasUnref(canvas) }
        picture.rgba.withUnsafeBufferPointer { pixels in
            chafa.drawAllPixels(
                canvas, Int32(CPIC_CHAFA_PIXEL_RGBA8_UNASSOCIATED), pixels.baseAddress, Int32(picture.width),
                Int32(picture.height), Int32(picture.width * 4))
        }
        // No terminal description: chafa's fallback one, which has every sequence drawn here.
        guard let printed = chafa.print(canvas, nil) else { throw .renderFailed("chafa_canvas_print failed") }
        let text = String(decoding: UnsafeRawBufferPointer(start: printed.pointee.str, count: printed.pointee.len), as: UTF8.self)
        _ = chafa.stringFree(printed, 1)
        let lines = pictureProtocol == .symbols ? text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) : [text]
        return RenderedPicture(text: lines, columns: columns, rows: rows)
    }

    private var pixelMode: Int {
        switch pictureProtocol {
        case .kitty: return Int(CPIC_CHAFA_PIXEL_MODE_KITTY)
        case .iterm: return Int(CPIC_CHAFA_PIXEL_MODE_ITERM2)
        case .sixel: return Int(CPIC_CHAFA_PIXEL_MODE_SIXELS)
        case .symbols: return Int(CPIC_CHAFA_PIXEL_MODE_SYMBOLS)
        }
    }
}
