import SyncEngine

extension Strings {
    /// A placeholder with why its picture is not drawn: "[图片 3：气压图]（未保存，离线）",
    /// "[Image 3: 气压图] (not kept, offline)".
    func pictureNote(_ placeholder: String, _ reason: String) -> String {
        language == .zh ? "\(placeholder)（\(reason)）" : "\(placeholder) (\(reason))"
    }

    /// Bytes that did not decode or draw.
    var pictureNotDrawn: String { language == .zh ? "无法显示" : "cannot be drawn" }

    /// Why a story's picture could not be had, in a few words.
    func pictureUnavailable(_ error: SyncError) -> String {
        let zh = language == .zh
        switch error.code {
        case .notCached: return zh ? "未保存，离线" : "not kept, offline"
        case .notFound: return zh ? "来源没有这张图片" : "the source has no such picture"
        case .badResponse: return zh ? "来源给的不是图片" : "the source sent no picture"
        case .storage: return zh ? "本地存档出错" : "archive error"
        case .unavailable:
            if let status = ErrorPresenter.answeredStatus(error) {
                return zh ? "获取失败：HTTP \(status)" : "could not be fetched: HTTP \(status)"
            }
            return zh ? "获取失败：无法连接" : "could not be fetched: unreachable"
        default: return pictureNotFetched
        }
    }

    /// A picture that had not come when the story stopped waiting for it.
    var pictureTooSlow: String { language == .zh ? "加载太慢，已跳过" : "too slow, skipped" }

    var pictureNotFetched: String { language == .zh ? "获取失败" : "could not be fetched" }
}
