// newsctl's picture decoding entry point (`PictureDecoder`: PictureCheck, then libturbojpeg,
// libspng, libwebp or giflib, loaded with dlopen) on arbitrary bytes: it never crashes, and what
// it decodes has the size the check read from the header, four bytes a pixel. A bomb (a header
// claiming more than the pixel cap) is refused by the check, so the decoders never allocate for it.
// The libraries are not instrumented: libFuzzer sees the Swift side's coverage, AddressSanitizer
// the buffers it hands them.
import SyncEngine

private let decoder = PictureDecoder(check: PictureCheck(maxBytes: 1 << 20, maxPixels: 4_000_000))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let checked = try? decoder.check.check(bytes)
    do {
        let picture = try decoder.decode(bytes)
        require(checked != nil, "decoded bytes the check refused")
        require(
            picture.width == checked?.width && picture.height == checked?.height,
            "decoded \(picture.width) x \(picture.height), the header said \(String(describing: checked))")
        require(picture.rgba.count == picture.width * picture.height * 4, "\(picture.rgba.count) bytes of pixels")
    } catch {
        switch error {
        case .missingLibrary, .incompleteLibrary: require(false, "a decoder is not installed: \(error)")
        case .refused: require(checked == nil, "refused bytes the check accepted: \(error)")
        case .undecodable: require(checked != nil, "a decoder ran on bytes the check refused: \(error)")
        case .renderFailed: require(false, "decoding reported a drawing failure")
        }
    }
    return 0
}
