import Foundation
import RoutineStudio
import Testing

/// Graphviz's `dot` as an oracle: on the same graphs, the studio's layout should cross edges
/// not much more often than dot does. Crossings are counted the same way for both, on the
/// drawn lines (dot's splines sampled into polylines), between edges with four different ends.
@Suite struct LayoutCrossingOracleTests {
    @Test func crossingsAreAtMostABitMoreThanDots() throws {
        let dot = try #require(Self.dot(), "Graphviz's dot is not installed: run scripts/setup --for-tests")
        var report: [String] = []
        for seed in UInt64(200)...205 {
            let graph = LayoutFixtures.randomGraph(seed: seed, nodes: 24 + Int(seed % 4) * 8, ports: false)
            let ours = Self.crossings(graph.edges, LayeredLayout.layout(graph).edges)
            let theirs = Self.crossings(graph.edges, try Self.dotLines(graph, dot: dot))
            report.append("seed \(seed): \(ours) here, \(theirs) by dot")
            #expect(Double(ours) <= 1.5 * Double(theirs) + 4, "\(report.last ?? "")")
        }
        print("layout crossings: \(report.joined(separator: "; "))")
    }

    /// The crossing counter itself: an X crosses once, a V (shared end) and parallel lines never.
    @Test func theCounterCountsWhatCrosses() {
        let edges = [
            LayoutGraph.Edge(from: 0, to: 1), LayoutGraph.Edge(from: 2, to: 3), LayoutGraph.Edge(from: 0, to: 3),
        ]
        let lines = [
            [LayoutPoint(x: 0, y: 0), LayoutPoint(x: 10, y: 10)], [LayoutPoint(x: 10, y: 0), LayoutPoint(x: 0, y: 10)],
            [LayoutPoint(x: 0, y: 0), LayoutPoint(x: 0, y: 10)],
        ]
        #expect(Self.crossings(edges, lines) == 1)
    }

    static func dot() -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = "\(folder)/dot"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// The graph laid out by `dot -Tplain`: each edge's spline, sampled.
    static func dotLines(_ graph: LayoutGraph, dot: String) throws -> [[LayoutPoint]] {
        var source = "digraph G {\n  node [shape=box, fixedsize=true];\n"
        for (index, node) in graph.nodes.enumerated() {
            source += "  n\(index) [width=\(node.width / 72), height=\(node.height / 72)];\n"
        }
        for edge in graph.edges { source += "  n\(edge.from) -> n\(edge.to);\n" }
        source += "}\n"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: dot)
        process.arguments = ["-Tplain"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(source.utf8))
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        // "edge TAIL HEAD N x1 y1 … xN yN style color", in input order.
        var lines: [[LayoutPoint]] = []
        for line in text.split(separator: "\n") where line.hasPrefix("edge ") {
            let words = line.split(separator: " ")
            let count = Int(words[3]) ?? 0
            let numbers = words[4..<(4 + 2 * count)].compactMap { Double($0) }
            let controls = stride(from: 0, to: numbers.count - 1, by: 2).map {
                LayoutPoint(x: numbers[$0], y: numbers[$0 + 1])
            }
            lines.append(sampled(controls))
        }
        #expect(lines.count == graph.edges.count)
        return lines
    }

    /// A chain of cubic Bézier pieces as a polyline of 10 steps per piece.
    static func sampled(_ controls: [LayoutPoint]) -> [LayoutPoint] {
        guard let first = controls.first else { return [] }
        var points = [first]
        for start in stride(from: 0, to: controls.count - 3, by: 3) {
            let (p0, p1, p2, p3) = (controls[start], controls[start + 1], controls[start + 2], controls[start + 3])
            for step in 1...10 {
                let t = Double(step) / 10
                let u = 1 - t
                let a = u * u * u
                let b = 3 * u * u * t
                let c = 3 * u * t * t
                let d = t * t * t
                points.append(
                    LayoutPoint(
                        x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y))
            }
        }
        return points
    }

    /// Proper crossings between the polylines of edges that share no node.
    static func crossings(_ edges: [LayoutGraph.Edge], _ lines: [[LayoutPoint]]) -> Int {
        var count = 0
        for a in edges.indices {
            for b in edges.indices where b > a {
                let ends = Set([edges[a].from, edges[a].to, edges[b].from, edges[b].to])
                guard ends.count == 4 else { continue }
                for (p, q) in zip(lines[a], lines[a].dropFirst()) {
                    for (r, s) in zip(lines[b], lines[b].dropFirst()) where cross(p, q, r, s) { count += 1 }
                }
            }
        }
        return count
    }

    private static func cross(_ p: LayoutPoint, _ q: LayoutPoint, _ r: LayoutPoint, _ s: LayoutPoint) -> Bool {
        func turn(_ a: LayoutPoint, _ b: LayoutPoint, _ c: LayoutPoint) -> Double {
            (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
        }
        let d1 = turn(r, s, p)
        let d2 = turn(r, s, q)
        let d3 = turn(p, q, r)
        let d4 = turn(p, q, s)
        return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
    }
}
