/// Why a picture could not be kept, as a front words it (in its own language): the host's HTTP
/// answer, or what `PictureCheck` (or the transport's byte cap) refused its bytes for.
///
/// ```swift
/// for failure in summary.failures {
///     if case .picture(let url) = failure.item, let reason = failure.pictureReason {
///         print(url, reason)  // .httpStatus(403), .refused(.notAPicture) for an HTML page…
///     }
/// }
/// ```
public enum PictureFailureReason: Sendable, Hashable {
    /// The host answered this status: 403 (a refused hotlink), 404 (no such picture), 5xx…
    case httpStatus(Int)
    /// The answer was refused as a picture: not one (an HTML page served as `image/jpeg`), cut
    /// short, a broken header, over the byte cap, or over the pixel cap (a decompression bomb).
    case refused(PictureError.Code)
    /// No answer came (the network), or the archive kept no reason (rows of an older version).
    case other

    /// The reason of a failed fetch.
    init(_ error: RemoteError) {
        if let refusal = error.pictureRefusal {
            self = .refused(refusal)
        } else if error.code == .httpStatus, let status = error.status {
            self = .httpStatus(status)
        } else {
            self = .other
        }
    }

    /// The reason a `failed_picture` row keeps: its refusal, else its HTTP status.
    init(status: Int, refusal: String?) {
        if let refusal, let code = PictureError.Code(rawValue: refusal) {
            self = .refused(code)
        } else if status > 0 {
            self = .httpStatus(status)
        } else {
            self = .other
        }
    }
}

extension SyncFailure {
    /// For a picture's failure, why it could not be kept; nil for days, stories and comments.
    public var pictureReason: PictureFailureReason? {
        guard case .picture = item else { return nil }
        return error.remoteError.map(PictureFailureReason.init) ?? .other
    }
}
