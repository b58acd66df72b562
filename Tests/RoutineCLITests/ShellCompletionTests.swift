import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// The completion scripts ArgumentParser generates (`routine --generate-completion-script`,
/// what scripts/install installs), loaded in bash, zsh and fish on a real pseudo-terminal:
/// Tab after `routine run ` offers the stored routines and after `routine log ` the
/// habits, read back from the store `ROUTINE_STORE` names.
@Suite(.serialized) struct ShellCompletionTests {
    /// A store with the bundled routines and a logged habit, the shell's script for
    /// `shell`, and a `bin/routine` on the PATH the script calls back.
    private func fixture(_ shell: String) throws -> (e2e: EndToEnd, script: String, environment: [String: String]) {
        let e2e = try EndToEnd()
        try e2e.importBundled()
        try e2e.ok(["log", "Stretch", "--new"])
        let generated = try e2e.ok(["--generate-completion-script", shell])
        let script = e2e.url.appendingPathComponent("routine.\(shell)").path
        try generated.write(toFile: script, atomically: true, encoding: .utf8)
        let bin = e2e.url.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: bin.appendingPathComponent("routine").path, withDestinationPath: Binary.url.path)
        var environment = e2e.environment
        environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["HOME"] = e2e.url.path
        environment["XDG_DATA_HOME"] = e2e.url.appendingPathComponent("data").path
        return (e2e, script, environment)
    }

    /// Starts `shell` in the fixture's folder and waits for `prompt`.
    private func start(
        _ shell: String, _ arguments: [String],
        _ fixture: (e2e: EndToEnd, script: String, environment: [String: String]), setup: String, prompt: String
    ) throws -> PseudoTerminal {
        let terminal = try PseudoTerminal(
            executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: [shell] + arguments,
            environment: fixture.environment, columns: 200)
        try terminal.waitForLineEditing()
        try terminal.send("cd '\(fixture.e2e.url.path)'; \(setup)\r")
        _ = try terminal.expect(prompt)
        return terminal
    }

    /// Types `line` and Tab once in a shell of its own, expecting `offered` among what
    /// the shell lists (bash is told to list on the first Tab).
    private func offers(_ line: String, _ offered: String, shell: () throws -> PseudoTerminal) throws {
        let terminal = try shell()
        try terminal.waitForLineEditing()
        try terminal.send(line + "\t")
        let shown = try terminal.expect(offered)
        #expect(shown.contains(offered))
    }

    private func check(_ shell: () throws -> PseudoTerminal) throws {
        try offers("routine run ", "morning-checkin", shell: shell)
        try offers("routine log ", "Stretch", shell: shell)
    }

    /// How each shell is started and given the script (`SCRIPT`) and a prompt, written
    /// in two pieces so that the typed line does not contain the prompt.
    static let shells: [(name: String, arguments: [String], setup: String, prompt: String)] = [
        (
            "bash", ["--norc", "--noprofile", "-i"],
            "source 'SCRIPT'; bind 'set show-all-if-ambiguous on'; PS1='bash''-test$ '", "bash-test$ "
        ),
        (
            "zsh", ["-f", "-i"], "autoload -Uz compinit; compinit -u -D; source 'SCRIPT'; PROMPT='zsh''-test> '",
            "zsh-test> "
        ),
        (
            "fish", ["--no-config", "-i"], "source 'SCRIPT'; function fish_prompt; echo -n 'fish''-test> '; end",
            "fish-test> "
        ),
    ]

    @Test(arguments: ["bash", "zsh", "fish"]) func tabOffersRoutinesAndHabits(_ name: String) throws {
        let shell = try #require(Self.shells.first { $0.name == name })
        let fixture = try fixture(name)
        try check {
            try start(
                name, shell.arguments, fixture,
                setup: shell.setup.replacingOccurrences(of: "SCRIPT", with: fixture.script), prompt: shell.prompt)
        }
    }
}
