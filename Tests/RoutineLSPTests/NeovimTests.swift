import EndToEndSupport
import Foundation
import Testing

/// `routine lsp` through a real client: Debian's Neovim (0.7), headless, started with
/// `vim.lsp.start_client` and attached to a routine file as a user's configuration
/// would (docs/authoring.md). Neovim comes from `scripts/setup --for-tests`.
@Suite struct NeovimTests {
    /// Opens the file, waits for diagnostics, types a node (Neovim sends the edit as an
    /// incremental change) and asks for completion in its `next:` list, then goes to
    /// the definition of a ref; writes what it saw, one line each, to ROUTINE_RESULT.
    static let script = #"""
        local out = {}
        local function say(line) table.insert(out, line) end
        local bin, file, result = os.getenv("ROUTINE_BIN"), os.getenv("ROUTINE_FILE"), os.getenv("ROUTINE_RESULT")
        local ok, err = pcall(function()
          vim.cmd("edit " .. file)
          local id = vim.lsp.start_client({ cmd = { bin, "lsp" }, name = "routine",
            root_dir = vim.fn.fnamemodify(file, ":h") })
          vim.lsp.buf_attach_client(0, id)
          vim.wait(20000, function() return #vim.diagnostic.get(0) > 0 end, 50)
          for _, d in ipairs(vim.diagnostic.get(0)) do
            say(string.format("diagnostic %d:%d %s", d.lnum, d.col, d.message))
          end
          local last = vim.api.nvim_buf_line_count(0)
          vim.api.nvim_buf_set_lines(0, last, last, false, { "  extra:", "    habit: Stretch", "    next: [me" })
          local params = { textDocument = vim.lsp.util.make_text_document_params(),
            position = { line = last + 2, character = 13 } }
          local responses = vim.lsp.buf_request_sync(0, "textDocument/completion", params, 10000) or {}
          for _, response in pairs(responses) do
            local items = response.result and (response.result.items or response.result) or {}
            for _, item in ipairs(items) do say("completion " .. item.label) end
          end
          vim.api.nvim_buf_set_lines(0, last, last + 3, false, {})
          local row = vim.fn.searchpos("next: \\[\\zswater")[1]
          vim.lsp.buf.definition()
          vim.wait(10000, function() return vim.api.nvim_win_get_cursor(0)[1] ~= row end, 50)
          local cursor = vim.api.nvim_win_get_cursor(0)
          say(string.format("definition %d:%d %s", cursor[1], cursor[2], vim.api.nvim_get_current_line()))
          vim.lsp.stop_client(id)
        end)
        if not ok then say("lua error " .. tostring(err)) end
        local handle = io.open(result, "w")
        handle:write(table.concat(out, "\n") .. "\n")
        handle:close()
        vim.cmd("qa!")
        """#

    static func neovim() -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = "\(folder)/nvim"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    @Test func neovimShowsDiagnosticsCompletesIdsAndGoesToDefinitions() throws {
        let nvim = try #require(Self.neovim(), "nvim is not installed: run scripts/setup --for-tests")
        let folder = try TemporaryDirectory()
        let routine = try String(contentsOfFile: EndToEnd.routineFile("morning-checkin"), encoding: .utf8)
        let broken = routine.replacingOccurrences(of: "    next: [journal]", with: "    next: [jornal]")
        #expect(broken != routine)
        let file = try folder.write("morning.yaml", broken)
        let script = try folder.write("client.lua", Self.script)
        let result = folder.url.appendingPathComponent("result.txt").path

        let process = Process()
        process.executableURL = URL(fileURLWithPath: nvim)
        process.arguments = ["--headless", "--clean", "-n", "-c", "luafile \(script)"]
        var environment = Binary.environment(store: folder.store)
        environment["ROUTINE_BIN"] = Binary.url.path
        environment["ROUTINE_FILE"] = file
        environment["ROUTINE_RESULT"] = result
        environment["HOME"] = folder.url.path
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(90)
        while process.isRunning && Date() < deadline { usleep(50_000) }
        if process.isRunning { process.terminate() }
        #expect(process.terminationStatus == 0)

        let lines = try String(contentsOfFile: result, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(!lines.contains { $0.hasPrefix("lua error") }, "\(lines)")
        // `check`'s diagnostics, at its places (Neovim's rows and columns are 0-based).
        let folderCheck = try Binary.run(["check", file], environment: Binary.environment(store: folder.store))
        let expected = folderCheck.stdout.split(separator: "\n").compactMap { line -> String? in
            let parts = line.split(separator: ":", maxSplits: 4)
            guard parts.count == 5, let row = Int(parts[1]), let column = Int(parts[2]) else { return nil }
            return "diagnostic \(row - 1):\(column - 1)"
        }
        let diagnostics = lines.filter { $0.hasPrefix("diagnostic ") }
        #expect(expected.count == 4)
        #expect(diagnostics.map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == expected)
        #expect(diagnostics.contains { $0.contains("node 'jornal' is not defined; did you mean 'journal'?") })
        // Completion in `next: [me` offers the node ids.
        let completed = lines.filter { $0.hasPrefix("completion ") }.map { $0.dropFirst("completion ".count) }
        #expect(completed.contains("meditate") && completed.contains("journal"))
        // Go to definition of `water` in `next: [water, …]` lands on `  water:`.
        #expect(lines.contains { $0.hasPrefix("definition ") && $0.hasSuffix(":2   water:") })
    }
}
