import Foundation
import RoutineCore
import RoutineFile
import RoutineStore
import Testing

@testable import RoutineApp
@testable import RoutineStudio

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The history pages (SPEC §19.5) against a real SQLite store with a known history: each
/// picture says what the ledger (SPEC §17) and the commands say.
@Suite struct HistoryPagesTests {
    @Test func theHeatMapColoursEachDayByTheLedgersState() throws {
        let fixture = try HistoryFixture()
        let cells = PageText.cells(try fixture.pages.habit("Read"))
        let expected = [
            "2026-11-14": "st-not-due", "2026-11-15": "st-done", "2026-11-17": "st-done", "2026-11-18": "st-missed",
            "2026-11-19": "st-done", "2026-11-21": "st-paused", "2026-11-22": "st-skipped",
            "2026-11-23": "st-done", "2026-11-26": "st-done", "2026-11-27": "st-open",
        ]
        for (day, cssClass) in expected { #expect(cells[day] == cssClass, "\(day)") }
        // Every drawn day carries the ledger's state, and no day after today is drawn.
        let ledger = try fixture.ledger()
        for (day, cssClass) in cells {
            let key = try #require(DayKey(day))
            #expect(cssClass == "st-" + ledger.state(HabitKey("Read"), key).name, "\(day)")
        }
        #expect(cells["2026-11-28"] == nil)
        // 52 full weeks and this one to Friday.
        #expect(cells.count == 52 * 7 + 5)
        #expect(cells.keys.min() == "2025-11-24")
    }

    @Test func eachMonthIsLabelledOnceOverItsFirstWeek() throws {
        let html = try HistoryFixture().pages.habit("Read")
        let heatmap = try #require(PageText.svgs(html).first)
        let months = heatmap.matches(of: /<text class="axis" x="(\d+)" y="11">([A-Z][a-z]+)<\/text>/).map {
            "\($0.output.2)"
        }
        // The first column (from Monday 2025-11-24) is November's last week: too narrow
        // for a label that would touch December's.
        #expect(months == ["Dec", "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov"])
        #expect(heatmap.contains("x=\"45\" y=\"11\">Dec</text>"))
    }

    @Test func theLegendNamesEveryStateWithItsCount() throws {
        let html = try HistoryFixture().pages.habit("Read")
        let heatmap = try #require(PageText.svgs(html).first { $0.contains("id=\"heatmap\"") })
        for (name, words) in [
            ("done", "done 9"), ("partial", "partial 0"), ("paused", "paused 1"), ("skipped", "skipped 1"),
            ("declined", "declined 0"), ("later", "later 0"), ("missed", "missed 1"), ("open", "open 1"),
            ("possible", "possible 0"), ("optional", "optional 0"), ("not-due", "not due 356"),
        ] {
            #expect(
                heatmap.contains("class=\"st-\(name)\"/><text x=") && heatmap.contains(">\(words)</text>"), "\(name)")
        }
    }

