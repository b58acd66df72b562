/// The studio's HTML: one shell for every page (the navigation and the stylesheet), the
/// canvas page that loads the script (text goes through `HistoryHTML.escape`, the one
/// escaping rule of the studio's HTML).
enum StudioPage {
    static func shell(title: String, body: String, script: Bool = false) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HistoryHTML.escape(title)) · routine studio</title>
        <link rel="stylesheet" href="/studio.css">
        </head>
        <body>
        <header class="bar">
        <a class="brand" href="/">routine studio</a>
        <nav aria-label="Pages"><a href="/">Canvas</a><a href="/today">Today</a><a href="/history">History</a></nav>
        </header>
        \(body)
        \(script ? "<script type=\"module\" src=\"/studio.js\"></script>" : "")
        </body>
        </html>
        """
    }

    /// The canvas: the script builds everything in `#studio` from the JSON API.
    static func canvas(files: [String]) -> String {
        shell(
            title: files.first ?? "Canvas",
            body: """
                <div id="studio" class="studio">
                <aside class="palette" aria-label="Palette">
                <h2>Add</h2>
                <label>Id <input id="new-id" autocomplete="off" placeholder="e.g. stretch"></label>
                <label>Text <input id="new-text" autocomplete="off" placeholder="question or habit name"></label>
                <button id="add-question" type="button">Question</button>
                <button id="add-habit" type="button">Habit</button>
                <p class="hint">With a node selected, the new one follows it.</p>
                <h2>File</h2>
                <div id="files" role="tablist"></div>
                <button id="undo" type="button" title="Undo (Ctrl-Z)">Undo</button>
                <button id="redo" type="button" title="Redo (Ctrl-Shift-Z)">Redo</button>
                <button id="fit" type="button" title="Fit to view (F)">Fit</button>
                <button id="import" type="button">Import</button>
                <label>Find <input id="search" type="search" autocomplete="off" placeholder="id or text (/)"></label>
                </aside>
                <section class="stage" aria-label="Routine graph">
                <svg id="canvas" xmlns="http://www.w3.org/2000/svg" role="application" aria-label="Routine graph">
                <defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z"/></marker></defs>
                <g id="viewport"></g>
                </svg>
                <svg id="minimap" xmlns="http://www.w3.org/2000/svg" aria-hidden="true"></svg>
                <input id="inplace" class="inplace" hidden aria-label="Edit text">
                </section>
                <aside class="panel">
                <p id="status" role="status" aria-live="polite"></p>
                <section id="inspector" aria-label="Selected node"></section>
                <section aria-label="Diagnostics"><h2>Check <span id="check-summary"></span></h2><ul id="diagnostics"></ul></section>
                <section id="tryit" aria-label="Try it"><h2>Try it</h2>
                <label>Day <input id="dry-day" type="date"></label>
                <button id="dry-start" type="button">Start</button>
                <button id="dry-back" type="button">Back</button>
                <div id="dry-run"></div></section>
                </aside>
                </div>
                """, script: true)
    }
}
