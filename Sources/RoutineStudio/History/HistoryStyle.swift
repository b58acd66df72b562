import RoutineCore

/// The stylesheet part of the history pages: one class per ledger state (`st-done` …
/// `st-not-due`, SPEC §17.1) and per option of a question (`opt-0` … `opt-9`,
/// `opt-none`), so the page's stylesheet decides every colour and no picture carries
/// one inline. Each class sets `fill` (the SVG cells and swatches) and
/// `background-color` (the HTML badges of the `today` page) to the same colour.
///
/// The colours are the Okabe–Ito palette, told apart by people with the common colour
/// vision deficiencies, with light fills outlined so they read on white: a state that
/// asks for action (open, possible, optional) is an outline only, a state that is over
/// is filled.
public enum HistoryStyle {
    /// The class of a state: `st-` and its JSON name (`st-done`, `st-not-due`).
    static func cssClass(_ state: DayState) -> String { "st-" + state.name }

    /// Every state's class, its name in words and its colour, in SPEC §17.1's order:
    /// the legend lists them in this order.
    static let states: [(name: String, words: String, rule: String)] = [
        ("done", "done", "fill: #009E73; background-color: #009E73;"),
        ("partial", "partial", "fill: #A6DBC8; background-color: #A6DBC8; stroke: #009E73;"),
        ("paused", "paused", "fill: #56B4E9; background-color: #56B4E9;"),
        ("skipped", "skipped", "fill: #E69F00; background-color: #E69F00;"),
        ("declined", "declined", "fill: #CC79A7; background-color: #CC79A7;"),
        ("later", "later", "fill: #F0E442; background-color: #F0E442; stroke: #8A7F00;"),
        ("missed", "missed", "fill: #D55E00; background-color: #D55E00;"),
        ("open", "open", "fill: #FFFFFF; background-color: #FFFFFF; stroke: #0072B2; stroke-width: 2;"),
        (
            "possible", "possible",
            "fill: #FFFFFF; background-color: #FFFFFF; stroke: #0072B2; stroke-dasharray: 2 2;"
        ),
        (
            "optional", "optional",
            "fill: #FFFFFF; background-color: #FFFFFF; stroke: #CC79A7; stroke-dasharray: 2 2;"
        ),
        ("not-due", "not due", "fill: #E8E8E8; background-color: #E8E8E8; stroke: #C4C4C4;"),
    ]

    /// The options' colours, by position in the question (the eleventh option takes the
    /// first colour again; its legend entry still names it).
    static let optionColours = [
        "#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#882255", "#999933",
        "#332288",
    ]

    /// The class of an option at `index`.
    static func optionClass(_ index: Int) -> String { "opt-\(index % optionColours.count)" }

    public static let css: String = {
        var lines = [
            "/* History pages (SPEC §19.5): one class per ledger state and per option. */",
            ".history-picture { font: 10px system-ui, sans-serif; fill: #333; max-width: 100%; height: auto; }",
            ".history-picture .axis { fill: #555; }",
            ".history-picture rect[data-day] { stroke-width: 1; }",
            ".history-picture .legend-item text { fill: #222; }",
            ".streak-bar { fill: #009E73; }",
            ".streak-bar-current { fill: #0072B2; }",
            ".punch { fill: #009E73; }",
            ".punch-empty { fill: none; stroke: #C4C4C4; }",
            ".momentum-line { fill: none; stroke: #0072B2; stroke-width: 1.5; }",
            ".momentum-grid { stroke: #DDD; stroke-width: 1; }",
            ".badge { display: inline-block; width: 0.8em; height: 0.8em; margin-right: 0.4em;"
                + " border: 1px solid #888; vertical-align: baseline; }",
            ".history-figures { display: grid; grid-template-columns: max-content auto; gap: 0.2em 1em; }",
            ".history-figures dt { font-weight: 600; }",
            ".history-figures dd { margin: 0; }",
        ]
        for state in states { lines.append(".st-\(state.name) { \(state.rule) }") }
        for (index, colour) in optionColours.enumerated() {
            lines.append(".opt-\(index) { fill: \(colour); background-color: \(colour); }")
        }
        lines.append(".opt-none { fill: #E8E8E8; background-color: #E8E8E8; stroke: #C4C4C4; }")
        return lines.joined(separator: "\n") + "\n"
    }()
}
