import ArgumentParser

/// The few command lines a shell prompt, a status bar or a timer runs many times a day
/// (`today --short`, `remind [now] [--notify]`; SPEC §20), and the start-up yardsticks of
/// issue 32, `list [--all]` and `run ROUTINE [--dry-run | --new]`, read without
/// ArgumentParser. ArgumentParser's parse of
/// such a line (the command tree read by reflection, and the line parsed twice more for
/// its completion-script check) was a fifth of `today --short` and nearly half of `list`
/// (docs/PERFORMANCE.md, "`today --short` under 20 ms" and "short20").
///
/// A line is taken only when every word after the command is one of its flags or a
/// global option with a plain value, each at most once, in any order; anything else
/// (help, an unknown or repeated word, a value that starts with `-` or is empty, `--`)
/// returns nil and goes to ArgumentParser, which runs it or says what is wrong. What is
/// returned is the command value ArgumentParser builds for the same line, validated and
/// run by the same code (`QuickLineTests` checks both against each other).
enum QuickLine {
    /// The command `arguments` (after `GlobalOptions.normalize`) stands for, or nil.
    static func command(_ arguments: [String]) -> (any ParsableCommand)? {
        guard let name = arguments.first else { return nil }
        var rest = arguments.dropFirst()
        var command: any ParsableCommand
        switch name {
        case "today":
            guard let line = read(rest, flags: ["--short"]), line.flags.contains("--short") else { return nil }
            guard let (output, day) = textToday() else { return nil }
            var today = RoutineCommand.Today()
            today.short = true
            today.all = false
            today.output = output
            today.dayOption = day
            today.global = line.global
            command = today
        case "run":
            // The routine first (a name or a file; not a word ArgumentParser reads as
            // anything else), then flags and global options.
            guard let routine = rest.first, !routine.isEmpty, !routine.hasPrefix("-"), routine != "help",
                let line = read(rest.dropFirst(), flags: ["--dry-run", "--new"]),
                let (output, day) = textToday()
            else { return nil }
            var run = RoutineCommand.Run()
            run.routine = routine
            run.dryRun = line.flags.contains("--dry-run")
            run.new = line.flags.contains("--new")
            run.output = output
            run.dayOption = day
            run.global = line.global
            command = run
        case "list":
            guard let line = read(rest, flags: ["--all"]) else { return nil }
            var list = RoutineCommand.List()
            list.all = line.flags.contains("--all")
            list.global = line.global
            command = list
        case "remind":
            if rest.first == "now" { rest = rest.dropFirst() }
            guard let line = read(rest, flags: ["--notify"]) else { return nil }
            var remind = RemindNow()
            remind.notify = line.flags.contains("--notify")
            remind.global = line.global
            command = remind
        default:
            return nil
        }
        // ArgumentParser validates the command and each of its option groups; a line that
        // fails goes to it, which words the failure (a bad --timezone is a usage error).
        guard (try? command.validate()) != nil else { return nil }
        return command
    }

    /// The option groups of a line that names no `--format` and no `--day`: text, today.
    private static func textToday() -> (FormatOption, DayOption)? {
        var output = FormatOption()
        output.format = .text
        var day = DayOption()
        day.day = nil
        guard (try? output.validate()) != nil, (try? day.validate()) != nil else { return nil }
        return (output, day)
    }

    /// `words` as some of `flags` and the global options, each at most once; nil when
    /// any word is something else.
    private static func read(
        _ words: ArraySlice<String>, flags: Set<String>
    ) -> (flags: Set<String>, global: GlobalOptions)? {
        var seen: Set<String> = []
        var values: [String: String] = [:]
        var index = words.startIndex
        while index < words.endIndex {
            let word = words[index]
            index += 1
            if flags.contains(word) {
                guard seen.insert(word).inserted else { return nil }
                continue
            }
            var name = word
            var value: String?
            if let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                value = String(word[word.index(after: equals)...])
            }
            guard GlobalOptions.names.contains(name), values[name] == nil else { return nil }
            if value == nil, index < words.endIndex {
                value = words[index]
                index += 1
            }
            guard let value, !value.isEmpty, !value.hasPrefix("-") else { return nil }
            values[name] = value
        }
        var global = GlobalOptions()
        global.store = values["--store"]
        global.timezone = values["--timezone"]
        global.dayStart = values["--day-start"]
        guard (try? global.validate()) != nil else { return nil }
        return (seen, global)
    }
}
