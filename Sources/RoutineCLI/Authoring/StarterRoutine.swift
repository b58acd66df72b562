/// The file `new NAME` writes: a small, valid routine that shows each feature of the
/// format once, for the author to edit.
enum StarterRoutine {
    static func text(slug: String) -> String {
        """
        # A new routine. Edit it, then `check` it; `edit \(slug)` imports it when it has no error.
        # The format: docs/file-format.md
        routine: \(slug)
        title: \(titleCase(slug))
        start: [mood]

        habits:
          Stretch:
            measure: { unit: min, type: time }
            target: 5

        nodes:
          mood:
            question: How are you today?
            options:
              - text: Ready to go
                next: [stretch]
              - text: Slow start
                next: [water]
          stretch:
            habit: Stretch
            next: [water]
          water:
            habit: Drink a glass of water

        """
    }

    private static func titleCase(_ slug: String) -> String {
        slug.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }
}
