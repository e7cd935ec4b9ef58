/// newsctl's words for `serve`.
extension CommandStrings {
    func badPort(_ text: String) -> String {
        say(
            "--port 应为 0 到 65535 之间的端口号（0 表示任一空闲端口），不能是 '\(text)'", "--port must be a port from 0 to 65535 (0: any free one), not '\(text)'"
        )
    }

    func badHost(_ text: String) -> String {
        say(
            "--host 应为一个地址或主机名（如 127.0.0.1、0.0.0.0、::1），不能是 '\(text)'",
            "--host must be an address or host name (127.0.0.1, 0.0.0.0, ::1), not '\(text)'")
    }

    func badSyncInterval(_ text: String) -> String {
        say(
            "--sync-every 应为 5 秒到 7 天之间的时长，如 30m、2h、1h30m、90s，不能是 '\(text)'",
            "--sync-every must be a span from 5 seconds to 7 days such as 30m, 2h, 1h30m or 90s, not '\(text)'")
    }

    /// `--details`, `--comments` or `--images` without `--sync-every`, which they are for.
    func fetchFlagsNeedSyncEvery(_ flag: String) -> String {
        say("\(flag) 说明后台同步取什么，需与 --sync-every 一起使用", "\(flag) says what the background sync fetches; it comes with --sync-every")
    }

    var serveCommentsNeedDetails: String {
        say(
            "--comments 需与 --details 一起使用：serve --sync-every 30m --details --comments",
            "--comments comes with --details: serve --sync-every 30m --details --comments")
    }

    /// newsctl-serve is not where it should be, beside newsctl.
    func serverMissing(folder: String, release: Bool) -> String {
        let build = "swift build\(release ? " -c release" : "") --product newsctl-serve"
        return say(
            "找不到 newsctl-serve（应在 \(folder) 中，与 newsctl 放在一起）；请先构建它：\(build)",
            "newsctl-serve is missing (it belongs beside newsctl, in \(folder)); build it with: \(build)")
    }

    func serverNotStarted(_ path: String, reason: String) -> String {
        say("无法启动 \(path)（\(reason)）", "cannot start \(path) (\(reason))")
    }
}
