/// A point on the studio's canvas, in the layout's units (CSS pixels), y growing downwards.
public struct LayoutPoint: Sendable, Equatable, Codable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A box on the canvas: `x`, `y` are its top-left corner.
public struct LayoutRect: Sendable, Equatable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
}

/// What the layout is asked to place: boxes of known size, the edges between them, and the
/// positions a person pinned by dragging (SPEC §19.1, §19.2).
public struct LayoutGraph: Sendable, Equatable {
    /// A box. `ports` is the number of output ports (a question's options, drawn left to right
    /// along its bottom edge); 0 means one output from the bottom centre.
    public struct Node: Sendable, Equatable {
        public var width: Double
        public var height: Double
        public var ports: Int

        public init(width: Double, height: Double, ports: Int = 0) {
            self.width = width
            self.height = height
            self.ports = ports
        }
    }

    /// An edge from `from`'s port `port` (nil: the node's own `next`, from the bottom centre)
    /// to the top of `to`.
    public struct Edge: Sendable, Equatable {
        public var from: Int
        public var port: Int?
        public var to: Int

        public init(from: Int, port: Int? = nil, to: Int) {
            self.from = from
            self.port = port
            self.to = to
        }
    }

    public var nodes: [Node]
    public var edges: [Edge]
    /// Top-left positions a person dragged nodes to (kept in the studio's sidecar file); the
    /// layout keeps them exactly and places the other nodes around them.
    public var pinned: [Int: LayoutPoint]

    public init(nodes: [Node], edges: [Edge], pinned: [Int: LayoutPoint] = [:]) {
        self.nodes = nodes
        self.edges = edges
        self.pinned = pinned
    }
}

/// Where everything goes: index-aligned with the graph's nodes and edges.
public struct LayoutResult: Sendable, Equatable {
    /// Each node's box, index-aligned with `graph.nodes`.
    public var nodes: [LayoutRect]
    /// Each edge's polyline, index-aligned with `graph.edges`: from the source's port on its
    /// bottom edge to the top centre of the target, bending through the ranks it crosses.
    /// Duplicate edges share one polyline; an edge naming a node that does not exist has none.
    public var edges: [[LayoutPoint]]
    /// Each node's layer (0 at the top).
    public var ranks: [Int]
    /// The drawing's extent right of and below the origin.
    public var width: Double
    public var height: Double

    public init(nodes: [LayoutRect], edges: [[LayoutPoint]], ranks: [Int], width: Double, height: Double) {
        self.nodes = nodes
        self.edges = edges
        self.ranks = ranks
        self.width = width
        self.height = height
    }
}
