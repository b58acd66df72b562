import Foundation
import PackagePlugin

/// The fence between the front ends and the store (docs/architecture.md): a target this
/// plugin is applied to fails to build when one of its files imports RoutineStore or
/// GRDB. SwiftPM lets a target import any module it reaches through its dependencies
/// (RoutineCLI reaches RoutineStore through RoutineApp), and its
/// `--explicit-target-dependency-import-check` accepts such an import too, so the
/// check is made here, on every `swift build`, by `import-fence`.
@main
struct ImportFence: BuildToolPlugin {
    /// The modules below the application layer.
    static let forbidden = ["RoutineStore", "GRDB", "GRDBSQLite"]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = target.sourceFiles(withSuffix: "swift").map(\.url)
        // A Swift file the target compiles, so the check runs whenever a source changes.
        let stamp = context.pluginWorkDirectoryURL.appending(path: "ImportFence.swift")
        return [
            .buildCommand(
                displayName: "Checking that \(target.name) imports no module below RoutineApp",
                executable: try context.tool(named: "import-fence").url,
                arguments: ["--output", stamp.path] + Self.forbidden.flatMap { ["--forbid", $0] } + files.map(\.path),
                inputFiles: files, outputFiles: [stamp])
        ]
    }
}
