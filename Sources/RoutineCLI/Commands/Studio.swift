import ArgumentParser
import Foundation
import RoutineFile
import RoutineStudio

extension RoutineCommand {
    /// `routine studio [FILE...] [--port N] [--no-open]` (SPEC §19): the canvas and the
    /// history pages in the browser, until Ctrl-C.
    struct Studio: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "studio",
            abstract: "Edit routine files on a canvas, try them, and see your history as pictures, in your browser.",
            discussion: """
                Serves http://127.0.0.1:PORT/ to this machine only, with a token in the address; \
                prints the address and opens the browser (xdg-open) unless --no-open. A file \
                that does not exist yet is created as a new routine named after it. With no \
                file: the routine files of ./routines, else of the current folder. Ctrl-C stops it.
                """)

        @Argument(
            help: ArgumentHelp("Routine files to edit (a new name creates one).", valueName: "file"),
            completion: .routineFiles)
        var paths: [String] = []

        @Option(help: "The port to listen on (0: any free port).")
        var port: Int = 0

        @Flag(help: "Print the address; do not open a browser.")
        var noOpen = false

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if !(0...65535).contains(port) { throw ValidationError("--port takes 0 to 65535") }
        }

        func run() throws {
            let settings = try Settings(options: global)
            let files = try Self.files(paths)
            let services = StudioApp.Services(
                store: { try Session.current.existingStore(settings) },
                importRoutine: { path in
                    let store = try Session.current.store(settings)
                    let loaded = try RoutineSource.file(path, store: store)
                    let result = try RoutineSource.importFile(
                        loaded, into: store, force: false)
                    return RoutineCommand.Import.describe(result)
                },
                time: settings.time, weekStart: settings.weekStart)
            do {
                try StudioLaunch.run(
                    paths: files, services: services, port: port, openBrowser: !noOpen,
                    say: {
                        Output.line($0)
                        Output.flush()
                    })
            } catch {
                // A file that cannot be opened or made, a port in use: one line, exit 1.
                throw CLIError(String(describing: error))
            }
        }

        /// The files named (folders: their routine files), else those of ./routines or of
        /// the current folder; test files are `routine test`'s, not the canvas's.
        static func files(_ paths: [String]) throws -> [String] {
            var named: [String] = []
            if paths.isEmpty {
                let folder = CheckRun.isDirectory("routines") ? "routines" : "."
                named = CheckRun.expand([folder])
            } else {
                for path in paths {
                    if FileManager.default.fileExists(atPath: path) {
                        named += CheckRun.expand([path])
                    } else {
                        named.append(path)
                    }
                }
            }
            let files = named.filter { !CheckRun.isTestFile(($0 as NSString).lastPathComponent) }
            guard !files.isEmpty else {
                throw CLIError("no routine files here; name one to create it: routine studio morning.yaml")
            }
            return files
        }
    }
}
