import RoutineCore

/// The year that the heat map and the year in pixels draw: 53 weeks as columns, the
/// seven weekdays as rows (from the configured first day of the week), the last column
/// the week holding today. Days after today are not drawn. One cell per day, each a
/// `<rect>` carrying its day (`data-day`) and one class that the stylesheet colours
/// (`HistoryStyle`); a legend of swatches under the grid.
struct HistoryYearGrid {
    static let columns = 53
    static let cell = 11
    static let pitch = 13
    static let left = 32
    static let top = 16
    static let legendSlot = 116
    static let legendPerRow = 6

    let today: DayKey
    /// 0 = Monday … 6 = Sunday: the first row.
    let weekStart: Int

    /// The ordinal of the first cell (top left).
    var start: Int {
        today.ordinal - (today.weekday - weekStart + 7) % 7 - 7 * (Self.columns - 1)
    }

    /// The days drawn, oldest first.
    var days: ClosedRange<Int> { start...today.ordinal }

    var gridWidth: Int { Self.left + Self.columns * Self.pitch }
    var gridHeight: Int { Self.top + 7 * Self.pitch }

    /// One day's cell.
    struct Cell {
        var day: DayKey
        var cssClass: String
        /// More attributes, already escaped (` data-answer="…"`).
        var attributes: String = ""
        /// What a pointer's tooltip says (escaped here).
        var tooltip: String
    }

    /// One legend entry: a swatch of `cssClass` and its words.
    struct LegendItem {
        var cssClass: String
        var text: String
    }

    /// The SVG: month labels, weekday labels, the cells and the legend.
    func svg(id: String, title: String, label: String, cells: [Cell], legend: [LegendItem]) -> String {
        let legendRows = (legend.count + Self.legendPerRow - 1) / Self.legendPerRow
        let height = gridHeight + 8 + legendRows * 18
        var out = HistorySVG.open(id: id, width: gridWidth, height: height, title: title, label: label)
        out += monthLabels() + weekdayLabels()
        for cell in cells {
            let offset = cell.day.ordinal - start
            guard offset >= 0, cell.day <= today else { continue }
            let x = Self.left + (offset / 7) * Self.pitch
            let y = Self.top + (offset % 7) * Self.pitch
            out += "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(Self.cell)\" height=\"\(Self.cell)\""
            out += " data-day=\"\(cell.day)\" class=\"\(cell.cssClass)\"\(cell.attributes)>"
            out += "<title>\(HistoryHTML.escape(cell.tooltip))</title></rect>\n"
        }
        for (index, item) in legend.enumerated() {
            let x = Self.left + (index % Self.legendPerRow) * Self.legendSlot
            let y = gridHeight + 8 + (index / Self.legendPerRow) * 18
            out += "<g class=\"legend-item\"><rect x=\"\(x)\" y=\"\(y)\" width=\"\(Self.cell)\""
            out += " height=\"\(Self.cell)\" class=\"\(item.cssClass)\"/>"
            out += "<text x=\"\(x + Self.cell + 4)\" y=\"\(y + 10)\">\(HistoryHTML.escape(item.text))</text></g>\n"
        }
        return out + "</svg>"
    }

    /// Each month's short name over the first column whose first day is in it; the
    /// first, partial month's label is dropped when the next one would touch it.
    func monthLabels() -> String {
        var labels: [(x: Int, month: Int)] = []
        for column in 0..<Self.columns {
            let month = DayKey(ordinal: start + 7 * column).month
            if labels.last?.month != month { labels.append((Self.left + column * Self.pitch, month)) }
        }
        if labels.count >= 2, labels[1].x - labels[0].x < 3 * Self.pitch { labels.removeFirst() }
        let texts = labels.map {
            "<text class=\"axis\" x=\"\($0.x)\" y=\"11\">\(HistorySVG.monthNames[$0.month - 1])</text>"
        }
        return texts.joined() + "\n"
    }

    /// Every other weekday's short name at the left of its row.
    func weekdayLabels() -> String {
        var out = ""
        for row in stride(from: 0, to: 7, by: 2) {
            let name = HistorySVG.weekdayNames[(weekStart + row) % 7]
            out += "<text class=\"axis\" x=\"0\" y=\"\(Self.top + row * Self.pitch + 10)\">\(name)</text>"
        }
        return out + "\n"
    }
}

/// What every picture of the history pages shares: the opening of an SVG with its text
/// alternative (SPEC §19.5: a `<title>` and an `aria-label` saying in words what it
/// shows), and the names of months and weekdays.
enum HistorySVG {
    static let monthNames = CalendarNames.shortMonths
    static let weekdayNames = CalendarNames.shortWeekdays

    /// `<svg …>` with `role="img"`, the label and the title (both escaped here).
    static func open(id: String, width: Int, height: Int, title: String, label: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"history-picture\" id=\"\(id)\" role=\"img\""
            + " width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\""
            + " aria-label=\"\(HistoryHTML.escape(label))\"><title>\(HistoryHTML.escape(title))</title>\n"
    }
}
