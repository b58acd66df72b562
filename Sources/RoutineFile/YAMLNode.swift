import RoutineCore

/// A light YAML tree with source marks: what the routine reader needs, and no more.
///
/// Scalars stay text (no tag resolution: `Yes` is "Yes", `2024` is "2024"); `plain`
/// tells an unquoted scalar from a quoted or block one, so that an empty plain value
/// (`key:` with nothing after it, or `~`) can be told from `key: ""`. Aliases are
/// expanded into copies of their anchored node (copy-on-write arrays keep that cheap;
/// `YAMLEventReader` bounds the total).
public struct YAMLNode: Sendable {
    public enum Kind: Sendable {
        case scalar(String, plain: Bool)
        case sequence([YAMLNode])
        case mapping([YAMLPair])
    }

    public var kind: Kind
    /// Where the node starts (1-based line and column, columns in characters).
    public var location: SourceLocation

    /// The text of a scalar, nil for a collection.
    public var text: String? {
        if case .scalar(let text, _) = kind { return text }
        return nil
    }

    /// True for a plain scalar that YAML would read as null: empty, `~` or `null`.
    public var isNull: Bool {
        guard case .scalar(let text, let plain) = kind, plain else { return false }
        return text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
    }

    /// A word for the kind of node, for messages ("a list", "a mapping", "text").
    public var kindName: String {
        switch kind {
        case .scalar: "text"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }
}

/// One key/value pair of a mapping, in file order (duplicates kept; the reader reports them).
public struct YAMLPair: Sendable {
    public var key: YAMLNode
    public var value: YAMLNode
}
