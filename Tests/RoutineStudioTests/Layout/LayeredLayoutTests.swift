import RoutineStudio
import Testing

@Suite struct LayeredLayoutTests {
    private typealias Node = LayoutGraph.Node
    private typealias Edge = LayoutGraph.Edge

    @Test func anEmptyGraphHasAnEmptyLayout() {
        let result = LayeredLayout.layout(LayoutGraph(nodes: [], edges: []))
        #expect(result == LayoutResult(nodes: [], edges: [], ranks: [], width: 0, height: 0))
    }

    @Test func boxesNeverOverlapOnRandomGraphs() {
        for seed in UInt64(1)...16 {
            let graph = LayoutFixtures.randomGraph(seed: seed, nodes: 5 + Int(seed) * 3)
            let result = LayeredLayout.layout(graph)
            #expect(result.nodes.count == graph.nodes.count)
            #expect(LayoutFixtures.overlaps(result.nodes).isEmpty, "seed \(seed)")
            #expect(LayoutFixtures.allFinite(result))
            for (node, rect) in result.nodes.enumerated() {
                #expect(rect.width == graph.nodes[node].width && rect.height == graph.nodes[node].height)
                #expect(rect.maxX <= result.width && rect.maxY <= result.height)
            }
        }
    }

    @Test func theSameGraphGivesTheSameLayout() {
        for seed in UInt64(40)...43 {
            let graph = LayoutFixtures.randomGraph(seed: seed, nodes: 40, cycles: seed % 2 == 0)
            #expect(LayeredLayout.layout(graph) == LayeredLayout.layout(graph))
        }
    }

