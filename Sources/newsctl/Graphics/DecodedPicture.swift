/// A picture as pixels: rows top to bottom, four bytes a pixel (red, green, blue, alpha, not
/// premultiplied), the layout chafa draws from.
struct DecodedPicture: Equatable, Sendable {
    let width: Int
    let height: Int
    let rgba: [UInt8]

    /// The pixel at column `x`, row `y` as (r, g, b, a).
    func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let offset = (y * width + x) * 4
        return (rgba[offset], rgba[offset + 1], rgba[offset + 2], rgba[offset + 3])
    }
}
