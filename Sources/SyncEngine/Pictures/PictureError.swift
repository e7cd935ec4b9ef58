/// Why bytes are not a picture the archive may keep.
public struct PictureError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The kind of refusal.
    public enum Code: String, Sendable {
        /// Empty, or the magic bytes of no format the archive keeps (an HTML page, a WAVE file…).
        case notAPicture
        /// The bytes end before the header says what the picture is (a cut-off answer).
        case truncated
        /// A header that breaks its format's rules or claims an impossible size (0 pixels wide,
        /// a PNG over 2³¹ - 1, a WebP canvas over 2³² - 1 pixels).
        case badHeader
        /// More bytes than the check allows.
        case tooLarge
        /// More pixels than the check allows: a decompression bomb, or a picture too big to draw.
        case tooManyPixels
    }

    /// The kind of refusal.
    public let code: Code
    /// The format the magic bytes named, when they named one.
    public let format: PictureFormat?
    /// What was wrong, in one line.
    public let message: String

    init(_ code: Code, _ format: PictureFormat?, _ message: String) {
        self.code = code
        self.format = format
        self.message = message
    }

    public var description: String { message }
}
