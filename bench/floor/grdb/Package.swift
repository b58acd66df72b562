// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "floor",
    dependencies: [.package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0")],
    targets: [.executableTarget(name: "floor", dependencies: [.product(name: "GRDB", package: "GRDB.swift")])]
)
