extension String {
    /// Without leading and trailing white space (Unicode white space and newlines).
    func trimmingWhitespace() -> String {
        // An ASCII first and last byte is the first and last scalar: when neither is
        // white space (nor a control, 0x00–0x20), nothing is trimmed.
        if let first = utf8.first, let last = utf8.last, first > 0x20, first < 0x7F, last > 0x20, last < 0x7F {
            return self
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
