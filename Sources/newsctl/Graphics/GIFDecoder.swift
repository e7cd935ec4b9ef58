import CPictures
import SyncEngine

/// A GIF's first image through giflib (`libgif7`), on its logical screen, transparent where the
/// image does not cover it or its graphic control extension says so. giflib's low-level calls
/// decompress that one image only, so the frames after it cost nothing.
struct GIFDecoder: Sendable {
    static let soname = "libgif.so.7"
    static let package = "libgif7"
    /// The process's decoder, loaded on the first GIF.
    static let shared = load(soname)

    let open: cpic_DGifOpen_fn
    let close: cpic_DGifCloseFile_fn
    let recordType: cpic_DGifGetRecordType_fn
    let imageDescription: cpic_DGifGetImageDesc_fn
    let line: cpic_DGifGetLine_fn
    let extensionStart: cpic_DGifGetExtension_fn
    let extensionNext: cpic_DGifGetExtensionNext_fn
    let errorString: cpic_GifErrorString_fn

    static func load(_ soname: String) -> Result<GIFDecoder, PictureDrawingError> {
        SharedLibrary.open(soname, package: package).flatMap { library in
            var resolve = SymbolResolver(library)
            let functions = (
                resolve("DGifOpen", cpic_DGifOpen_fn.self), resolve("DGifCloseFile", cpic_DGifCloseFile_fn.self),
                resolve("DGifGetRecordType", cpic_DGifGetRecordType_fn.self),
                resolve("DGifGetImageDesc", cpic_DGifGetImageDesc_fn.self), resolve("DGifGetLine", cpic_DGifGetLine_fn.self),
                resolve("DGifGetExtension", cpic_DGifGetExtension_fn.self),
                resolve("DGifGetExtensionNext", cpic_DGifGetExtensionNext_fn.self),
                resolve("GifErrorString", cpic_GifErrorString_fn.self)
            )
            guard let a = functions.0, let b = functions.1, let c = functions.2, let d = functions.3,
                let e = functions.4, let f = functions.5, let g = functions.6, let h = functions.7
            else { return .failure(resolve.failure) }
            return .success(
                GIFDecoder(
                    open: a, close: b, recordType: c, imageDescription: d, line: e, extensionStart: f,
                    extensionNext: g, errorString: h))
        }.mapError(PictureDrawingError.init)
    }

    /// Where giflib's read callback takes its bytes from (its `UserData`).
    private final class Source {
        let bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    /// giflib's read callback: copies up to `count` bytes and says how many.
    private static let read: cpic_GifInputFunc = { file, destination, count in
        guard let file, let destination, let user = file.pointee.UserData else { return 0 }
        let source = Unmanaged<Source>.fromOpaque(user).takeUnretainedValue()
        let taken = max(0, min(Int(count), source.bytes.count - source.offset))
        source.bytes.withUnsafeBufferPointer { buffer in
            if let base = buffer.baseAddress { destination.update(from: base + source.offset, count: taken) }
        }
        source.offset += taken
        return Int32(taken)
    }

    /// The first image of `bytes`, a GIF `PictureCheck` accepted with a `width` x `height` screen.
    func decode(_ bytes: [UInt8], width: Int, height: Int) throws(PictureDrawingError) -> DecodedPicture {
        let source = Source(bytes)
        var error: Int32 = 0
        let opened = withExtendedLifetime(source) { open(Unmanaged.passUnretained(source).toOpaque(), Self.read, &error) }
        guard let file = opened else { throw .undecodable(.gif, reason(error)) }
        defer { withExtendedLifetime(source) { _ = close(file, &error) } }
        var transparent = -1
        while true {
            var type: Int32 = 0
            guard recordType(file, &type) == 1 else { throw .undecodable(.gif, reason(file.pointee.Error)) }
            switch type {
            case Int32(CPIC_GIF_EXTENSION_RECORD):
                transparent = try skipExtension(file, transparent: transparent)
            case Int32(CPIC_GIF_IMAGE_DESC_RECORD):
                return try image(file, width: width, height: height, transparent: transparent)
            case Int32(CPIC_GIF_TERMINATE_RECORD):
                throw .undecodable(.gif, "no image before its end")
            default:
                throw .undecodable(.gif, "a record of unknown type \(type)")
            }
        }
    }

    /// Reads past one extension, returning the transparent colour index its graphic control
    /// extension sets, or `transparent` unchanged.
    private func skipExtension(_ file: UnsafeMutablePointer<cpic_GifFileType>, transparent: Int) throws(PictureDrawingError) -> Int {
        var code: Int32 = 0
        var block: UnsafeMutablePointer<cpic_GifByteType>?
        guard extensionStart(file, &code, &block) == 1 else { throw .undecodable(.gif, reason(file.pointee.Error)) }
        var result = transparent
        if code == Int32(CPIC_GIF_GRAPHICS_EXTENSION), let block, block[0] >= 4 {
            result = block[1] & 1 == 1 ? Int(block[4]) : -1
        }
        while block != nil {
            guard extensionNext(file, &block) == 1 else { throw .undecodable(.gif, reason(file.pointee.Error)) }
        }
        return result
    }

    /// Decompresses the image whose descriptor comes next onto a transparent screen.
    private func image(
        _ file: UnsafeMutablePointer<cpic_GifFileType>, width: Int, height: Int, transparent: Int
    ) throws(PictureDrawingError) -> DecodedPicture {
        guard imageDescription(file) == 1 else { throw .undecodable(.gif, reason(file.pointee.Error)) }
        let frame = file.pointee.Image
        guard let map = frame.ColorMap ?? file.pointee.SColorMap, let colours = map.pointee.Colors else {
            throw .undecodable(.gif, "an image without a colour table")
        }
        let frameWidth = Int(frame.Width), frameHeight = Int(frame.Height)
        guard frameWidth > 0, frameHeight > 0 else { throw .undecodable(.gif, "an image of no pixels") }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        var indices = [cpic_GifByteType](repeating: 0, count: frameWidth)
        // Interlaced rows arrive in four passes: every 8th from 0, every 8th from 4, every 4th from 2, every 2nd from 1.
        let rows =
            frame.Interlace
            ? [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { stride(from: $0.0, to: frameHeight, by: $0.1) }
            : Array(0..<frameHeight)
        for row in rows {
            guard line(file, &indices, Int32(frameWidth)) == 1 else { throw .undecodable(.gif, reason(file.pointee.Error)) }
            let y = Int(frame.Top) + row
            guard y < height else { continue }
            for column in 0..<frameWidth {
                let x = Int(frame.Left) + column, index = Int(indices[column])
                guard x < width, index != transparent, index < Int(map.pointee.ColorCount) else { continue }
                let colour = colours[index], offset = (y * width + x) * 4
                rgba[offset] = colour.Red
                rgba[offset + 1] = colour.Green
                rgba[offset + 2] = colour.Blue
                rgba[offset + 3] = 255
            }
        }
        return DecodedPicture(width: width, height: height, rgba: rgba)
    }

    private func reason(_ error: Int32) -> String {
        errorString(error).map { String(cString: $0) } ?? "giflib error \(error)"
    }
}
