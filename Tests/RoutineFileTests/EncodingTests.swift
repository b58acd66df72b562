import Foundation
import RoutineCore
import Testing

@testable import RoutineFile

@Suite struct EncodingTests {
    @Test func byteOrderMarkIsAccepted() throws {
        var data = Data([0xEF, 0xBB, 0xBF])
        data.append(contentsOf: Array("routine: r\nstart: [a]\nnodes:\n  a:\n    habit: A\n  b:\n    habit: B\n".utf8))
        let result = RoutineFileReader.read(data: data)
        #expect(positions(result) == ["6:3 unreachable-node"])
    }

    @Test func badByteAfterAByteOrderMark() {
        var data = Data([0xEF, 0xBB, 0xBF])
        data.append(contentsOf: Array("ab".utf8))
        data.append(0xFF)
        #expect(positions(RoutineFileReader.read(data: data)) == ["1:3 syntax"])
    }

    @Test func crlfLineEndingsKeepPositions() {
        let text = "routine: r\r\nstart: [a]\r\nnodes:\r\n  a:\r\n    habit: A\r\n    nxt: []\r\n"
        let result = readYAML(text)
        #expect(positions(result) == ["6:5 unknown-key"])
    }

    @Test func tabsCountAsOneColumn() {
        let result = readYAML("routine: r\nstart: [a]\nnodes:\n  a:\n    habit:\tA\n    next:\t[zz]\n")
        #expect(positions(result) == ["6:12 undefined-node"])
    }

    @Test func unknownAliasIsSyntax() {
        let result = readYAML("routine: r\nstart: *nowhere\nnodes: {}\n")
        #expect(positions(result) == ["2:8 syntax"])
    }

    @Test func controlCharacterIsSyntax() {
        let result = RoutineFileReader.read(data: Data("routine: r\ntitle: a\u{7}b\n".utf8))
        #expect(result.diagnostics.map(\.code) == [.syntax])
        #expect(result.diagnostics.first?.location?.line == 2)
    }

    @Test func utf16IsNotUTF8() {
        let data = Data([0xFF, 0xFE]) + "routine: r".data(using: .utf16LittleEndian)!
        let result = RoutineFileReader.read(data: data)
        #expect(positions(result) == ["1:1 syntax"])
    }

    @Test func overlongAndSurrogateBytesAreRejected() {
        for bad: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80]] {
            var data = Data("title: x".utf8)
            data.append(contentsOf: bad)
            let result = RoutineFileReader.read(data: data)
            #expect(result.diagnostics.map(\.code) == [.syntax], "\(bad)")
            #expect(result.diagnostics.first?.location?.line == 1)
        }
    }
}

@Suite struct NulByteTests {
    @Test func nulByteIsASyntaxErrorNotATruncation() {
        var data = Data("routine: r\nstart: [a]\nnodes:\n  a:\n    habit: A".utf8)
        data.append(0)
        data.append(contentsOf: Array("B\n".utf8))
        let result = RoutineFileReader.read(data: data)
        #expect(result.diagnostics.map(\.code) == [.syntax])
        #expect(result.diagnostics.first?.location == SourceLocation(line: 5, column: 13))
    }
}
