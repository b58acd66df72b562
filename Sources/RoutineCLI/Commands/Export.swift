import ArgumentParser
import Foundation
import RoutineFile

extension RoutineCommand {
    /// `routine export NAME`: a stored routine in a file format.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write a stored routine as YAML (re-importable), JSON, Graphviz DOT or Mermaid.")

        @Argument(help: ArgumentHelp("A stored routine's name.", valueName: "routine"))
        var routine: String

        @Option(help: "Output format.")
        var format: ExportFormat = .yaml

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            let loaded = try RoutineSource.load(routine, settings: settings, allowStore: true)
            let routine = loaded.routine
            switch format {
            case .yaml: Output.block(RoutineExporter.yaml(routine))
            case .json: Output.block(RoutineExporter.json(routine))
            case .dot: Output.block(RoutineExporter.dot(routine))
            case .mermaid: Output.block(RoutineExporter.mermaid(routine))
            }
        }
    }
}
