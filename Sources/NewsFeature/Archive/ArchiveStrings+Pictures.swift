import SyncEngine

/// Why a picture could not be kept, worded for a person, and its code for `--json`.
extension ArchiveStrings {
    /// "图片不存在（HTTP 404）", "收到的不是图片（可能是防盗链页面）", "over the pixel cap"…
    func pictureReason(_ reason: PictureFailureReason) -> String {
        switch (language, reason) {
        case (.zh, .httpStatus(403)): return "图片服务器拒绝访问（HTTP 403）"
        case (.en, .httpStatus(403)): return "refused by the picture's host (HTTP 403)"
        case (.zh, .httpStatus(404)): return "图片不存在（HTTP 404）"
        case (.en, .httpStatus(404)): return "no such picture (HTTP 404)"
        case (.zh, .httpStatus(429)): return "请求过于频繁（HTTP 429）"
        case (.en, .httpStatus(429)): return "too many requests (HTTP 429)"
        case (.zh, .httpStatus(let status)) where status >= 500: return "图片服务器出错（HTTP \(status)）"
        case (.en, .httpStatus(let status)) where status >= 500: return "the picture's host failed (HTTP \(status))"
        case (.zh, .httpStatus(let status)): return "图片服务器答复 HTTP \(status)"
        case (.en, .httpStatus(let status)): return "the picture's host answered HTTP \(status)"
        case (.zh, .refused(.notAPicture)): return "收到的不是图片（可能是防盗链页面）"
        case (.en, .refused(.notAPicture)): return "not a picture (likely a web page served in its place)"
        case (.zh, .refused(.truncated)): return "图片不完整"
        case (.en, .refused(.truncated)): return "the picture was cut short"
        case (.zh, .refused(.badHeader)): return "图片已损坏（文件头有误）"
        case (.en, .refused(.badHeader)): return "a broken picture (bad header)"
        case (.zh, .refused(.tooLarge)): return "图片太大，超过大小上限"
        case (.en, .refused(.tooLarge)): return "too large: over the size cap"
        case (.zh, .refused(.tooManyPixels)): return "像素太多，超过像素上限"
        case (.en, .refused(.tooManyPixels)): return "too many pixels: over the pixel cap"
        case (.zh, .other): return "无法获取"
        case (.en, .other): return "could not be fetched"
        }
    }

    /// `--json`'s stable name of a reason: "http_404", "not_a_picture", "too_many_pixels"…
    static func pictureReasonCode(_ reason: PictureFailureReason) -> String {
        switch reason {
        case .httpStatus(let status): return "http_\(status)"
        case .refused(.notAPicture): return "not_a_picture"
        case .refused(.truncated): return "truncated"
        case .refused(.badHeader): return "bad_header"
        case .refused(.tooLarge): return "too_large"
        case .refused(.tooManyPixels): return "too_many_pixels"
        case .other: return "other"
        }
    }

    /// `status`'s line of failing pictures by reason, "获取失败的图片：图片不存在（HTTP 404）2 张；…".
    func failingPictures(_ reasons: [PictureReasonViewData]) -> String {
        switch language {
        // No space after a full-width bracket, one before the number otherwise.
        case .zh: return "获取失败的图片：" + reasons.map { "\($0.text)\($0.text.hasSuffix("）") ? "" : " ")\($0.count) 张" }.joined(separator: "；")
        case .en: return "Failing pictures: " + reasons.map { "\($0.text): \($0.count)" }.joined(separator: "; ")
        }
    }
}
