// swift-tools-version:6.1
import PackageDescription

// Which HTTP transport SyncEngine is built with. On Linux it is libcurl (`CurlTransport`, loaded
// with dlopen; `CCurl` supplies its headers) unless `SYNCENGINE_TRANSPORT=urlsession` is set in the
// environment of `swift build`: then `CCurl` is not in the graph at all and SyncEngine carries
// `URLSessionTransport` and uses it by default, so it builds where libcurl's development files are
// missing (the check a slim container or a port runs). Elsewhere (Apple platforms) CCurl is never a
// dependency and SyncEngine always carries `URLSessionTransport`.
let curlOnLinux = Context.environment["SYNCENGINE_TRANSPORT"] != "urlsession"

// Whether the web server (`newsctl-serve`, on Hummingbird and SwiftNIO) and its tests are in the
// graph: `NEWSCTL_SERVER=off` drops them, so the builds that do not need them (sanitizers, the
// URLSession build, fuzzing) do not compile SwiftNIO too. `newsctl` itself never links it.
let serverOn = Context.environment["NEWSCTL_SERVER"] != "off"

/// Swift settings of SyncEngineURLSession: on Linux with curl it compiles `URLSessionTransport`
/// itself (SyncEngine does not, so `newsctl` never links FoundationNetworking); otherwise it only
/// re-exports SyncEngine, which holds the transport.
let urlSessionSettings: [SwiftSetting] =
    [.define("SYNCENGINE_URLSESSION_TARGET")]
    + (curlOnLinux ? [.define("SYNCENGINE_URLSESSION_STANDALONE", .when(platforms: [.linux]))] : [])

let package = Package(
    name: "ZhihuDailyOffline",
    products: [
        .library(name: "SyncEngine", targets: ["SyncEngine"]),
        // URLSessionTransport for Linux apps that want it beside (or instead of) libcurl; on Apple
        // platforms SyncEngine itself has it and this only re-exports SyncEngine.
        .library(name: "SyncEngineURLSession", targets: ["SyncEngineURLSession"]),
        .library(name: "NewsFeature", targets: ["NewsFeature"]),
        .executable(name: "newsctl", targets: ["newsctl"]),
        .executable(name: "newsctl-site", targets: ["newsctl-site"]),
        .library(name: "NewsWeb", targets: ["NewsWeb"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        // Documentation only: `swift package generate-documentation` (scripts/docs).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"),
        // The web front's HTML (NewsWeb only): a typed builder that escapes text by default.
        .package(url: "https://github.com/JohnSundell/Plot", exact: "0.14.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(
            name: "SyncEngine",
            dependencies: [
                "CSQLite",
                .product(name: "Logging", package: "swift-log"),
            ] + (curlOnLinux ? [.target(name: "CCurl", condition: .when(platforms: [.linux]))] : [])
        ),
        .target(
            name: "SyncEngineURLSession",
            dependencies: ["SyncEngine"],
            swiftSettings: urlSessionSettings
        ),
        .target(name: "NewsFeature", dependencies: ["SyncEngine"]),
        // The web front's pages and feeds, for `newsctl-serve` and `newsctl export`.
        .target(
            name: "NewsWeb",
            dependencies: ["NewsFeature", "SyncEngine", .product(name: "Plot", package: "Plot")]),
        // Headers only, written out by hand: newsctl loads the picture decoders, chafa and glib
        // with dlopen when it first draws, so neither building nor running needs them.
        .systemLibrary(name: "CPictures"),
        .executableTarget(
            name: "newsctl",
            dependencies: [
                "SyncEngine",
                "CPictures",
                "NewsFeature",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What `newsctl export` and `newsctl feed` hand over to: NewsWeb's HTML builder links
        // Foundation, which would slow every start of newsctl.
        .executableTarget(
            name: "newsctl-site",
            dependencies: ["NewsWeb", "NewsFeature", "SyncEngine", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // Benchmarks (bench/run), apart from the tests.
        .executableTarget(name: "newsbench", dependencies: ["SyncEngine"], path: "bench/newsbench"),
        .target(
            name: "TestSupport",
            // SyncEngine for `Locked`, the package's ThreadSanitizer-friendly lock.
            dependencies: ["SyncEngine"],
            path: "Tests/Support"
        ),
        // SyncEngineURLSession too: the transport contract runs on both transports.
        .testTarget(name: "SyncEngineTests", dependencies: ["SyncEngine", "SyncEngineURLSession", "TestSupport"]),
        .testTarget(name: "NewsFeatureTests", dependencies: ["NewsFeature", "TestSupport"]),
        .testTarget(name: "NewsWebTests", dependencies: ["NewsWeb", "NewsFeature", "TestSupport"]),
        // SyncEngine too: a test watches the archive while the newsctl binary writes it.
        .testTarget(name: "newsctlTests", dependencies: ["newsctl", "newsctl-site", "SyncEngine", "NewsWeb", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

if curlOnLinux {
    // Headers only, no pkgConfig (its `-lcurl` would link libcurl into every product):
    // CurlTransport loads libcurl with dlopen when the network is first needed.
    package.targets.append(
        .systemLibrary(
            name: "CCurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ))
}

if serverOn {
    // No default traits: neither swift-configuration nor full Foundation is needed, and each costs build time.
    package.dependencies.append(.package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1", traits: []))
    // Named for NIOCore's errors and addresses and for ServiceLifecycle's services and signals.
    package.dependencies.append(.package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"))
    package.dependencies.append(.package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"))
    package.products.append(.executable(name: "newsctl-serve", targets: ["newsctl-serve"]))
    package.targets += [
        // The HTTP layer over a `WebSite` (headers, ETag/304, sizes, Origin), apart from the
        // executable so that tests start it in-process.
        .target(
            name: "NewsServer",
            dependencies: [
                "NewsWeb",
                "SyncEngine",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // What `newsctl serve` hands over to: its own product, so newsctl never loads SwiftNIO.
        .executableTarget(
            name: "newsctl-serve",
            dependencies: [
                "NewsServer",
                "NewsWeb",
                "NewsFeature",
                "SyncEngine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "NewsServerTests",
            dependencies: ["NewsServer", "NewsWeb", "SyncEngine", "TestSupport", .product(name: "Logging", package: "swift-log")]),
    ]
}