    @Test func ranksGoDownEveryEdgeAndNoNodeCouldShortenItsEdgesByMoving() {
        for seed in UInt64(1)...10 {
            let graph = LayoutFixtures.randomGraph(seed: seed, nodes: 50)
            let ranks = LayeredLayout.layout(graph).ranks
            for edge in graph.edges { #expect(ranks[edge.to] > ranks[edge.from]) }
            for node in graph.nodes.indices {
                let parents = graph.edges.filter { $0.to == node }.map { ranks[$0.from] }
                let children = graph.edges.filter { $0.from == node }.map { ranks[$0.to] }
                // A node with a parent sits just under one (a longest path from the start) unless
                // it has more children than parents; one with more children sits just over one.
                if let highest = parents.max(), children.count <= parents.count {
                    #expect(ranks[node] == highest + 1, "seed \(seed) node \(node)")
                }
                if let lowest = children.min(), children.count > parents.count {
                    #expect(ranks[node] == lowest - 1, "seed \(seed) node \(node)")
                }
            }
        }
    }

    @Test func aSecondStartSitsJustAboveWhereItJoins() {
        // 0 → 1 → 2 → 3, and 4 → 3: longest paths alone would put 4 at the top.
        let graph = LayoutGraph(
            nodes: Array(repeating: Node(width: 80, height: 30), count: 5),
            edges: [Edge(from: 0, to: 1), Edge(from: 1, to: 2), Edge(from: 2, to: 3), Edge(from: 4, to: 3)])
        #expect(LayeredLayout.layout(graph).ranks == [0, 1, 2, 3, 2])
    }

    @Test func appendingANodeNothingPointsToMovesNoOtherNode() {
        for seed in UInt64(60)...67 {
            var graph = LayoutFixtures.randomGraph(seed: seed, nodes: 10 + Int(seed % 7) * 6, cycles: seed % 3 == 0)
            if seed % 2 == 0 { graph.pinned = [2: LayoutPoint(x: 150, y: 120)] }
            let before = LayeredLayout.layout(graph)
            // Wider and taller than anything: it still must not push a rank down or aside.
            graph.nodes.append(Node(width: 400, height: 300, ports: 2))
            let after = LayeredLayout.layout(graph)
            #expect(Array(after.nodes.dropLast()) == before.nodes, "seed \(seed)")
            #expect(after.edges == before.edges)
            #expect(LayoutFixtures.overlaps(after.nodes).isEmpty, "seed \(seed)")
            // At the top, right of everything beside it.
            let added = after.nodes[after.nodes.count - 1]
            #expect(added.y == 0 && before.nodes.filter { $0.y < added.maxY }.allSatisfy { $0.maxX < added.x })
            // A second one goes beside the first.
            graph.nodes.append(Node(width: 100, height: 40, ports: 0))
            let again = LayeredLayout.layout(graph)
            #expect(Array(again.nodes.dropLast()) == after.nodes)
            #expect(LayoutFixtures.overlaps(Array(again.nodes.suffix(2))).isEmpty)
        }
    }

    @Test func aNodeReachedFromSeveralParentsIsOneBoxTheirEdgesMeetingAtItsTop() {
        // a → b, a → c, b → d, c → d, and b → d written twice.
        let graph = LayoutGraph(
            nodes: Array(repeating: Node(width: 100, height: 40, ports: 0), count: 4),
            edges: [
                Edge(from: 0, to: 1), Edge(from: 0, to: 2), Edge(from: 1, to: 3), Edge(from: 2, to: 3),
                Edge(from: 1, to: 3),
            ])
        let result = LayeredLayout.layout(graph)
        #expect(result.ranks == [0, 1, 1, 2])
        #expect(result.edges[2] == result.edges[4])
        #expect(result.edges[2].last == result.edges[3].last)
        let top = result.nodes[3]
        #expect(result.edges[2].last == LayoutPoint(x: top.x + top.width / 2, y: top.y))
    }

    @Test func aDuplicateLongEdgeSharesItsPolylineAndDifferentPortsDoNot() {
        let graph = LayoutGraph(
            nodes: [
                Node(width: 120, height: 40, ports: 2), Node(width: 80, height: 30, ports: 0),
                Node(width: 80, height: 30, ports: 0),
            ],
            edges: [
                Edge(from: 0, port: 0, to: 1), Edge(from: 1, to: 2), Edge(from: 0, port: 1, to: 2),
                Edge(from: 0, port: 1, to: 2), Edge(from: 0, port: 0, to: 2),
            ])
        let result = LayeredLayout.layout(graph)
        #expect(result.edges[2] == result.edges[3])
        #expect(result.edges[2].count > 2)  // it bends through rank 1
        #expect(result.edges[4] != result.edges[2])
        #expect(result.edges[4].first != result.edges[2].first)
    }

    @Test func optionsKeepTheirOrderLeftToRight() {
        // A question with three options, each to its own child, written in reverse.
        let graph = LayoutGraph(
            nodes: [Node(width: 240, height: 50, ports: 3)] + Array(repeating: Node(width: 70, height: 30), count: 3),
            edges: [Edge(from: 0, port: 2, to: 1), Edge(from: 0, port: 1, to: 2), Edge(from: 0, port: 0, to: 3)])
        let result = LayeredLayout.layout(graph)
        #expect(result.nodes[3].x < result.nodes[2].x && result.nodes[2].x < result.nodes[1].x)
    }

    @Test func anOptionsChildSitsStraightUnderItsPort() {
        let graph = LayoutGraph(
            nodes: [Node(width: 240, height: 50, ports: 2), Node(width: 70, height: 30), Node(width: 90, height: 30)],
            edges: [Edge(from: 0, port: 0, to: 1), Edge(from: 0, port: 1, to: 2)])
        let result = LayeredLayout.layout(graph)
        for (child, port) in [(1, 0), (2, 1)] {
            let line = result.edges[port]
            #expect(abs(line[0].x - line[line.count - 1].x) < 1e-6, "option \(port) to node \(child)")
        }
    }

    @Test func eachPolylineLeavesItsPortAndEndsOnTheTargetsTop() {
        for seed in UInt64(80)...85 {
            let graph = LayoutFixtures.randomGraph(seed: seed, nodes: 40, cycles: seed % 2 == 0)
            let result = LayeredLayout.layout(graph)
            for (index, edge) in graph.edges.enumerated() {
                let line = result.edges[index]
                let source = result.nodes[edge.from]
                let target = result.nodes[edge.to]
                let ports = graph.nodes[edge.from].ports
                let fraction = edge.port.map { (Double($0) + 0.5) / Double(ports) } ?? 0.5
                #expect(line.first == LayoutPoint(x: source.x + fraction * source.width, y: source.maxY))
                #expect(line.last == LayoutPoint(x: target.x + target.width / 2, y: target.y))
                // Downwards all the way, unless it was turned round to break a cycle.
                if result.ranks[edge.to] > result.ranks[edge.from] {
                    #expect(zip(line, line.dropFirst()).allSatisfy { $0.y <= $1.y }, "seed \(seed) edge \(index)")
                }
            }
        }
    }

    @Test func noEdgeRunsThroughABoxOnItsWay() {
        for seed in UInt64(150)...157 {
            let graph = LayoutFixtures.randomGraph(seed: seed, nodes: 30, cycles: seed % 2 == 0)
            let result = LayeredLayout.layout(graph)
            for (index, edge) in graph.edges.enumerated() {
                let line = result.edges[index]
                for (node, box) in result.nodes.enumerated() where node != edge.from && node != edge.to {
                    let through = zip(line, line.dropFirst()).contains { LayoutFixtures.passesThrough($0, $1, box) }
                    #expect(!through, "seed \(seed): edge \(index) runs through node \(node)")
                }
            }
        }
    }

    @Test func pinnedNodesStayExactlyWhereTheyWerePutAndTheOthersAvoidThem() {
        for seed in UInt64(100)...107 {
            var graph = LayoutFixtures.randomGraph(seed: seed, nodes: 30)
            let free = LayeredLayout.layout(graph)
            // Pin three nodes on top of where others were drawn, and one far away.
            let pins: [Int: LayoutPoint] = [
                3: LayoutPoint(x: free.nodes[10].x + 5, y: free.nodes[10].y + 3),
                12: LayoutPoint(x: free.nodes[20].x - 7, y: free.nodes[20].y + 10),
                20: LayoutPoint(x: free.nodes[25].x + 30, y: free.nodes[25].y),
                7: LayoutPoint(x: -300, y: 2_000),
            ]
            graph.pinned = pins
            let result = LayeredLayout.layout(graph)
            for (node, pin) in pins {
                #expect(result.nodes[node].x == pin.x && result.nodes[node].y == pin.y)
            }
            let overlaps = LayoutFixtures.overlaps(result.nodes) { pins[$0] != nil && pins[$1] != nil }
            #expect(overlaps.isEmpty, "seed \(seed): \(overlaps)")
        }
    }

    @Test func cyclesSelfLoopsAndBadInputDoNotCrash() {
        for seed in UInt64(120)...129 {
            var graph = LayoutFixtures.randomGraph(seed: seed, nodes: 25, cycles: true)
            graph.edges += [Edge(from: 3, to: 3), Edge(from: 4, port: 9, to: 4), Edge(from: 5, port: -1, to: 6)]
            graph.edges += [Edge(from: 2, to: 99), Edge(from: -1, to: 2)]
            let result = LayeredLayout.layout(graph)
            #expect(LayoutFixtures.overlaps(result.nodes).isEmpty, "seed \(seed)")
            #expect(result.edges.count == graph.edges.count)
            #expect(result.edges[result.edges.count - 1].isEmpty && result.edges[result.edges.count - 2].isEmpty)
            let loop = result.edges[graph.edges.count - 5]
            let box = result.nodes[3]
            #expect(loop.first?.y == box.maxY && loop.last == LayoutPoint(x: box.x + box.width / 2, y: box.y))
            #expect(loop.contains { $0.x > box.maxX })
        }
        let odd = LayoutGraph(
            nodes: [
                Node(width: .nan, height: -4, ports: -2), Node(width: .infinity, height: 10, ports: 1),
                Node(width: 0, height: 0, ports: 0),
            ],
            edges: [Edge(from: 0, to: 1), Edge(from: 1, port: 0, to: 0), Edge(from: 2, to: 2)],
            pinned: [2: LayoutPoint(x: .nan, y: 3)])
        #expect(LayoutFixtures.allFinite(LayeredLayout.layout(odd)))
    }

    @Test func aLongCycleIsBrokenOnceAndLaidOutAsAColumn() {
        let count = 200
        let graph = LayoutGraph(
            nodes: Array(repeating: Node(width: 90, height: 30), count: count),
            edges: (0..<count).map { Edge(from: $0, to: ($0 + 1) % count) })
        let result = LayeredLayout.layout(graph)
        #expect(result.ranks == Array(0..<count))
        // The middle is one straight column; the turned-round edge climbs beside it.
        let column = result.nodes[1..<(count - 1)].map(\.x)
        #expect(column.allSatisfy { abs($0 - column[0]) < 1e-6 })
        #expect(result.edges[count - 1].contains { $0.x > result.nodes[1].maxX })
    }
}
