import SyncEngine

/// The wording of the network check (`newsctl doctor --network`), in Chinese or English.
struct DoctorStrings: Sendable {
    let language: Language

    func say(_ zh: String, _ en: String) -> String { language == .zh ? zh : en }

    func stepName(_ step: HostCheck.StepKind) -> String {
        switch (language, step) {
        case (.zh, .resolve): return "域名解析"
        case (.en, .resolve): return "name resolution"
        case (.zh, .connect): return "连接"
        case (.en, .connect): return "connect"
        case (_, .tls): return "TLS"
        case (_, .http): return "HTTP"
        case (.zh, .page): return "最新一期"
        case (.en, .page): return "latest page"
        }
    }

    /// What a step found, in words; nil where only the transport's own message says it.
    func finding(_ finding: HostCheck.Finding) -> String {
        switch finding {
        case .status(let status): return "HTTP \(status)"
        case .page(let day, let stories): return say("\(day)，\(stories) 篇文章", "\(day), \(English.count(stories, "story"))")
        case .notAPage(let bytes): return say("不是最新一期的内容（\(bytes) 字节）", "not a latest page (\(bytes) bytes)")
        case .certificateForOtherNames(let names, let host):
            let list = names.joined(separator: ", ")
            return say("证书属于 \(list)，而不是 \(host)", "the certificate is for \(list), not \(host)")
        case .noAnswer(let timeout):
            let milliseconds = timeout.components.seconds * 1_000 + timeout.components.attoseconds / 1_000_000_000_000_000
            return say("已连接，但 \(milliseconds) 毫秒内没有应答", "connected, but no answer within \(milliseconds) ms")
        }
    }

    /// A failed step the transport describes in its own (English) words: in Chinese, what
    /// failed first, then those words as the technical cause.
    func failedStep(_ step: HostCheck.StepKind, _ detail: String) -> String {
        guard language == .zh else { return detail }
        let what =
            switch step {
            case .resolve: "无法解析域名"
            case .connect: "无法连接"
            case .tls: "TLS 握手失败"
            case .http: "没有得到 HTTP 应答"
            case .page: "无法读取最新一期"
            }
        return detail.isEmpty ? what : what + "：" + detail
    }

    func works(_ works: Bool) -> String {
        works ? say("可用", "works") : say("不可用", "does not work")
    }

    func stepOutcome(_ succeeded: Bool) -> String {
        succeeded ? say("成功", "ok") : say("失败", "failed")
    }

    func preferred(_ url: String, since: String, until: String) -> String {
        say(
            "优先使用：\(url)（自 \(since) 起，因为之前的地址没有应答）；\(until) 之后重新按给定顺序尝试（北京时间）",
            "preferred: \(url), which answered when an earlier one did not, since \(since); the order given is tried again after \(until) (Beijing time)"
        )
    }

    var noPreference: String {
        say("优先使用：无；按给定顺序尝试各个地址", "preferred: none; the base URLs are tried in the order given")
    }

    /// "1 of 2 base URLs works", "0 of 2 base URLs work", "the base URL does not work";
    /// "2 个地址中 1 个可用", "2 个地址都不可用", "该地址不可用".
    func working(_ working: Int, of count: Int) -> String {
        if count == 1 { return working == 1 ? say("该地址可用", "the base URL works") : say("该地址不可用", "the base URL does not work") }
        switch language {
        case .zh: return working == 0 ? "\(count) 个地址都不可用" : "\(count) 个地址中 \(working) 个可用"
        case .en: return "\(working) of \(count) base URLs \(working == 1 ? "works" : "work")"
        }
    }

    var noneWorks: String {
        say(
            "没有任何地址返回最新一期；见上面的各步结果，或用 --base-url 指定镜像",
            "no base URL answered with its latest page; see the steps above, or use --base-url for a mirror")
    }
}
