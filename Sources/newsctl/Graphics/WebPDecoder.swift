import CPictures
import SyncEngine

/// WebP through libwebp (`libwebp7`): lossy, lossless and with alpha; of an animation, the first
/// frame, which libwebp decodes on its own once its `ANMF` chunk is found.
struct WebPDecoder: Sendable {
    static let soname = "libwebp.so.7"
    static let package = "libwebp7"
    /// The process's decoder, loaded on the first WebP.
    static let shared = load(soname)

    let decodeRGBA: cpic_WebPDecodeRGBA_fn
    let free: cpic_WebPFree_fn

    static func load(_ soname: String) -> Result<WebPDecoder, PictureDrawingError> {
        SharedLibrary.open(soname, package: package).flatMap { library in
            var resolve = SymbolResolver(library)
            guard let decode = resolve("WebPDecodeRGBA", cpic_WebPDecodeRGBA_fn.self),
                let free = resolve("WebPFree", cpic_WebPFree_fn.self)
            else { return .failure(resolve.failure) }
            return .success(WebPDecoder(decodeRGBA: decode, free: free))
        }.mapError(PictureDrawingError.init)
    }

    /// The pixels of `bytes`, a WebP `PictureCheck` accepted with a `width` x `height` canvas.
    func decode(_ bytes: [UInt8], width: Int, height: Int) throws(PictureDrawingError) -> DecodedPicture {
        if let frame = Self.firstAnimationFrame(bytes) {
            let picture = try pixels(Array(bytes[frame.data]), maxWidth: width, maxHeight: height)
            // As libwebp's demuxer: a frame must lie wholly on the canvas (found by picture-decode's fuzzer).
            guard frame.x + picture.width <= width, frame.y + picture.height <= height else {
                throw .undecodable(.webp, "a first frame at (\(frame.x), \(frame.y)) off its \(width) x \(height) canvas")
            }
            return placed(picture, x: frame.x, y: frame.y, width: width, height: height)
        }
        let picture = try pixels(bytes, maxWidth: width, maxHeight: height)
        guard picture.width == width, picture.height == height else {
            throw .undecodable(.webp, "its header disagrees with itself")
        }
        return picture
    }

    private func pixels(_ bytes: [UInt8], maxWidth: Int, maxHeight: Int) throws(PictureDrawingError) -> DecodedPicture {
        var width: Int32 = 0
        var height: Int32 = 0
        guard let output = decodeRGBA(bytes, bytes.count, &width, &height) else {
            throw .undecodable(.webp, "libwebp could not decode it")
        }
        defer { free(output) }
        guard width > 0, height > 0, Int(width) <= maxWidth, Int(height) <= maxHeight else {
            throw .undecodable(.webp, "a frame of \(width) x \(height) outside its canvas")
        }
        let rgba = Array(UnsafeBufferPointer(start: output, count: Int(width) * Int(height) * 4))
        return DecodedPicture(width: Int(width), height: Int(height), rgba: rgba)
    }

    /// `frame` on a transparent canvas of `width` x `height` at (`x`, `y`), cut to the canvas.
    private func placed(_ frame: DecodedPicture, x: Int, y: Int, width: Int, height: Int) -> DecodedPicture {
        if frame.width == width, frame.height == height { return frame }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for row in 0..<min(frame.height, height - y) {
            let columns = min(frame.width, width - x) * 4
            let from = row * frame.width * 4, to = ((y + row) * width + x) * 4
            rgba.replaceSubrange(to..<to + columns, with: frame.rgba[from..<from + columns])
        }
        return DecodedPicture(width: width, height: height, rgba: rgba)
    }

    /// The first `ANMF` chunk of an animated WebP: its frame's offset on the canvas and the range
    /// of its `ALPH`/`VP8 `/`VP8L` chunks. Nil for a still picture or a malformed chunk list.
    static func firstAnimationFrame(_ bytes: [UInt8]) -> (x: Int, y: Int, data: Range<Int>)? {
        func littleEndian(_ at: Int, _ count: Int) -> Int {
            (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
        }
        guard bytes.count >= 30, bytes[12..<16].elementsEqual("VP8X".utf8), bytes[20] & 0x02 != 0 else { return nil }
        var chunk = 12
        while chunk + 8 <= bytes.count {
            let size = littleEndian(chunk + 4, 4)
            let data = chunk + 8
            guard size <= bytes.count - data else { return nil }
            if bytes[chunk..<chunk + 4].elementsEqual("ANMF".utf8) {
                guard size > 16 else { return nil }
                return (littleEndian(data, 3) * 2, littleEndian(data + 3, 3) * 2, data + 16..<data + size)
            }
            chunk = data + size + (size & 1)
        }
        return nil
    }
}
