import RoutineCore
import RoutineFile
import Testing

/// Issue 19 item 19: diagnostics that say what was meant.
@Suite struct DiagnosticHintTests {
    private func lines(_ yaml: String) -> [String] {
        RoutineFileReader.read(string: yaml).diagnostics.map { $0.formatted(path: "f.yaml") }
    }

    private func routine(when condition: String, habits: String = "") -> String {
        """
        routine: d
        start: [a]
        \(habits)nodes:
          a:
            habit: Run
            next: [b]
          b:
            habit: Swim
            when: \(condition)

        """
    }

    @Test func aHabitCloseToAKnownOneIsSuggested() {
        #expect(
            lines(routine(when: "days-since(Runn) > 2")) == [
                "f.yaml:9:22: warning: habit 'Runn' in days-since() is neither used nor declared in this file "
                    + "(it may be in the store); did you mean 'Run'? [unknown-habit]"
            ])
        #expect(lines(routine(when: "done(Bike)")).allSatisfy { !$0.contains("did you mean") })
    }

    @Test func aMistypedWeekdayInAListIsSuggested() {
        #expect(
            lines(routine(when: "weekday in [mon, fir]")) == [
                "f.yaml:9:28: error: unknown name 'fir'; did you mean 'fri'? [invalid-condition]"
            ])
    }

    @Test func otherLanguagesOperatorsGetOurs() {
        #expect(
            lines(routine(when: "weekday = sat")) == [
                "f.yaml:9:19: error: unexpected '=' after the condition; did you mean '=='? [invalid-condition]"
            ])
        #expect(
            lines(routine(when: "done(Run) && weekday == sat")) == [
                "f.yaml:9:21: error: unexpected '&&' after the condition; did you mean 'and'? [invalid-condition]"
            ])
        #expect(
            lines(routine(when: "done(Run) || true")) == [
                "f.yaml:9:21: error: unexpected '||' after the condition; did you mean 'or'? [invalid-condition]"
            ])
        #expect(lines(routine(when: "weekday != sat")).isEmpty)
    }

    @Test func anUnknownMeasureTypeIsAWarningWithASuggestion() {
        let habits = "habits:\n  Run:\n    measure: { unit: km, type: cout }\n"
        #expect(
            lines(routine(when: "true", habits: habits)) == [
                "f.yaml:5:14: warning: measure type 'cout' of habit 'Run' is none of count, distance, time, mass, "
                    + "volume, energy; did you mean 'count'? [unknown-measure-type]"
            ])
        let known = "habits:\n  Run:\n    measure: { unit: km, type: Distance }\n"
        #expect(lines(routine(when: "true", habits: known)).isEmpty)
    }

    @Test func aTabThatIndentsSaysToUseSpaces() {
        for yaml in [
            "routine: d\nstart: [a]\nnodes:\n\ta:\n    habit: W\n",
            "routine: d\nstart: [a]\nnodes:\n  a:\n\thabit: W\n",
        ] {
            let found = lines(yaml)
            #expect(found.count == 1)
            #expect(
                found.first?.hasSuffix(": error: a tab cannot indent YAML; use spaces [syntax]") == true, "\(found)")
        }
    }
}
