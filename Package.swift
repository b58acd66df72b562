// swift-tools-version:6.0
import PackageDescription

// Linux only (Debian 12 is what CI and the developers run): the store's run locks,
// file creation and the line editor call Glibc directly (flock, open, pread, ioctl),
// and libedit comes through pkg-config. No platform is declared for macOS because
// nothing builds or tests it there; porting means a Darwin branch beside each Glibc
// import and a CI machine to prove it (docs/architecture.md).
let package = Package(
    name: "routine",
    products: [
        .executable(name: "routine", targets: ["routine"])
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Loop Habit Tracker's CSV export is a zip (SPEC §18.2): read, never written.
        .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
    ],
    targets: [
        // The core: graph, validation, visit order, walker, metrics, time. Foundation only.
        .target(name: "RoutineCore"),
        // libyaml as Yams 6.2.2 bundles it, with fast paths in its reader and plain-scalar scanner
        // (Sources/CYaml/README.md).
        .target(name: "CYaml", exclude: ["License", "README.md"], cSettings: [.define("YAML_DECLARE_STATIC")]),
        // YAML <-> Routine with line/column marks, export formats.
        .target(name: "RoutineFile", dependencies: ["RoutineCore", "CYaml"]),
        // Replacing a file so that a crash leaves the old content or the new (temporary file,
        // fsync, rename, the folder synced): the store's backup, the sync key file and the
        // studio's documents. Glibc only.
        .target(name: "DurableFile"),
        // SQLite via GRDB: migrations, records, the single write path.
        .target(
            name: "RoutineStore",
            dependencies: [
                "RoutineCore", "DurableFile", .product(name: "GRDB", package: "GRDB.swift"),
                // The bulk CSV loader binds rows through SQLite's C API directly.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // The application layer: runs end to end, the day planner, the services commands call.
        .target(name: "RoutineApp", dependencies: ["RoutineCore", "RoutineStore", "RoutineImport", "RoutineSync"]),
        // `routine import-from` (SPEC §18.2): one file per tool, each reading its files into
        // an `ImportPlan` (Loop's database read-only through GRDB, its CSV zip through ZIPFoundation).
        .target(
            name: "RoutineImport",
            dependencies: [
                "RoutineCore", "RoutineFile", .product(name: "GRDB", package: "GRDB.swift"),
                // Loop's repetitions are read through SQLite's C API.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        // `routine test`: test files read, cases walked in memory, routines explored (SPEC §15.1).
        .target(name: "RoutineTesting", dependencies: ["RoutineCore", "RoutineFile"]),
        // The language server (`routine lsp`): JSON-RPC framing, protocol types, features.
        .target(
            name: "RoutineLSP", dependencies: ["RoutineCore", "RoutineFile", "RoutineTesting"],
            plugins: ["ImportFence"]),
        // Sync through PostgreSQL (SPEC §16): the client (libpq, loaded with dlopen when a
        // sync runs, so commands that don't sync load nothing more), the encryption (its own
        // scrypt and ChaCha20-Poly1305 in Crypto/Primitives, not swift-crypto: BoringSSL took
        // 80 s of every clean build for two functions; docs/sync-encryption.md), and the
        // push/pull engine over the store's change log.
        .target(name: "RoutineSync", dependencies: ["RoutineCore", "RoutineStore", "RoutineFile", "DurableFile"]),
        // libedit, wrapped for Swift (variadic functions and stdio globals behind a shim).
        .systemLibrary(
            name: "CLibEdit",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        // The only Swift module that calls libedit.
        .target(name: "LineEditor", dependencies: ["CLibEdit"]),
        // Standard output through C's `stdout`, with its write errors kept (print() and
        // FileHandle drop them): a full disk or a closed file is reported, not exit 0.
        .target(name: "CStandardOutput"),
        // The commands, shared by the CLI and the REPL.
        .target(
            name: "RoutineCLI",
            dependencies: [
                "RoutineCore", "RoutineFile", "RoutineApp", "LineEditor", "RoutineTesting",
                "RoutineLSP", "RoutineSync", "RoutineStudio", "CStandardOutput",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            plugins: ["ImportFence"]
        ),
        // `routine studio` (SPEC §19): the visual routine builder and history pages, served
        // to a local browser by a small HTTP/1.1 server of its own (docs/studio.md says why
        // not Hummingbird), over the application layer.
        .target(
            name: "RoutineStudio",
            dependencies: ["RoutineCore", "RoutineFile", "RoutineApp", "DurableFile"],
            plugins: ["ImportFence"]
        ),
        .executableTarget(name: "routine", dependencies: ["RoutineCLI"]),
        // The front ends (RoutineCLI, RoutineStudio, RoutineLSP) stand on RoutineApp: the
        // build fails when one of their files imports RoutineStore or GRDB (SwiftPM would
        // let them, through RoutineApp's dependencies). docs/architecture.md.
        .plugin(name: "ImportFence", capability: .buildTool(), dependencies: ["import-fence"]),
        .executableTarget(name: "import-fence"),
        // A tiny echo shell over LineEditor, driven through a pseudo-terminal by LineEditorTests.
        .executableTarget(name: "line-editor-check", dependencies: ["LineEditor"]),

        .testTarget(name: "RoutineCoreTests", dependencies: ["RoutineCore", "TestSupport"]),
        .testTarget(
            name: "RoutineFileTests",
            dependencies: ["RoutineFile", "RoutineCore", "CYaml", "TestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "RoutineStoreTests", dependencies: ["RoutineStore", "RoutineCore", "DurableFile", "TestSupport"]),
        .testTarget(
            name: "RoutineTestingTests", dependencies: ["RoutineTesting", "RoutineCore", "RoutineFile", "TestSupport"]),
        .testTarget(
            name: "RoutineLSPTests", dependencies: ["RoutineLSP", "RoutineCore", "EndToEndSupport", "TestSupport"]),
        // Sync against a real PostgreSQL 15: a private cluster per run on a unix socket.
        .testTarget(
            name: "RoutineSyncTests",
            dependencies: [
                "RoutineSync", "RoutineStore", "RoutineCore", "RoutineFile", "TestSupport", "EndToEndSupport",
            ]
        ),
        // The studio in process: the layout, the HTTP server and its guard, routes, pictures.
        .testTarget(
            name: "RoutineStudioTests",
            dependencies: [
                "RoutineStudio", "RoutineCore", "RoutineFile", "RoutineApp", "RoutineStore", "TestSupport",
                "EndToEndSupport",
            ]
        ),
        .testTarget(name: "LineEditorTests", dependencies: ["LineEditor", "TestSupport"]),
        // The application layer against a real SQLite file: the day planner, the coordinator
        // (and, through RoutineCLI, the JSON and text the CLI draws from their values).
        .testTarget(
            name: "RoutineAppTests",
            dependencies: [
                "RoutineApp", "RoutineCore", "RoutineFile", "RoutineStore", "TestSupport", "EndToEndSupport",
                "RoutineImport", "RoutineCLI", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        .testTarget(
            name: "RoutineCLITests",
            dependencies: [
                "RoutineCLI", "RoutineCore", "RoutineFile", "RoutineStore", "RoutineApp", "TestSupport",
                "EndToEndSupport",
            ],
            exclude: ["Golden", "SchemaCorpus"]
        ),
        // The slow layer, run apart by scripts/test. Sizes far beyond a life: 100,000-node
        // graphs, a 100,000-node file read and checked, 365,000-row imports.
        .testTarget(
            name: "ScaleTests",
            dependencies: ["RoutineCore", "RoutineFile", "RoutineStore", "RoutineApp", "TestSupport"]
        ),
        // Kill -9 mid-run, the fuzzer, mutants,
        // store faults, processes racing on one store (about 90 s of work).
        .testTarget(
            name: "ReliabilityTests",
            dependencies: ["RoutineCore", "RoutineFile", "TestSupport", "EndToEndSupport"]
        ),
        // Slow tests, run on their own by scripts/test: install from a clean clone (a release build).
        .testTarget(name: "SlowTests", dependencies: ["RoutineCLI", "EndToEndSupport"]),
        // What several test targets share: the pseudo-terminal harness, a seeded generator,
        // routines built and changed in tests (checked as any routine is).
        .target(name: "TestSupport", dependencies: ["RoutineCore"], path: "Tests/TestSupport"),
        // Running the built binary as a person would, for the end-to-end and reliability tests.
        .target(name: "EndToEndSupport", dependencies: ["TestSupport"], path: "Tests/EndToEndSupport"),
    ]
)
