import CPictures
import SyncEngine

/// JPEG through libjpeg-turbo's TurboJPEG API (`libturbojpeg0`), baseline and progressive.
struct JPEGDecoder: Sendable {
    static let soname = "libturbojpeg.so.0"
    static let package = "libturbojpeg0"
    /// The process's decoder, loaded on the first JPEG.
    static let shared = load(soname)

    let initDecompress: cpic_tjInitDecompress_fn
    let decompressHeader: cpic_tjDecompressHeader3_fn
    let decompress: cpic_tjDecompress2_fn
    let destroy: cpic_tjDestroy_fn
    let errorString: cpic_tjGetErrorStr2_fn

    static func load(_ soname: String) -> Result<JPEGDecoder, PictureDrawingError> {
        SharedLibrary.open(soname, package: package).flatMap { library in
            var resolve = SymbolResolver(library)
            let functions = (
                resolve("tjInitDecompress", cpic_tjInitDecompress_fn.self),
                resolve("tjDecompressHeader3", cpic_tjDecompressHeader3_fn.self),
                resolve("tjDecompress2", cpic_tjDecompress2_fn.self), resolve("tjDestroy", cpic_tjDestroy_fn.self),
                resolve("tjGetErrorStr2", cpic_tjGetErrorStr2_fn.self)
            )
            guard let a = functions.0, let b = functions.1, let c = functions.2, let d = functions.3, let e = functions.4
            else { return .failure(resolve.failure) }
            return .success(JPEGDecoder(initDecompress: a, decompressHeader: b, decompress: c, destroy: d, errorString: e))
        }.mapError(PictureDrawingError.init)
    }

    /// The pixels of `bytes`, a JPEG `PictureCheck` accepted as `width` x `height`; with
    /// `pixelsWide`, at the smallest of libjpeg-turbo's scales n/8 that keeps it at least that
    /// wide (the decoder scales in its inverse DCT, so a scaled decode costs less, not more).
    func decode(_ bytes: [UInt8], width: Int, height: Int, pixelsWide: Int? = nil) throws(PictureDrawingError) -> DecodedPicture {
        guard let handle = initDecompress() else { throw .undecodable(.jpeg, "tjInitDecompress failed") }
        defer { _ = destroy(handle) }
        var headerWidth: Int32 = 0
        var headerHeight: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        let header = decompressHeader(handle, bytes, UInt(bytes.count), &headerWidth, &headerHeight, &subsampling, &colorspace)
        // The size the decoder will allocate for is the one PictureCheck capped, or it is refused.
        guard header == 0, Int(headerWidth) == width, Int(headerHeight) == height else {
            throw .undecodable(.jpeg, header == 0 ? "its header disagrees with itself" : reason(handle))
        }
        let eighths = Self.eighths(from: width, toAtLeast: pixelsWide ?? width)
        // TJSCALED: the scaled size rounds up, as the decoder's does.
        let (scaledWidth, scaledHeight) = ((width * eighths + 7) / 8, (height * eighths + 7) / 8)
        var status: Int32 = -1
        // Every byte is written by a decode that succeeds; one that fails throws the pixels away.
        let rgba = [UInt8](unsafeUninitializedCapacity: scaledWidth * scaledHeight * 4) { output, count in
            status = decompress(
                handle, bytes, UInt(bytes.count), output.baseAddress, Int32(scaledWidth), Int32(scaledWidth * 4),
                Int32(scaledHeight), Int32(CPIC_TJPF_RGBA), 0)
            count = status == 0 ? output.count : 0
        }
        guard status == 0 else { throw .undecodable(.jpeg, reason(handle)) }
        return DecodedPicture(width: scaledWidth, height: scaledHeight, rgba: rgba)
    }

    /// The smallest n in 1...8 for which n/8 of `width` is still at least `wanted`.
    static func eighths(from width: Int, toAtLeast wanted: Int) -> Int {
        (1...8).first { (width * $0 + 7) / 8 >= wanted } ?? 8
    }

    private func reason(_ handle: cpic_tjhandle) -> String {
        errorString(handle).map { String(cString: $0) } ?? "libturbojpeg gave no reason"
    }
}
