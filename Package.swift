// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ZhihuDailyOffline",
    products: [
        .library(name: "SyncEngine", targets: ["SyncEngine"]),
        .library(name: "NewsFeature", targets: ["NewsFeature"]),
        .executable(name: "newsctl", targets: ["newsctl"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        // Tests only: the in-process loopback HTTP server.
        .package(url: "https://github.com/swhitty/FlyingFox", exact: "0.27.1"),
        // Documentation only: `swift package generate-documentation` (scripts/docs).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // Headers only, no pkgConfig (its `-lcurl` would link libcurl into every product):
        // CurlTransport loads libcurl with dlopen when the network is first needed.
        .systemLibrary(
            name: "CCurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .target(
            name: "SyncEngine",
            dependencies: [
                "CSQLite",
                "CCurl",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(name: "NewsFeature", dependencies: ["SyncEngine"]),
        .executableTarget(
            name: "newsctl",
            dependencies: [
                "SyncEngine",
                "NewsFeature",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Benchmarks (bench/run), apart from the tests.
        .executableTarget(name: "newsbench", dependencies: ["SyncEngine"], path: "bench/newsbench"),
        .target(
            name: "TestSupport",
            // SyncEngine for `Locked`, the package's ThreadSanitizer-friendly lock.
            dependencies: ["SyncEngine", .product(name: "FlyingFox", package: "FlyingFox")],
            path: "Tests/Support"
        ),
        .testTarget(name: "SyncEngineTests", dependencies: ["SyncEngine", "TestSupport"]),
        .testTarget(name: "NewsFeatureTests", dependencies: ["NewsFeature", "TestSupport"]),
        // SyncEngine too: a test watches the archive while the newsctl binary writes it.
        .testTarget(name: "newsctlTests", dependencies: ["newsctl", "SyncEngine", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
