import RoutineCore

extension CanvasModel {
    /// What the browser draws: ids, texts, connections, diagnostics and the layout, in
    /// one object (keys in a fixed order, as every JSON the tool writes).
    var json: String {
        let nodeItems = nodes.enumerated().map { position, node in
            let rect =
                layout.nodes.indices.contains(position)
                ? layout.nodes[position] : LayoutRect(x: 0, y: 0, width: 0, height: 0)
            return JSONText.object([
                "id": JSONText.string(node.id),
                "kind": JSONText.string(node.kind),
                "text": JSONText.string(node.text),
                "options": JSONText.array(
                    node.options.map {
                        JSONText.object(["text": JSONText.string($0.text), "when": JSONText.string($0.when)])
                    }),
                "when": JSONText.string(node.when),
                "inline": node.isInline ? "true" : "false",
                "line": String(node.location.line),
                "column": String(node.location.column),
                "details": JSONText.string(node.details),
                "x": Self.pixels(rect.x), "y": Self.pixels(rect.y),
                "width": Self.pixels(rect.width), "height": Self.pixels(rect.height),
            ])
        }
        let edgeItems = edges.enumerated().map { position, edge in
            let points = Self.corners(layout.edges.indices.contains(position) ? layout.edges[position] : [])
            return JSONText.object([
                "from": String(edge.from),
                "port": edge.port.map(String.init) ?? "null",
                "to": String(edge.to),
                "points": JSONText.array(points.map { "[\(Self.pixels($0.x)),\(Self.pixels($0.y))]" }),
            ])
        }
        let danglingItems = dangling.map { item in
            JSONText.object([
                "from": String(item.from), "port": item.port.map(String.init) ?? "null", "id": JSONText.string(item.id),
            ])
        }
        let diagnosticItems = diagnostics.map { item in
            JSONText.object([
                "code": JSONText.string(item.diagnostic.code.rawValue),
                "severity": JSONText.string(item.diagnostic.severity.rawValue),
                "message": JSONText.string(item.diagnostic.singleLineMessage),
                "line": item.diagnostic.location.map { String($0.line) } ?? "null",
                "column": item.diagnostic.location.map { String($0.column) } ?? "null",
                "node": item.node.map(String.init) ?? "null",
            ])
        }
        return JSONText.object([
            "slug": JSONText.string(slug),
            "title": JSONText.string(title),
            "clean": isClean ? "true" : "false",
            "start": JSONText.array(start.map(JSONText.string)),
            "width": Self.pixels(layout.width),
            "height": Self.pixels(layout.height),
            "nodes": JSONText.array(nodeItems),
            "edges": JSONText.array(edgeItems),
            "dangling": JSONText.array(danglingItems),
            "diagnostics": JSONText.array(diagnosticItems),
        ])
    }

    /// A coordinate in whole pixels: what a screen draws, in a third of the bytes of a
    /// double's shortest form.
    static func pixels(_ value: Double) -> String {
        JSONText.number(value.rounded())
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
