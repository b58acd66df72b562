import RoutineCore

extension CanvasModel {
    /// What the browser draws: ids, texts, connections, diagnostics and the layout, in
    /// one object (keys in a fixed order, as every JSON the tool writes).
    var json: JSONValue {
        let nodeItems = nodes.enumerated().map { position, node in
            let rect =
                layout.nodes.indices.contains(position)
                ? layout.nodes[position] : LayoutRect(x: 0, y: 0, width: 0, height: 0)
            return JSONValue.object([
                "id": JSONValue(node.id),
                "kind": JSONValue(node.kind),
                "text": JSONValue(node.text),
                "options": JSONValue.array(
                    node.options.map {
                        JSONValue.object(["text": JSONValue($0.text), "when": JSONValue($0.when)])
                    }),
                "when": JSONValue(node.when),
                "inline": .bool(node.isInline),
                "line": .integer(node.location.line),
                "column": .integer(node.location.column),
                "details": JSONValue(node.details),
                "x": Self.pixels(rect.x), "y": Self.pixels(rect.y),
                "width": Self.pixels(rect.width), "height": Self.pixels(rect.height),
            ])
        }
        let edgeItems = edges.enumerated().map { position, edge in
            let points = Self.corners(layout.edges.indices.contains(position) ? layout.edges[position] : [])
            return JSONValue.object([
                "from": .integer(edge.from),
                "port": JSONValue(edge.port),
                "to": .integer(edge.to),
                "points": JSONValue.array(points.map { [Self.pixels($0.x), Self.pixels($0.y)] }),
            ])
        }
        let danglingItems = dangling.map { item in
            JSONValue.object([
                "from": .integer(item.from), "port": JSONValue(item.port), "id": JSONValue(item.id),
            ])
        }
        let diagnosticItems = diagnostics.map { item in
            JSONValue.object([
                "code": JSONValue(item.diagnostic.code.rawValue),
                "severity": JSONValue(item.diagnostic.severity.rawValue),
                "message": JSONValue(item.diagnostic.singleLineMessage),
                "line": JSONValue(item.diagnostic.location?.line),
                "column": JSONValue(item.diagnostic.location?.column),
                "node": JSONValue(item.node),
            ])
        }
        return JSONValue.object([
            "slug": JSONValue(slug),
            "title": JSONValue(title),
            "clean": .bool(isClean),
            "start": JSONValue.array(start.map { JSONValue($0) }),
            "width": Self.pixels(layout.width),
            "height": Self.pixels(layout.height),
            "nodes": JSONValue.array(nodeItems),
            "edges": JSONValue.array(edgeItems),
            "dangling": JSONValue.array(danglingItems),
            "diagnostics": JSONValue.array(diagnosticItems),
        ])
    }

    /// A coordinate in whole pixels: what a screen draws, in a third of the bytes of a
    /// double's shortest form.
    static func pixels(_ value: Double) -> JSONValue {
        .number(value.rounded())
    }

    /// A polyline without the points that lie on a straight line between their neighbours
    /// (a long edge passes a bend point in every rank it crosses; most of them do not bend).
    static func corners(_ points: [LayoutPoint]) -> [LayoutPoint] {
        guard points.count > 2 else { return points }
        var kept = [points[0]]
        for index in 1..<(points.count - 1) {
            let a = kept[kept.count - 1]
            let b = points[index]
            let c = points[index + 1]
            let cross = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
            let span = max(abs(c.x - a.x) + abs(c.y - a.y), 1)
            if abs(cross) / span > 0.5 { kept.append(b) }
        }
        kept.append(points[points.count - 1])
        return kept
    }
}
