/// The names of the days of the week and of the months, written here once for every
/// view that shows them (the heat map, the answer calendar, `review`, the studio's
/// history pages) and for the schedule words of the file format (`mon` … `sun`, their
/// lower-case short forms). English, as all of the program's text is.
public enum CalendarNames {
    /// `Monday` … `Sunday`, Monday first (a `Weekday`'s raw value is its index).
    public static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    /// `Mon` … `Sun`.
    public static let shortWeekdays = weekdays.map { String($0.prefix(3)) }
    /// `January` … `December` (month 1 at index 0).
    public static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
    /// `Jan` … `Dec`.
    public static let shortMonths = months.map { String($0.prefix(3)) }
}
