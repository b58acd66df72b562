/// Where in a routine file's structure a place is, read from indentation alone: the
/// language server needs it while the text is half-typed and not valid YAML.
struct YAMLContext {
    /// One line's shape: where its `- ` is (for a list item), where its key starts, its key.
    struct LineShape {
        var dash: Int?
        var content: Int
        var key: String?
    }

    static func shape(_ line: Substring) -> LineShape? {
        let scalars = Array(line.unicodeScalars)
        var column = 0
        while column < scalars.count, scalars[column] == " " { column += 1 }
        guard column < scalars.count, scalars[column] != "#" else { return nil }
        var dash: Int?
        if scalars[column] == "-", column + 1 == scalars.count || scalars[column + 1] == " " {
            dash = column
            column += 1
            while column < scalars.count, scalars[column] == " " { column += 1 }
        }
        var key: String?
        if let colon = colonIndex(scalars, from: column) {
            var name = String(String.UnicodeScalarView(scalars[column..<colon]))
            while name.last == " " { name.removeLast() }
            if name.count >= 2, name.first == "\"" || name.first == "'", name.last == name.first {
                name = String(name.dropFirst().dropLast())
            }
            key = name
        }
        return LineShape(dash: dash, content: column, key: key)
    }

    /// The `:` that ends a plain key (followed by a space or the end of the line), not
    /// inside a flow collection or a quoted scalar.
    private static func colonIndex(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start < scalars.count, !["[", "{", "'", "#"].contains(scalars[start]) else { return nil }
        var index = start
        var quote: Unicode.Scalar?
        if scalars[start] == "\"" {
            quote = "\""
            index += 1
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == ":", index + 1 == scalars.count || scalars[index + 1] == " " {
                return index
            } else if scalar == " ", index + 1 < scalars.count, scalars[index + 1] == "#" {
                return nil
            }
            index += 1
        }
        return nil
    }

    /// The keys that contain column `column` of line `line` (0-based), innermost first;
    /// `-` stands for a list item. `inList`: the place is a list item at `column` (its
    /// owner is the key above at that column or less).
    static func ancestors(in document: TextDocument, line: Int, column: Int, inList: Bool = false) -> [String] {
        var result: [String] = []
        var column = column
        var inList = inList
        var number = line - 1
        while number >= 0, column > 0 || inList {
            defer { number -= 1 }
            guard let shape = shape(document.line(number)) else { continue }
            if let dash = shape.dash {
                if inList && dash >= column { continue }
                if dash < column {
                    if let key = shape.key, shape.content < column {
                        result.append(key)
                    }
                    result.append("-")
                    column = dash
                    inList = true
                }
                continue
            }
            guard let key = shape.key else { continue }
            if shape.content < column || (inList && shape.content <= column) {
                result.append(key)
                column = shape.content
                inList = false
            }
        }
        return result
    }
}
