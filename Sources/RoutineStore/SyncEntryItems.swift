/// A change's entry items read in Swift, for the one shape every device writes them in:
/// the JSON of SQLite's `json_group_array(json_object(…))` and `json_array(json_object(…))`
/// (the capture triggers, a snapshot), or of `JSONSerialization` (an item applied alone) —
/// no whitespace, strings without escapes or control characters, numbers in JSON's own
/// form, each item `{"uid": text, "f": {field: scalar, …}}` with no key twice and no
/// nested value. For anything else `scan` answers nil, and the change goes through
/// SQLite's JSON as before (`SyncApplier.insertNewEntries`): this reader never has to
/// agree with SQLite on an escape, a repeated key or a nested value, because it never
/// reads one. What it reads, it reads as `->>` and `json_type` do (SyncEntryItemsTests
/// applies random changes both ways and compares the rows).
///
/// A first pull's 365,000 entries went through `json_each`, which rendered every item as
/// text, parsed it again and looked it up fifteen times: 70 % of the pull (issue 32).
struct SyncEntryItems {
    /// A byte range of the items' text (a string's contents, without its quotes).
    struct Span {
        var start: Int
        var count: Int
    }

    /// An entry's value as `->>` gives it to the REAL column: NULL, an integer, or text
    /// (a string's, or a real number's token, which the column's affinity converts with
    /// the same function `->>` uses; `scan` leaves a negative real to SQLite, whose
    /// negative zero the two would store differently).
    enum Value {
        case null
        case integer(Int64)
        case text(Span)
    }

    /// An item that makes an entry if its habit is stored and its uid is not: the
    /// items `insertNewEntries`' statement selects, but for the habit (looked up by
    /// the caller, through the store's merges).
    struct Row {
        var uid: (UInt64, UInt64)
        var habit: Span
        var day: Span
        var at: Span
        var tz: Span
        var value: Value
        var note: Span?
        var deleted: Span?
    }

    /// The items in the change.
    var count = 0
    /// Each item's uid text, in order.
    var uids: [Span] = []
    /// The items that can make an entry, in order.
    var rows: [Row] = []

    /// Whether no two items name the same uid text (byte for byte, as
    /// `count(DISTINCT value ->> '$.uid')` compares them).
    func uidsDistinct(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var seen = Set<ByteKey>()
        seen.reserveCapacity(uids.count)
        for span in uids where !seen.insert(ByteKey(bytes, span)).inserted {
            return false
        }
        return true
    }

