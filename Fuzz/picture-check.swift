// `PictureCheck` on arbitrary bytes: it never crashes, reads no byte past the end (AddressSanitizer
// would say), and what it accepts keeps its promises: a known format, at least 1 x 1, within both
// caps; the same verdict with bytes appended (headers are read from the start only); refused one
// pixel under its size. The input read as an address gives a `PictureKey` that is its own key.
@testable import SyncEngine

private let check = PictureCheck(maxBytes: 1 << 20, maxPixels: 40_000_000)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let verdict = Result { () throws(PictureError) in try check.check(bytes) }
    switch verdict {
    case .success(let info):
        require(info.width >= 1 && info.height >= 1, "accepted \(info)")
        require(info.width * info.height <= check.maxPixels && bytes.count <= check.maxBytes, "accepted \(info) over the caps")
        require((try? PictureFormat.detect(bytes)) == info.format, "accepted \(info) but the magic bytes say otherwise")
        let longer = bytes + [0xFF, 0xD9, 0, 0x3B]
        require((try? check.check(longer)) == info, "\(info) reads differently with bytes appended")
        var tighter = check
        tighter.maxPixels = info.width * info.height - 1
        require(
            (try? tighter.check(bytes)) == nil
                && (Result { () throws(PictureError) in try tighter.check(bytes) }.errorCode == .tooManyPixels),
            "\(info) passes a cap one pixel under its size")
    case .failure(let error):
        require(!error.message.isEmpty, "an error without a message: \(error.code)")
        if error.code == .notAPicture { require(error.format == nil, "\(error.code) names a format") }
    }
    require((Result { () throws(PictureError) in try check.check(bytes) }.successValue) == verdict.successValue, "two checks differ")

    let address = text(data, size)
    if let key = PictureKey(url: address) {
        require(
            PictureKey(url: key.value) == key, "\(address.debugDescription) → \(key) → \(String(describing: PictureKey(url: key.value)))")
        require(!key.value.unicodeScalars.contains(" ") && !key.value.contains("#"), "key \(key.value.debugDescription)")
        let lowered = key.value.lowercased()
        require(lowered.hasPrefix("http://") || lowered.hasPrefix("https://"), "key \(key.value.debugDescription)")
    }
    return 0
}

extension Result {
    fileprivate var successValue: Success? { try? get() }
    fileprivate var errorCode: PictureError.Code? {
        if case .failure(let error) = self { return (error as? PictureError)?.code }
        return nil
    }
}
