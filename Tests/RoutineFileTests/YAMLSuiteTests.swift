import Foundation
import RoutineCore
import Testing

@testable import RoutineFile

/// Every input of the YAML test suite (Fixtures/yaml-test-suite, MIT licence, see its
/// LICENSE): inputs marked `.error` must give a `syntax` diagnostic, the others none.
@Suite struct YAMLSuiteTests {
    /// Where libyaml 0.2.5 (bundled in Yams) does not conform to the suite. These are
    /// known libyaml deviations, not ours; the reader stays total on them (it returns
    /// diagnostics, never crashes), which the test still checks.
    static let libyamlAcceptsInvalid: [String: String] = [
        "9C9N": "flow sequence continuation lines not indented past the parent key",
        "9HCY": "a directive after document content without a '...' end marker",
        "9JBA": "a comment with no white space before '#', after a flow indicator",
        "CVW2": "a comment with no white space before '#', after a flow indicator",
        "DK95-01": "a tab in the indentation of a multi-line quoted scalar",
        "EB22": "a directive after an implicit document without a '...' end marker",
        "G5U8": "'-' read as a plain scalar inside a flow sequence",
        "MUS6-00": "a comment with no white space before '#', after a directive",
        "MUS6-01": "two %YAML directives for one document",
        "QB6E": "continuation lines of a quoted scalar not indented",
        "RHX7": "a directive after document content without a '...' end marker",
        "S98Z": "a block scalar whose leading empty lines are more indented than its content",
        "SU5Z": "a comment with no white space before '#', after a quoted scalar",
        "X4QW": "a comment with no white space before '#', after a block scalar indicator",
        "Y79Y-003": "a tab as indentation inside a flow sequence",
        "YJV2": "'-' read as a plain scalar inside a flow sequence",
    ]
    static let libyamlRejectsValid: [String: String] = [
        "2JQS": "empty implicit keys (': value') are not supported",
        "2LFX": "reserved (unknown) directives are refused, not ignored",
        "2SXE": "an anchor ending in ':' on an implicit key",
        "4ABK": "flow mapping keys with ':' on a later line, or empty values/keys",
        "4MUZ-00": "flow mapping keys with ':' on a later line, or empty values/keys",
        "4MUZ-01": "flow mapping keys with ':' on a later line, or empty values/keys",
        "4MUZ-02": "flow mapping keys with ':' on a later line, or empty values/keys",
        "58MP": "':' next to a plain scalar, or empty keys, inside flow collections",
        "5MUD": "flow mapping keys with ':' on a later line, or empty values/keys",
        "5T43": "':' next to a plain scalar, or empty keys, inside flow collections",
        "6BCT": "a tab used as separating white space",
        "6CA3": "a tab used as separating white space",
        "6LVF": "reserved (unknown) directives are refused, not ignored",
        "6M2F": "empty implicit keys (': value') are not supported",
        "7Z25": "a bare document after '...' or a comment needs '---' for libyaml",
        "8XYN": "anchor names with characters beyond ASCII letters and digits",
        "96NN-00": "a tab after the indentation of a block scalar",
        "96NN-01": "a tab after the indentation of a block scalar",
        "9SA2": "flow mapping keys with ':' on a later line, or empty values/keys",
        "A2M4": "a tab used as separating white space",
        "BEC7": "%YAML 1.3 is refused instead of read with a warning",
        "CFD4": "':' next to a plain scalar, or empty keys, inside flow collections",
        "DBG4": "':' next to a plain scalar, or empty keys, inside flow collections",
        "DK3J": "a bare document after '...' or a comment needs '---' for libyaml",
        "DK95-00": "a tab used as separating white space",
        "DK95-03": "a tab used as separating white space",
        "DK95-04": "a tab used as separating white space",
        "FP8R": "a bare document after '...' or a comment needs '---' for libyaml",
        "FRK4": "flow mapping keys with ':' on a later line, or empty values/keys",
        "HM87-00": "':' next to a plain scalar, or empty keys, inside flow collections",
        "HWV9": "a stream of only '...' (and comments) is refused",
        "K3WX": "flow mapping keys with ':' on a later line, or empty values/keys",
        "M2N8-00": "empty implicit keys (': value') are not supported",
        "M7A3": "a bare document after '...' or a comment needs '---' for libyaml",
        "MUS6-05": "reserved (unknown) directives are refused, not ignored",
        "MUS6-06": "reserved (unknown) directives are refused, not ignored",
        "NHX8": "empty implicit keys (': value') are not supported",
        "NJ66": "flow mapping keys with ':' on a later line, or empty values/keys",
        "NKF9": "empty implicit keys (': value') are not supported",
        "Q5MG": "a tab used as separating white space",
        "QT73": "a stream of only '...' (and comments) is refused",
        "R4YG": "a tab after the indentation of a block scalar",
        "S3PD": "empty implicit keys (': value') are not supported",
        "SM9W-01": "empty implicit keys (': value') are not supported",
        "UKK6-00": "empty implicit keys (': value') are not supported",
        "UT92": "flow mapping keys with ':' on a later line, or empty values/keys",
        "VJP3-01": "flow mapping keys with ':' on a later line, or empty values/keys",
        "W4TN": "reserved (unknown) directives are refused, not ignored",
        "W5VH": "anchor names with characters beyond ASCII letters and digits",
        "Y79Y-001": "a tab after the indentation of a block scalar",
        "Y79Y-010": "a tab used as separating white space",
    ]

    private static func cases() throws -> [(id: String, data: Data, isError: Bool)] {
        let folder = try #require(fixturesURL()).appendingPathComponent("yaml-test-suite")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let nameSet = Set(names)
        return try names.filter { $0.hasSuffix(".yaml") }.sorted().map { name in
            let id = String(name.dropLast(5))
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            return (id, data, nameSet.contains(id + ".error"))
        }
    }

    @Test func corpusIsPresent() throws {
        let all = try Self.cases()
        #expect(all.count >= 400)
        #expect(all.contains { $0.isError })
    }

    @Test func everyInputGetsTheRightSyntaxVerdict() throws {
        var wrong: [String] = []
        for item in try Self.cases() {
            let result = RoutineFileReader.read(data: item.data, path: item.id)
            // Every input is either an error or not a routine at all: never silent.
            #expect(!result.diagnostics.isEmpty, "\(item.id) gave no diagnostics")
            let hasSyntax = result.diagnostics.contains { $0.code == .syntax }
            if item.isError && !hasSyntax && Self.libyamlAcceptsInvalid[item.id] == nil {
                wrong.append("\(item.id): invalid YAML accepted")
            }
            if !item.isError && hasSyntax && Self.libyamlRejectsValid[item.id] == nil {
                let first = result.diagnostics.first { $0.code == .syntax }
                wrong.append("\(item.id): valid YAML rejected: \(first?.message ?? "")")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
    }

    @Test func exceptionsAreStillExceptions() throws {
        // An exception that libyaml starts to handle correctly should leave the list.
        for item in try Self.cases() {
            let hasSyntax = RoutineFileReader.read(data: item.data).diagnostics.contains { $0.code == .syntax }
            if Self.libyamlAcceptsInvalid[item.id] != nil { #expect(!hasSyntax, "\(item.id)") }
            if Self.libyamlRejectsValid[item.id] != nil { #expect(hasSyntax, "\(item.id)") }
        }
    }
}