    /// The items of `bytes`, or nil when they are not in the shape this reader takes.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> SyncEntryItems? {
        var reader = Reader(bytes: bytes)
        var items = SyncEntryItems()
        guard reader.take(.leftBracket) else { return nil }
        if reader.take(.rightBracket) { return reader.atEnd ? items : nil }
        repeat {
            guard reader.item(into: &items) else { return nil }
        } while reader.take(.comma)
        guard reader.take(.rightBracket), reader.atEnd else { return nil }
        return items
    }

    /// A JSON scalar as this reader takes it.
    enum Scalar {
        case string(Span)
        case integer(Int64)
        /// A real number's token (it has a fraction or an exponent), not negative.
        case real(Span)
        case null
        case boolean
    }

    /// The keys the reader looks for; any other key of a scalar is passed over.
    enum Key {
        case uid, f, habit, day, at, tz, value, note, deleted, other
    }

    struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var at = 0

        var atEnd: Bool { at == bytes.count }

        mutating func take(_ byte: UInt8) -> Bool {
            guard at < bytes.count, bytes[at] == byte else { return false }
            at += 1
            return true
        }

        /// One item, added to `items`; false when it is not in this reader's shape.
        mutating func item(into items: inout SyncEntryItems) -> Bool {
            guard take(.leftBrace) else { return false }
            var uid: Span?
            var fields: Fields?
            if !take(.rightBrace) {
                repeat {
                    guard let key = string(), take(.colon) else { return false }
                    switch self.key(key) {
                    case .uid:
                        guard uid == nil, case .string(let text)? = scalar() else { return false }
                        uid = text
                    case .f:
                        guard fields == nil, let read = self.fields() else { return false }
                        fields = read
                    default:
                        guard scalar() != nil else { return false }
                    }
                } while take(.comma)
                guard take(.rightBrace) else { return false }
            }
            guard let uid, let fields else { return false }
            items.count += 1
            items.uids.append(uid)
            if let row = fields.row(uid: uid, in: bytes) { items.rows.append(row) }
            return true
        }

        /// An item's fields as `->>` reads them (nil: absent).
        struct Fields {
            var habit, day, at, tz, value, note, deleted: Scalar?

            /// The row the item makes, or nil when `insertNewEntries`' statement selects
            /// none for it: a uid that is not one, a habit, day, instant or time zone not
            /// text, a value true or false, a note or deleted instant not text or null.
            func row(uid: Span, in bytes: UnsafeBufferPointer<UInt8>) -> Row? {
                guard
                    let parsed = StoredUID.parse(
                        UnsafeBufferPointer(rebasing: bytes[uid.start..<uid.start + uid.count])),
                    case .string(let habit)? = habit, case .string(let day)? = day, case .string(let at)? = at,
                    case .string(let tz)? = tz
                else { return nil }
                let stored: Value
                switch value {
                case nil, .null?: stored = .null
                case .integer(let number)?: stored = .integer(number)
                case .real(let token)?, .string(let token)?: stored = .text(token)
                case .boolean?: return nil
                }
                guard let note = Self.text(note), let deleted = Self.text(deleted) else { return nil }
                return Row(
                    uid: parsed, habit: habit, day: day, at: at, tz: tz, value: stored, note: note, deleted: deleted)
            }

            /// A field that must be text or null: .some(nil) for null or absent, nil for
            /// anything else.
            private static func text(_ scalar: Scalar?) -> Span?? {
                switch scalar {
                case nil, .null?: return .some(nil)
                case .string(let span)?: return .some(span)
                default: return nil
                }
            }
        }

        /// The object of an item's fields: scalars only, no key twice.
        mutating func fields() -> Fields? {
            guard take(.leftBrace) else { return nil }
            var fields = Fields()
            if take(.rightBrace) { return fields }
            repeat {
                guard let key = string(), take(.colon), let value = scalar() else { return nil }
                func set(_ field: inout Scalar?) -> Bool {
                    guard field == nil else { return false }
                    field = value
                    return true
                }
                let fresh: Bool
                switch self.key(key) {
                case .habit: fresh = set(&fields.habit)
                case .day: fresh = set(&fields.day)
                case .at: fresh = set(&fields.at)
                case .tz: fresh = set(&fields.tz)
                case .value: fresh = set(&fields.value)
                case .note: fresh = set(&fields.note)
                case .deleted: fresh = set(&fields.deleted)
                // A key the reader passes over may come twice: `->>` never reads it.
                default: fresh = true
                }
                guard fresh else { return nil }
            } while take(.comma)
            return take(.rightBrace) ? fields : nil
        }

        /// A string without escapes or control characters: its contents.
        mutating func string() -> Span? {
            guard take(.quote) else { return nil }
            let start = at
            while at < bytes.count {
                let byte = bytes[at]
                if byte == .quote {
                    at += 1
                    return Span(start: start, count: at - 1 - start)
                }
                guard byte != .backslash, byte >= 0x20 else { return nil }
                at += 1
            }
            return nil
        }

        /// A string, a number, null, true or false; nil for anything else (an object, an
        /// array, a negative real, an integer of more than 18 digits).
        mutating func scalar() -> Scalar? {
            guard at < bytes.count else { return nil }
            switch bytes[at] {
            case .quote: return string().map(Scalar.string)
            case .minus, UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
            case UInt8(ascii: "n"): return literal("null") ? .null : nil
            case UInt8(ascii: "t"): return literal("true") ? .boolean : nil
            case UInt8(ascii: "f"): return literal("false") ? .boolean : nil
            default: return nil
            }
        }

        private mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard bytes.count - at >= count else { return false }
            for offset in 0..<count where bytes[at + offset] != word.utf8Start[offset] { return false }
            at += count
            return true
        }

        /// A number in JSON's grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
        private mutating func number() -> Scalar? {
            let start = at
            let negative = take(.minus)
            let digitsStart = at
            guard digits() else { return nil }
            let integerDigits = at - digitsStart
            // No leading zero (SQLite refuses one too).
            if integerDigits > 1, bytes[digitsStart] == .digitZero { return nil }
            var real = false
            if take(.dot) {
                guard digits() else { return nil }
                real = true
            }
            if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
                if !take(.plus) { _ = take(.minus) }
                guard digits() else { return nil }
                real = true
            }
            if real {
                // A negative real is SQLite's to read: its zero keeps its sign through
                // `->>` but not through the column's affinity from text.
                return negative ? nil : .real(Span(start: start, count: at - start))
            }
            // Up to 18 digits fit in an Int64 whichever they are; `->>` reads more as a
            // real in some cases and an integer in others: SQLite's to read.
            guard integerDigits <= 18 else { return nil }
            var number: Int64 = 0
            for index in digitsStart..<at { number = number * 10 + Int64(bytes[index] - .digitZero) }
            return .integer(negative ? -number : number)
        }

        /// One or more digits.
        private mutating func digits() -> Bool {
            let start = at
            while at < bytes.count, bytes[at] >= .digitZero, bytes[at] <= UInt8(ascii: "9") { at += 1 }
            return at > start
        }

        func key(_ span: Span) -> Key {
            func equals(_ word: StaticString) -> Bool {
                span.count == word.utf8CodeUnitCount
                    && (0..<span.count).allSatisfy { bytes[span.start + $0] == word.utf8Start[$0] }
            }
            switch span.count {
            case 1: return equals("f") ? .f : .other
            case 2: return equals("at") ? .at : equals("tz") ? .tz : .other
            case 3: return equals("uid") ? .uid : equals("day") ? .day : .other
            case 4: return equals("note") ? .note : .other
            case 5: return equals("habit") ? .habit : equals("value") ? .value : .other
            case 7: return equals("deleted") ? .deleted : .other
            default: return .other
            }
        }
    }
}

