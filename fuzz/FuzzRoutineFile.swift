// libFuzzer target for the routine-file reader and validator
// (`RoutineFileReader.read(data:path:)`). Built and run by `scripts/fuzz`.
//
// Besides "no crash, no hang, no memory error" (libFuzzer and AddressSanitizer watch
// those), every input must keep the reader's promises; a broken one aborts the process,
// which libFuzzer reports as a crash and saves the input:
// - a routine comes back exactly when there is no error;
// - every diagnostic has a 1-based line and column and formats as one line;
// - a routine that reads exports to YAML that reads back to the same routine;
// - the same bytes read as a `when:` expression (SPEC §10.3) parse and check without a
//   crash or hang, every problem at an offset inside the expression.
import Foundation
import RoutineCore
import RoutineFile

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRoutineFile(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    let result = RoutineFileReader.read(data: data, path: "fuzz.yaml")
    if result.hasErrors == (result.routine != nil) {
        fatalError(
            "routine \(result.routine == nil ? "missing without" : "returned with") errors: \(result.diagnostics)")
    }
    for diagnostic in result.diagnostics {
        guard let location = diagnostic.location, location.line >= 1, location.column >= 1 else {
            fatalError("diagnostic without a 1-based position: \(diagnostic)")
        }
        let line = diagnostic.formatted(path: "fuzz.yaml")
        if line.contains(where: \.isNewline) {
            fatalError("diagnostic spans several lines: \(line.debugDescription)")
        }
    }
    if let text = String(data: data, encoding: .utf8) {
        fuzzCondition(text)
    }
    if let routine = result.routine {
        let exported = RoutineExporter.yaml(routine)
        let again = RoutineFileReader.read(string: exported, path: "export.yaml")
        if again.routine != routine {
            fatalError("export does not read back to the same routine:\n\(exported)\n\(again.diagnostics)")
        }
    }
    return 0
}

/// The expression parser and checker on arbitrary text: total, positions in bounds.
func fuzzCondition(_ text: String) {
    let checker = ConditionChecker(node: { $0 == "q" ? .question : nil }, knowsHabit: { $0 == "Run" })
    // Offsets count Unicode scalars (SPEC §3 columns), not characters: "\r\n(" is
    // 2 characters but 3 scalars, and its "ends too early" is at offset 3.
    let length = text.unicodeScalars.count
    for problem in checker.check(text) where problem.offset < 0 || problem.offset > length {
        fatalError("condition problem outside the expression: \(problem) in \(text.debugDescription)")
    }
}