    @Test func theStreakBarsAreTheLedgersStreaks() throws {
        let fixture = try HistoryFixture()
        let html = try fixture.pages.habit("Read")
        let bars = html.matches(of: /data-length="(\d+)" data-first="([0-9-]+)" data-last="([0-9-]+)"/).map {
            "\($0.output.1) \($0.output.2) \($0.output.3)"
        }
        #expect(bars == ["4 2026-11-23 2026-11-26", "3 2026-11-15 2026-11-17", "2 2026-11-19 2026-11-20"])
        let stats = try #require(
            try HabitFigures.stats(
                store: fixture.store, day: HistoryFixture.today, time: HistoryFixture.time, only: ["Read"]
            )
            .first)
        #expect(stats.bestStreak == 4 && stats.currentStreak == 4)
        #expect(html.contains("(current)"))
    }

    @Test func theStreakRunsAgreeWithTheFiguresOnRandomStates() {
        var generator = SystemRandomNumberGenerator()
        let choices: [DayState] = [.done, .done, .missed, .skipped, .paused, .declined, .notDue(.schedule("x")), .open]
        for _ in 0..<200 {
            let states = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                choices.randomElement(using: &generator) ?? .done
            }
            let days = HabitDays(first: 1000, states: states)
            let end = DayKey(ordinal: 1000 + max(0, states.count - 1))
            let runs = HistoryStreak.runs(days, through: end)
            let figures = days.figures(at: end.ordinal)
            #expect((runs.map(\.length).max() ?? 0) == figures.bestStreak, "\(states)")
            #expect((runs.last.flatMap { $0.isCurrent ? $0.length : nil } ?? 0) == figures.currentStreak, "\(states)")
        }
    }

    /// Momentum's line gives each day only the recent history: its momentum and due days
    /// must be those `stats` computes from the whole history.
    @Test func momentumDayByDayIsStatsMomentumOnThatDay() {
        var generator = SystemRandomNumberGenerator()
        let choices: [DayState] = [.done, .done, .missed, .skipped, .paused, .declined, .notDue(.schedule("x"))]
        for weekly in [nil, 3.0] {
            let habit = MetricHabit(key: HabitKey("Read"), name: "Read", isQuantity: false, unit: nil, weekly: weekly)
            let first = 20_000
            let states = (0..<800).map { _ in choices.randomElement(using: &generator) ?? .done }
            let dueDone = Set(
                (0..<800).filter { states[$0] == .done && Bool.random(using: &generator) }.map { first + $0 })
            let days = HabitDays(first: first, states: states, dueDone: dueDone)
            let entries = (0..<800).filter { states[$0] == .done }.map {
                MetricEntry(habitKey: habit.key, dayKey: DayKey(ordinal: first + $0))
            }
            let through = DayKey(ordinal: first + 799)
            let series = HistoryPages.momentumSeries(
                habit, days: days, entries: entries, from: through.ordinal - 370, through: through)
            #expect(series.count == 371)
            for figures in series {
                let whole = computeStats(habits: [habit], entries: entries, day: figures.day, states: [habit.key: days])
                #expect(whole.first?.momentum == figures.momentum, "\(figures.day)")
                #expect(whole.first?.dueDays == figures.dueDays, "\(figures.day)")
            }
        }
    }

    @Test func thePunchCardCountsDoneDaysPerWeekday() throws {
        let html = try HistoryFixture().pages.habit("Read")
        let counts = html.matches(of: /data-weekday="([A-Z][a-z]+)" data-count="(\d+)"/).map {
            "\($0.output.1) \($0.output.2)"
        }
        #expect(counts == ["Mon 2", "Tue 2", "Wed 1", "Thu 2", "Fri 1", "Sat 0", "Sun 1"])
        let fixture = try HistoryFixture()
        let sunday = try HistoryPages(
            services: AppServices(store: fixture.store, time: HistoryFixture.time), weekStart: 6
        ).habit("Read")
        #expect(sunday.matches(of: /data-weekday="([A-Z][a-z]+)"/).first?.output.1 == "Sun")
    }

    /// The configuration's `week-start` reaches the history pages through the services
    /// the front end gives the studio (it was once dropped on the way).
    @Test func theStudiosWeekStartReachesTheHabitPage() throws {
        let fixture = try HistoryFixture()
        let file = fixture.folder.url.appendingPathComponent("evening.yaml").path
        try HistoryFixture.evening.write(toFile: file, atomically: true, encoding: .utf8)
        let store = fixture.store
        func firstWeekday(_ weekStart: Weekday) throws -> Substring? {
            let services = StudioApp.Services(
                store: { AppServices(store: store, time: HistoryFixture.time) }, importRoutine: { $0 },
                time: HistoryFixture.time, weekStart: weekStart)
            let token = String(repeating: "cd", count: 32)
            let app = try StudioApp(paths: [file], services: services, token: token, port: 48_124)
            let response = app.handle(
                HTTPRequest(
                    method: "GET", path: "/history/habit/Read", query: [:],
                    headers: [("Host", "127.0.0.1:48124"), ("Cookie", "routine_studio=\(token)")], body: []))
            #expect(response.status == 200)
            let html = String(decoding: response.body, as: UTF8.self)
            return html.matches(of: /data-weekday="([A-Z][a-z]+)"/).first?.output.1
        }
        #expect(try firstWeekday(.sun) == "Sun")
        #expect(try firstWeekday(.wed) == "Wed")
        #expect(try firstWeekday(.mon) == "Mon")
    }

    @Test func theTextAlternativesStateTheFigures() throws {
        let fixture = try HistoryFixture()
        let html = try fixture.pages.habit("Read")
        let svgs = PageText.svgs(html)
        #expect(svgs.count == 4)
        for svg in svgs {
            #expect(PageText.attribute("role", of: svg) == "img")
            #expect(svg.contains("<title>"))
            #expect(!(PageText.attribute("aria-label", of: svg) ?? "").isEmpty)
        }
        let labels = svgs.compactMap { PageText.attribute("aria-label", of: $0) }
        #expect(
            labels[0]
                == "Read, 2025-11-24 to 2026-11-27: done 9 of 369 days (paused 1, skipped 1, missed 1, open 1, "
                + "not due 356); current streak 4 days, best streak 4 days")
        #expect(
            labels[1]
                == "Best streaks of Read: 4 days (2026-11-23 to 2026-11-26, current), 3 days (2026-11-15 to "
                + "2026-11-17), 2 days (2026-11-19 to 2026-11-20)")
        #expect(
            labels[2] == "Read, done days per weekday since 2026-11-15: Mon 2, Tue 2, Wed 1, Thu 2, Fri 1, Sat 0, Sun 1"
        )
        // Today: 22 skipped (due), 23–26 done, 27 open (due); 21 paused is not counted.
        #expect(labels[3].contains("now 4 of 6 days done or due in the last 7"))
    }

    @Test func everyPictureIsWellFormedXML() throws {
        let fixture = try HistoryFixture()
        let pages = fixture.pages
        for html in [try pages.habit("Read"), try pages.question(routine: "evening", node: "mood")] {
            for svg in PageText.svgs(html) {
                let parser = XMLParser(data: Data(svg.utf8))
                #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
            }
        }
    }

    @Test func namesFromTheStoreAreEscaped() throws {
        let fixture = try HistoryFixture()
        let name = "<b>&\"x\""
        try fixture.log(name, "2026-11-26")
        let escaped = "&lt;b&gt;&amp;&quot;x&quot;"
        let index = try fixture.pages.index()
        #expect(!index.contains(name) && index.contains(">\(escaped)</a>"))
        #expect(index.contains("href=\"/history/habit/%3Cb%3E%26%22x%22\""))
        let page = try fixture.pages.habit(name)
        #expect(!page.contains("<b>"))
        #expect(page.contains("<h1>\(escaped)</h1>"))
        #expect(page.contains("aria-label=\"\(escaped), 2025-11-24 to 2026-11-27: done 1 of 369 days"))
        let today = try fixture.pages.today()
        #expect(!today.contains(name) && today.contains("data-habit=\"\(escaped)\""))
    }

    @Test func questionAndOptionTextsAreEscapedEverywhere() throws {
        let fixture = try HistoryFixture(withHistory: false)
        let text = """
            routine: odd
            start: [q]
            nodes:
              q:
                question: 'Was it <i>"fine"</i> & calm?'
                options:
                  - {text: '<b>yes</b>', next: [read]}
                  - {text: 'no & "maybe"', next: [read]}
              read: {habit: Read}

            """
        let parsed = try #require(RoutineFileReader.read(string: text, path: "odd.yaml").routine)
        let version = try fixture.store.routines.importRoutine(parsed, source: "test", at: HistoryFixture.imported)
            .versionID
        let routine = try #require(try fixture.store.routines.routine(versionID: version))
        var (run, _) = try RunCoordinator.open(
            routine, dayKey: HistoryFixture.day("2026-11-26"), store: fixture.store, time: HistoryFixture.time,
            timeZoneName: "UTC")
        for line in ["1", "y"] { _ = try run.handle(line) }
        try run.finish()
        let html = try fixture.pages.question(routine: "odd", node: "q")
        for raw in ["<i>", "<b>", "\"fine\"", "& calm", "& \"maybe"] { #expect(!html.contains(raw), "\(raw)") }
        #expect(html.contains("<h1>Was it &lt;i&gt;&quot;fine&quot;&lt;/i&gt; &amp; calm?</h1>"))
        #expect(html.contains("data-day=\"2026-11-26\" class=\"opt-0\" data-answer=\"&lt;b&gt;yes&lt;/b&gt;\""))
        #expect(html.contains(">no &amp; &quot;maybe&quot; 0</text>"))
        for svg in PageText.svgs(html) { #expect(XMLParser(data: Data(svg.utf8)).parse()) }
        let index = try fixture.pages.index()
        #expect(index.contains(">Was it &lt;i&gt;&quot;fine&quot;&lt;/i&gt; &amp; calm?</a>"))
    }

    @Test func theYearInPixelsHasEachDaysAnswer() throws {
        let fixture = try HistoryFixture()
        let html = try fixture.pages.question(routine: "evening", node: "mood")
        let cells = PageText.cells(html)
        #expect(cells["2026-11-22"] == "opt-1")
        #expect(cells["2026-11-23"] == "opt-0")
        #expect(cells["2026-11-24"] == "opt-1")
        #expect(cells["2026-11-25"] == "opt-none")
        #expect(cells.count == 52 * 7 + 5)
        #expect(html.contains("data-day=\"2026-11-23\" class=\"opt-0\" data-answer=\"Tense\""))
        #expect(
            html.contains(">Tense 1</text>") && html.contains(">Fine 2</text>")
                && html.contains(">no answer 366</text>"))
        let label = try #require(PageText.svgs(html).first.flatMap { PageText.attribute("aria-label", of: $0) })
        #expect(
            label
                == "How was the day?, 2025-11-24 to 2026-11-27, answered on 3 of 369 days: Tense 1 day, Fine 2 days, "
                + "no answer 366")
        // Three answered days: too few for a finding; the page says how it stands.
        #expect(html.contains("Not enough data yet in 3 days of answers"))
    }

    @Test func aQuestionsInsightsAreTheServicesSentences() throws {
        let fixture = try HistoryFixture(withHistory: false)
        // Three weeks: Read done after Fine, not after Tense.
        for offset in 0..<12 {
            let day = HistoryFixture.day("2026-11-15").adding(days: offset)
            try fixture.run(day.description, offset % 2 == 0 ? ["Fine", "y"] : ["Tense", "n"])
        }
        let report = try InsightsService.report(
            store: fixture.store, question: nil, from: nil, to: HistoryFixture.today, time: HistoryFixture.time)
        let html = try fixture.pages.question(routine: "evening", node: "mood")
        #expect(!report.findings.isEmpty)
        for finding in report.findings {
            #expect(html.contains(HistoryHTML.escape(finding.sentence)), "\(finding.sentence)")
        }
    }

    @Test func todayNamesTheStatesTheDayPlannerGives() throws {
        let fixture = try HistoryFixture()
        try fixture.log("Vitamins", "2026-11-27")
        let overview = try DayPlanner(store: fixture.store).today(day: HistoryFixture.today, time: HistoryFixture.time)
        let html = try fixture.pages.today()
        var named = 0
        for section in overview.sections {
            for item in section.items {
                #expect(html.contains("data-habit=\"\(item.name)\" data-state=\"\(item.state.name)\""), "\(item.name)")
                named += 1
            }
        }
        #expect(named == 2)
        #expect(html.contains("data-habit=\"Read\" data-state=\"open\""))
        #expect(html.contains("data-habit=\"Vitamins\" data-state=\"done\""))
        #expect(html.contains("<h2>evening <span class=\"routine-state\">not started</span></h2>"))
        #expect(html.contains("<h2>By hand</h2>"))
        #expect(html.hasPrefix("<main") && html.hasSuffix("</main>\n"))
    }

    @Test func theIndexLinksEveryHabitAndQuestionAndToday() throws {
        let fixture = try HistoryFixture()
        let html = try fixture.pages.index()
        #expect(html.contains("<a href=\"/history/habit/Read\">Read</a>"))
        #expect(html.contains("<a href=\"/history/question/evening/mood\">How was the day?</a>"))
        #expect(html.contains("<a href=\"/today\">Today</a>"))
    }

    /// A habit created after today by another device's clock, with an entry after today
    /// only: its page draws an empty year, and nothing traps.
    @Test func aHabitWhoseFirstDayIsAfterTodayHasAnEmptyPage() throws {
        let fixture = try HistoryFixture(withHistory: false)
        _ = try fixture.store.entries.logEntry(
            habit: "Swim", value: nil, unit: nil, dayKey: HistoryFixture.today.adding(days: 3),
            at: HistoryFixture.time.now().addingTimeInterval(3 * 86_400), timeZone: "UTC", note: nil)
        let html = try fixture.pages.habit("Swim")
        #expect(html.contains("<p>No streak yet.</p>"))
        #expect(html.contains("data-weekday=\"Mon\" data-count=\"0\""))
        #expect(PageText.cells(html)["2026-11-27"] == "st-not-due")
        #expect(PageText.cells(html)["2026-11-30"] == nil)
    }

    @Test func unknownNamesThrowOneSentence() throws {
        let pages = try HistoryFixture().pages
        #expect(throws: HistoryError.unknownHabit("Swim")) { try pages.habit("Swim") }
        #expect(throws: HistoryError.unknownQuestion(routine: "evening", node: "nope")) {
            try pages.question(routine: "evening", node: "nope")
        }
        #expect(throws: HistoryError.unknownQuestion(routine: "morning", node: "mood")) {
            try pages.question(routine: "morning", node: "mood")
        }
        #expect(HistoryError.unknownHabit("Swim").description == "No habit named “Swim” is in the store.")
    }

    @Test func theStylesheetHasAClassForEveryStateAndNoPictureAnInlineColour() throws {
        for state in HistoryStyle.states { #expect(HistoryStyle.css.contains(".st-\(state.name) {")) }
        for index in 0..<10 { #expect(HistoryStyle.css.contains(".opt-\(index) {")) }
        let fixture = try HistoryFixture()
        for html in [try fixture.pages.habit("Read"), try fixture.pages.question(routine: "evening", node: "mood")] {
            #expect(!html.contains("fill=\"#") && !html.contains("style="))
        }
    }
}
