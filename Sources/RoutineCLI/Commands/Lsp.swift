import ArgumentParser
import Foundation
import RoutineLSP

extension RoutineCommand {
    /// `routine lsp`: the language server for editors (docs/authoring.md). Speaks the
    /// Language Server Protocol on standard input and output; never touches a store.
    struct Lsp: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lsp",
            abstract: "Run the language server for routine files (LSP over standard input and output).",
            discussion: "Editors start it; see docs/authoring.md for Neovim, Helix, Emacs and VS Code.")

        @OptionGroup var global: GlobalOptions

        func run() throws {
            Output.flush()
            let status = LanguageServer().run()
            throw ExitCode(status)
        }
    }
}
