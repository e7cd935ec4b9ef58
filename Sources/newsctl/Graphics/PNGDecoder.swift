import CPictures
import SyncEngine

/// PNG through libspng (`libspng0`), transparency applied, every bit depth as 8-bit RGBA.
struct PNGDecoder: Sendable {
    static let soname = "libspng.so.0"
    static let package = "libspng0"
    /// The process's decoder, loaded on the first PNG.
    static let shared = load(soname)

    let contextNew: cpic_spng_ctx_new_fn
    let contextFree: cpic_spng_ctx_free_fn
    let setBuffer: cpic_spng_set_png_buffer_fn
    let setImageLimits: cpic_spng_set_image_limits_fn
    let decodedSize: cpic_spng_decoded_image_size_fn
    let decodeImage: cpic_spng_decode_image_fn
    let errorString: cpic_spng_strerror_fn

    static func load(_ soname: String) -> Result<PNGDecoder, PictureDrawingError> {
        SharedLibrary.open(soname, package: package).flatMap { library in
            var resolve = SymbolResolver(library)
            let functions = (
                resolve("spng_ctx_new", cpic_spng_ctx_new_fn.self), resolve("spng_ctx_free", cpic_spng_ctx_free_fn.self),
                resolve("spng_set_png_buffer", cpic_spng_set_png_buffer_fn.self),
                resolve("spng_set_image_limits", cpic_spng_set_image_limits_fn.self),
                resolve("spng_decoded_image_size", cpic_spng_decoded_image_size_fn.self),
                resolve("spng_decode_image", cpic_spng_decode_image_fn.self),
                resolve("spng_strerror", cpic_spng_strerror_fn.self)
            )
            guard let a = functions.0, let b = functions.1, let c = functions.2, let d = functions.3,
                let e = functions.4, let f = functions.5, let g = functions.6
            else { return .failure(resolve.failure) }
            return .success(
                PNGDecoder(
                    contextNew: a, contextFree: b, setBuffer: c, setImageLimits: d, decodedSize: e, decodeImage: f,
                    errorString: g))
        }.mapError(PictureDrawingError.init)
    }

    /// The pixels of `bytes`, a PNG `PictureCheck` accepted as `width` x `height`.
    func decode(_ bytes: [UInt8], width: Int, height: Int) throws(PictureDrawingError) -> DecodedPicture {
        guard let context = contextNew(0) else { throw .undecodable(.png, "spng_ctx_new failed") }
        defer { contextFree(context) }
        // libspng reads the buffer during decoding too, so all of it happens while it is pinned.
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let status = bytes.withUnsafeBytes { buffer -> Int32 in
            // The size PictureCheck capped is the most libspng may allocate for.
            var status = setImageLimits(context, UInt32(width), UInt32(height))
            if status == 0 { status = setBuffer(context, buffer.baseAddress, buffer.count) }
            var length = 0
            if status == 0 { status = decodedSize(context, Int32(CPIC_SPNG_FMT_RGBA8), &length) }
            guard status == 0 else { return status }
            guard length == rgba.count else { return -1 }
            return rgba.withUnsafeMutableBytes { output in
                decodeImage(context, output.baseAddress, length, Int32(CPIC_SPNG_FMT_RGBA8), Int32(CPIC_SPNG_DECODE_TRNS))
            }
        }
        guard status != -1 else { throw .undecodable(.png, "its header disagrees with itself") }
        guard status == 0 else { throw .undecodable(.png, errorString(status).map { String(cString: $0) } ?? "libspng error \(status)") }
        return DecodedPicture(width: width, height: height, rgba: rgba)
    }
}
