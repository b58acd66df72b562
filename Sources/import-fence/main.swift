import Foundation

// `import-fence --output STAMP --forbid MODULE... FILE...`: the tool of the ImportFence
// build plugin (Plugins/ImportFence). Each line of each file that imports a forbidden
// module is reported as `file:line:col: error: …`, and the exit status is 1; else the
// stamp (a Swift file with one comment) is written and the status is 0.

var output: String?
var forbidden: Set<String> = []
var files: [String] = []
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--output": output = arguments.next()
    case "--forbid": if let module = arguments.next() { forbidden.insert(module) }
    default: files.append(argument)
    }
}

/// The module an `import` line names (`import X`, `@testable import X`,
/// `import struct X.Y`, `@_exported import X`), or nil for any other line.
func importedModule(_ line: Substring) -> (module: String, column: Int)? {
    var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
    while let first = words.first, first.hasPrefix("@") || ["public", "package", "internal"].contains(first) {
        words = words.dropFirst()
    }
    guard words.first == "import", words.count >= 2 else { return nil }
    var name = words.dropFirst().first ?? ""
    let kinds = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]
    if kinds.contains(String(name)), words.count >= 3 { name = words.dropFirst(2).first ?? "" }
    let module = name.split(separator: ".").first.map(String.init) ?? ""
    let column = line.distance(from: line.startIndex, to: name.startIndex) + 1
    return (module, column)
}

var failures = 0
for file in files {
    guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
        FileHandle.standardError.write(Data("\(file): error: cannot be read by the import fence\n".utf8))
        failures += 1
        continue
    }
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        guard let (module, column) = importedModule(line), forbidden.contains(module) else { continue }
        let message =
            "\(file):\(index + 1):\(column): error: this target stands on RoutineApp and may not import \(module) "
            + "(docs/architecture.md, the application layer)\n"
        FileHandle.standardError.write(Data(message.utf8))
        failures += 1
    }
}
if failures > 0 { exit(1) }
if let output {
    let stamp =
        "// Written by import-fence: no file of this target imports \(forbidden.sorted().joined(separator: ", ")).\n"
    // Left alone when it already says this: SwiftPM runs the check on every build (it
    // relinks this tool each time), and a rewritten stamp would make the three front ends
    // re-emit their modules and relink everything after them (4 s of a build that
    // changed nothing).
    let current = try? String(contentsOfFile: output, encoding: .utf8)
    do {
        if current != stamp { try stamp.write(toFile: output, atomically: true, encoding: .utf8) }
    } catch {
        FileHandle.standardError.write(Data("\(output): error: \(error)\n".utf8))
        exit(1)
    }
}
