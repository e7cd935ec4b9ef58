// swift-tools-version:6.0
// An app that embeds SyncEngine, as the README and the Getting-started article show. It depends
// on the repository by path; an app elsewhere names the repository's URL instead.
import PackageDescription

let package = Package(
    name: "TodayInTerminal",
    dependencies: [
        .package(name: "ZhihuDailyOffline", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "TodayInTerminal",
            dependencies: [.product(name: "SyncEngine", package: "ZhihuDailyOffline")]
        )
    ],
    swiftLanguageModes: [.v6]
)
