import ArgumentParser
import Foundation
import RoutineApp

extension RoutineCommand {
    /// `routine restore FILE`: replaces the store with a backup, after checking it.
    struct Restore: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "restore",
            abstract: "Replace the store with a backup FILE (checked first; the old store is kept as .before-restore).",
            discussion: """
                FILE must be a routine store that SQLite reads whole and whose schema is no newer than this \
                version's; an older one is upgraded. The store is replaced in one step, and the store it replaces \
                is kept beside it as STORE.before-restore. Refused while another routine process has the store open.
                """)

        @Argument(help: ArgumentHelp("The backup to restore.", valueName: "path"), completion: .file())
        var file: String

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            // This process's own connection (the REPL's) would hold the store open.
            Session.current.closeStores()
            let existed = FileManager.default.fileExists(atPath: settings.storePath)
            try AppServices.restore(from: file, to: settings.storePath)
            Output.line("restored \(settings.storePath) from \(file)")
            if existed { Output.line("the previous store is kept as \(settings.storePath).before-restore") }
        }
    }
}
