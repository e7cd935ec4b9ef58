import Foundation
import TestSupport
import Testing

/// Runs newsctl as `nobody` for the permission cases: root ignores file permissions, so a
/// read-only archive is only read-only to another user.
///
/// That needs `nobody` to reach what the tests use: the built binary, the fixture API and the
/// temporary folders. In a clone under a folder closed to other users (`/root`, a 0700 home),
/// `nobody` cannot run the binary at all, and the cases would report what `setpriv` says instead
/// of what newsctl does. `isAvailable` tries exactly what they do first.
enum Unprivileged {
    static let isRoot = getuid() == 0
    private static let setpriv = "/usr/bin/setpriv"

    /// The launcher that runs a command as `nobody`; none when the tests do not run as root.
    static var launcher: [String] {
        isRoot ? [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"] : []
    }

    /// Whether the permission cases can run: not root (permissions apply anyway), or root with
    /// `setpriv` and a `nobody` that can run the binary on the fixture API into a temporary folder.
    static let isAvailable: Bool = {
        guard isRoot else { return true }
        guard FileManager.default.isExecutableFile(atPath: setpriv),
            let folder = try? Fixtures.temporaryFolder(),
            (try? FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder)) != nil
        else { return false }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: setpriv)
        probe.arguments =
            Array(launcher.dropFirst()) + [
                NewsctlProcess.binary, "latest", "--db", folder + "/probe.sqlite", "--base-url", "file://" + Fixtures.apiRoot,
            ]
        probe.environment = ["PATH": "/usr/bin:/bin", "HOME": folder].merging(NewsctlProcess.sanitizerEnvironment) { $1 }
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()

    static let reason: Comment =
        "runs newsctl as nobody (root ignores permissions), and nobody cannot run the built newsctl on the fixtures here: a folder above the clone is closed to other users"
}
