import NewsFeature

/// The words of the `account` commands (the reader API's accounts).
extension CommandStrings {
    /// The name as the user gave it, made safe to print: a bad name may hold control characters.
    func badAccountName(_ name: String) -> String {
        let name = TerminalText.sanitize(name)
        return say(
            "账户名 '\(name)' 不可用：应为 1 到 64 个字符，不含空白、控制字符、':' 或 '/'",
            "'\(name)' cannot be an account name: it must be 1 to 64 characters, without spaces, control characters, ':' or '/'")
    }

    func passwordPrompt(_ name: String) -> String { say("账户 \(name) 的密码：", "Password for \(name): ") }

    var passwordConfirmation: String { say("再输入一次密码：", "The same password again: ") }

    func passwordFailure(_ failure: PasswordPrompt.Failure) -> String {
        switch failure {
        case .noInput:
            return say("没有读到密码：请在提示后输入，或从标准输入给出第一行", "no password was read: type it at the prompt, or give it as stdin's first line")
        case .empty: return say("密码不能为空", "the password cannot be empty")
        case .tooLong:
            return say(
                "密码太长（最多 \(PasswordPrompt.maximumBytes) 字节）", "the password is too long (at most \(PasswordPrompt.maximumBytes) bytes)")
        case .mismatch: return say("两次输入的密码不一致，未添加账户", "the two passwords differ; no account was added")
        case .interrupted: return say("已取消，未添加账户", "cancelled; no account was added")
        }
    }

    func accountAdded(_ name: String) -> String { say("已添加账户 \(name)", "added the account \(name)") }

    func accountRemoved(_ name: String, tokens: Int) -> String {
        say("已删除账户 \(name)（\(tokens) 个登录随之失效）", "removed the account \(name) (\(English.count(tokens, "login")) ended with it)")
    }

    func accountExists(_ name: String) -> String {
        say(
            "已有名为 \(name) 的账户；要换密码请先 newsctl account rm \(name)",
            "there is an account named \(name) already; to change its password, newsctl account rm \(name) first")
    }

    func noSuchAccount(_ name: String) -> String {
        say("没有名为 \(name) 的账户（见 newsctl account list）", "there is no account named \(name) (see newsctl account list)")
    }

    var noCrypto: String {
        say("无法使用 libsodium，不能处理密码：请安装 libsodium23", "libsodium cannot be used, so no password can be handled: install libsodium23")
    }

    var noAccounts: String { say("还没有账户；用 newsctl account add 名字 添加", "no accounts yet; add one with newsctl account add NAME") }

    /// One account in `account list`: "alice  创建于 2026年11月29日 07:20  有效登录 1 个".
    func accountRow(_ name: String, created: String, tokens: Int) -> String {
        say("\(name)  创建于 \(created)  有效登录 \(tokens) 个", "\(name)  added \(created)  \(English.count(tokens, "active login"))")
    }
}
