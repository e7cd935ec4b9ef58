import NewsFeature

/// newsctl-serve's own words, per language: what it says on stderr beside the request lines.
struct ServeStrings: Sendable {
    let language: Language

    private func say(_ zh: String, _ en: String) -> String { language == .zh ? zh : en }

    /// Said once at start when the server is not on loopback.
    func reachable(_ address: String) -> String {
        say(
            "正在 \(address) 上提供存档：同一网络中能连到这台机器的任何设备都能阅读它、收藏或取消收藏文章",
            "serving the archive on \(address): any device that can reach this machine on the network can read it and change its favourites"
        )
    }

    /// Said at start when no folder can be made for the OPDS catalog's books.
    func noEditionFolder(_ folder: String) -> String {
        say(
            "电子书目录：无法在 \(folder) 中建立存放电子书的文件夹，下载会失败（503）；请检查该位置是否可写，或设置 XDG_CACHE_HOME",
            "e-book catalog: no folder for the books can be made in \(folder), so downloads fail (503); check that it is writable, or set XDG_CACHE_HOME"
        )
    }

    /// Said when a book of the OPDS catalog could not be made.
    func editionFailed(_ path: String, reason: String) -> String {
        say("电子书目录：\(path) 没能生成：\(reason)", "e-book catalog: \(path) could not be made: \(reason)")
    }

    /// Said when the reader API refuses an app because there is no account at all.
    var noAccount: String {
        say(
            "阅读器 API：还没有账户，应用无法登录；用 newsctl account add 名称 添加一个",
            "reader API: there is no account to log in to; add one with newsctl account add NAME")
    }

    /// A request of the reader API that failed in the archive or libsodium.
    func readerFault(_ message: String) -> String {
        say("阅读器 API：请求失败：\(message)", "reader API: a request failed: \(message)")
    }

    /// Said once at start when the server is not on loopback and has accounts.
    func passwordsInClear(_ address: String) -> String {
        say(
            "阅读器 API 在 \(address) 上以明文 HTTP 传送密码和令牌；要从这台机器以外使用，请放在 TLS 代理之后（见 README）",
            "the reader API on \(address) carries passwords and tokens in clear over plain HTTP; from other machines, put it behind a TLS proxy (see the README)"
        )
    }

    func addressInUse(host: String, port: Int) -> String {
        say(
            "\(host) 的端口 \(port) 已被占用；请换一个 --port，或用 --port 0 让系统选一个空闲端口",
            "port \(port) on \(host) is already in use; choose another --port, or --port 0 for any free one")
    }

    func cannotListen(host: String, port: Int, detail: String) -> String {
        say("无法在 \(host) 的端口 \(port) 上监听（\(detail)）", "cannot listen on port \(port) of \(host) (\(detail))")
    }

    /// A background sync that went well.
    func synced(days: Int, stories: Int, seconds: Double) -> String {
        say(
            "后台同步完成：新取 \(days) 天、\(stories) 篇文章，用时 \(Self.seconds(seconds)) 秒",
            "background sync done: \(English.count(days, "day")) and \(English.count(stories, "story")) fetched in \(Self.seconds(seconds)) s"
        )
    }

    /// A background sync that failed; the server goes on and tries again.
    func syncFailed(_ message: String, retryIn interval: String) -> String {
        say("后台同步失败：\(message)；\(interval) 后再试", "background sync failed: \(message); trying again in \(interval)")
    }

    /// An interval as `--sync-every` takes it, in words: 30 分钟, 30 minutes.
    func interval(seconds: Int) -> String {
        if seconds % 3600 == 0 { return say("\(seconds / 3600) 小时", English.count(seconds / 3600, "hour")) }
        if seconds % 60 == 0 { return say("\(seconds / 60) 分钟", English.count(seconds / 60, "minute")) }
        return say("\(seconds) 秒", English.count(seconds, "second"))
    }

    private static func seconds(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