extension UInt8 {
    fileprivate static let leftBracket = UInt8(ascii: "[")
    fileprivate static let rightBracket = UInt8(ascii: "]")
    fileprivate static let leftBrace = UInt8(ascii: "{")
    fileprivate static let rightBrace = UInt8(ascii: "}")
    fileprivate static let comma = UInt8(ascii: ",")
    fileprivate static let colon = UInt8(ascii: ":")
    fileprivate static let quote = UInt8(ascii: "\"")
    fileprivate static let backslash = UInt8(ascii: "\\")
    fileprivate static let minus = UInt8(ascii: "-")
    fileprivate static let plus = UInt8(ascii: "+")
    fileprivate static let dot = UInt8(ascii: ".")
    fileprivate static let digitZero = UInt8(ascii: "0")
}

/// Bytes of a buffer that outlives the key, compared and hashed by value, without a copy.
struct ByteKey: Hashable {
    let bytes: UnsafeBufferPointer<UInt8>

    init(_ buffer: UnsafeBufferPointer<UInt8>, _ span: SyncEntryItems.Span) {
        bytes = UnsafeBufferPointer(rebasing: buffer[span.start..<span.start + span.count])
    }

    static func == (lhs: ByteKey, rhs: ByteKey) -> Bool { lhs.bytes.elementsEqual(rhs.bytes) }

    func hash(into hasher: inout Hasher) { hasher.combine(bytes: UnsafeRawBufferPointer(bytes)) }
}
