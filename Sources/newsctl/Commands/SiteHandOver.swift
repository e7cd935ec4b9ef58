import NewsFeature
import SyncEngine

#if canImport(Glibc)
    import Glibc
#endif

/// `newsctl export` and `newsctl feed` run in `newsctl-site`, installed beside newsctl: the web
/// front's HTML builder links Foundation and ICU, which newsctl itself does without (its cold
/// `latest --offline` is slower with them linked). newsctl checks the arguments and the
/// archive, then replaces itself with the program, its options resolved.
@MainActor
enum SiteHandOver {
    /// Never returns on success (the process becomes newsctl-site); returns the exit status when
    /// the archive cannot be opened or the program is missing.
    static func run(_ arguments: [String], settings: Settings) async -> Int32 {
        let output = Output()
        let errorLine = ErrorLine(output: output, verbose: settings.verbose)
        switch Archive.open(settings, errorLine: errorLine, use: .reads) {
        case .success: break
        case .failure(let failure): return failure.status
        }
        // `--name=value`: an archive path starting with "-" (`--db=-x.sqlite`) stays a value.
        var all = arguments + ["--db=" + settings.databasePath, "--lang=" + settings.language.rawValue]
        // Neither the source's address nor a deadline: export and feed read the archive only.
        if settings.mode == .offline { all.append("--offline") }
        if settings.json { all.append("--json") }
        let program = programPath()
        let argv = ([program] + all).map { strdup($0) } + [nil]
        ExecSignals.restoreForExec()  // Ctrl-C must stop an export.
        execv(program, argv)
        let reason = String(cString: strerror(errno))
        output.err(
            (settings.language == .zh ? "newsctl: 无法启动 \(program)：\(reason)" : "newsctl: cannot start \(program): \(reason)") + "\n")
        return 69
    }

    /// `newsctl-site` in newsctl's own folder, or `$NEWSCTL_SITE`.
    static func programPath() -> String {
        if let path = Environment.value("NEWSCTL_SITE"), !path.isEmpty { return path }
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return "newsctl-site" }
        let me = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return String(me[..<(me.lastIndex(of: "/") ?? me.startIndex)]) + "/newsctl-site"
    }
}
