import TestSupport
import Testing

@testable import RoutineCLI
@testable import RoutineCore
@testable import RoutineTesting

/// The file tools' reports as RoutineCLI draws them: `paths` (text and JSON) from
/// `PathAnalysis`, `test --explore` from `Explorer.Report`.
@Suite struct ReportOutputTests {
    @Test func jsonAndTextReports() throws {
        var builder = RoutineBuilder()
        builder.question(
            "feeling", "How are you \"feeling\"?", [("Great!", ["water"]), ("Okay", [])], next: ["journal"])
        builder.habit("water", "Drink Water")
        builder.habit("journal", "Journal")
        let routine = builder.build("morning", start: ["feeling"], title: "Morning")
        let analysis = try PathAnalysis(routine, listing: 1)
        #expect(
            analysis.json()
                == #"{"routine":"morning","combinations":2,"longestChain":3,"habits":[{"habit":"Drink Water","on":"some"},"#
                + #"{"habit":"Journal","on":"every"}],"paths":[{"answers":[{"node":"feeling","question":"How are you \"feeling\"?","#
                + #""option":"Great!"}],"habits":["Drink Water","Journal"]}]}"#)
        #expect(
            analysis.text() == """
                Morning (morning)
                combinations: 2
                longest chain: 3 prompts
                habits:
                  some   Drink Water
                  every  Journal
                (every: asked however you answer; some: on some answers or days; none: never asked)
                paths (first 1 of 2):
                  1. feeling: Great! -> Drink Water, Journal
                """)
        let unlisted = try PathAnalysis(routine)
        #expect(!unlisted.json().contains("paths"))
    }

    @Test func bundledTrainingRoutine() throws {
        let analysis = try PathAnalysis(trainingRoutine(), listing: 2)
        #expect(
            analysis.text() == trainingPathsHead + """
                paths (first 2 of 5):
                  1. session: Run -> Warm-up, Run, Stretch
                  2. session: Ride -> Warm-up, Cycle, Stretch
                """)
    }

    @Test func anExploreReportTheBoundStoppedSaysSo() {
        let report = Explorer.Report(findings: [], walks: 999, complete: false, bound: 1_000)
        #expect(report.text(path: "wide.yaml").contains("note: stopped at the bound of 1000 answers"))
        let done = Explorer.Report(findings: [], walks: 14, complete: true, bound: 1_000)
        #expect(done.text(path: "wide.yaml") == "explored 14 walks (7 weekdays × 2 histories): 0 warnings\n")
    }
}
