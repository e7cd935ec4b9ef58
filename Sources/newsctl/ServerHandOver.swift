#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Hands `newsctl serve` over to `newsctl-serve`, the program built beside newsctl: the server's
/// SwiftNIO is linked into it alone, so no other command pays for loading it.
enum ServerHandOver {
    /// Replaces this process with newsctl-serve and `arguments`; returns only when it cannot,
    /// after one line on stderr, with the exit status.
    static func exec(_ arguments: [String], words: CommandStrings) -> Int32 {
        let folder = ownFolder()
        let path = folder + "/newsctl-serve"
        guard access(path, X_OK) == 0 else {
            Output.write("newsctl: " + words.serverMissing(folder: folder, release: folder.hasSuffix("/release")) + "\n", to: STDERR_FILENO)
            return ExitStatus.unavailable
        }
        // The server must get SIGINT, SIGTERM and SIGHUP as signals of its own (SIGHUP must end it).
        ExecSignals.restoreForExec()
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        Output.write("newsctl: " + words.serverNotStarted(path, reason: reason) + "\n", to: STDERR_FILENO)
        return ExitStatus.unavailable
    }

    /// The folder of the running newsctl, symbolic links resolved.
    private static func ownFolder() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        #if os(Linux)
            let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            let path =
                length > 0 ? String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
        #else
            let path = realpath(CommandLine.arguments[0], &buffer) != nil ? String(cString: buffer) : CommandLine.arguments[0]
        #endif
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }
}
