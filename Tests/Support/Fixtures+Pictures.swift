import Foundation

extension Fixtures {
    /// `Tests/Fixtures/pictures`: small real pictures made with ImageMagick and libwebp's tools
    /// (sizes differ so a swapped width and height shows).
    ///
    /// | file | format | size |
    /// |---|---|---|
    /// | baseline.jpg | JPEG, baseline (SOF0), JFIF | 97 x 61 |
    /// | progressive.jpg | JPEG, progressive (SOF2), JFIF | 61 x 97 |
    /// | picture.png | PNG, 16-bit RGB | 73 x 41 |
    /// | picture.gif | GIF89a | 59 x 37 |
    /// | lossy.webp | WebP, VP8 | 83 x 47 |
    /// | lossless.webp | WebP, VP8L | 47 x 83 |
    /// | alpha.webp | WebP, VP8X + ALPH + VP8 | 71 x 43 |
    /// | animated.webp | WebP, VP8X + ANIM, 2 frames | 53 x 31 |
    public static let picturesFolder: String = {
        URL(fileURLWithPath: apiRoot).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("pictures").path
    }()

    /// The bytes of a picture in `picturesFolder`, by name.
    public static func picture(_ name: String) throws -> [UInt8] {
        try Array(Data(contentsOf: URL(fileURLWithPath: picturesFolder + "/" + name)))
    }
}
