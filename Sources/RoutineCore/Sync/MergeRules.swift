/// How changes from several devices merge (SPEC §16.3), as pure decisions: the store
/// applies them, and two stores that saw the same changes decide the same, in any order.
public enum MergeRules {
    /// Whether a pulled change to a field replaces what the store holds: the later stamp
    /// wins; an equal stamp is the same change seen twice and changes nothing.
    public static func wins(_ incoming: ChangeStamp, over stored: ChangeStamp) -> Bool {
        stored < incoming
    }

    /// Two habits that end up with one name are one habit (SPEC §16.3: a habit created
    /// under the same name on two devices is one habit after sync). The one that stays
    /// is the smaller uid: every device picks the same one, whichever it saw first.
    public static func survivor(_ a: String, _ b: String) -> (stays: String, goes: String) {
        a <= b ? (a, b) : (b, a)
    }

    /// Where a habit uid lives on after merges: follows `aliases` (merged uid → the uid
    /// it was merged into) to the end; a cycle (two devices merging a pair both ways
    /// while apart) ends at the smallest uid on it, the same on every device.
    public static func resolve(_ uid: String, aliases: [String: String]) -> String {
        var seen: [String] = [uid]
        var current = uid
        while let next = aliases[current] {
            if let start = seen.firstIndex(of: next) { return seen[start...].min() ?? next }
            seen.append(next)
            current = next
        }
        return current
    }

    /// The numbers of a routine's versions: in the order they were made (by stamp, then
    /// uid), from 1. Two devices that each added a version while apart both keep theirs,
    /// numbered the same everywhere.
    public static func versionNumbers(_ versions: [(uid: String, stamp: ChangeStamp)]) -> [String: Int] {
        let ordered = versions.sorted { ($0.stamp, $0.uid) < ($1.stamp, $1.uid) }
        return Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($1.uid, $0 + 1) })
    }

    /// A name for the habit that cannot take the one it was given because another habit
    /// with a different measure holds it (they cannot be one habit): the name with the
    /// start of its uid, the same on every device.
    public static func distinctName(_ name: String, uid: String) -> String {
        "\(name) (\(uid.prefix(4)))"
    }
}
