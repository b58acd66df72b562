import ArgumentParser
import Foundation
import RoutineFile

extension RoutineCommand {
    /// `routine list`: the stored routines.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the stored routines.")

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            let routines = try Session.shared.existingStore(settings)?.routines() ?? []
            if routines.isEmpty {
                Output.line("No routines yet. Import some with: routine import routines/")
                return
            }
            let style = Output.style
            let width = routines.map(\.slug.count).max() ?? 0
            for routine in routines {
                let padded = routine.slug.padding(toLength: width, withPad: " ", startingAt: 0)
                Output.line(
                    "\(style.bold(padded))  \(routine.title)  "
                        + style.dim("v\(routine.latestVersion), \(routine.nodeCount) nodes"))
            }
        }
    }

    /// `routine show NAME`: a stored routine drawn as a tree.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Draw a stored routine (or a routine file) as a tree.")

        @Argument(help: ArgumentHelp("A stored routine's name, or a routine file.", valueName: "routine-or-file"))
        var routine: String

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            let loaded = try RoutineSource.load(routine, settings: settings, allowStore: true)
            Output.block(RoutineExporter.tree(loaded.routine))
        }
    }

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

enum ExportFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case yaml, json, dot, mermaid
}
