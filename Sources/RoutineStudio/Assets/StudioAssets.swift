// The studio's browser code and stylesheet, served from the binary (nothing is
// downloaded at run time; no npm). Plain JavaScript modules, small enough to read.
enum StudioAssets {
    static let script = #"""
        // routine studio: the canvas (SPEC §19). Plain JavaScript, served from the binary.
        // The server lays the graph out, checks it and applies every edit to the YAML file;
        // this script draws what it is given and sends what the person does.
        const SVG = 'http://www.w3.org/2000/svg';
        const $ = (id) => document.getElementById(id);
        const state = {
          files: [], file: 0, doc: null, selected: null,
          view: { x: 20, y: 20, k: 1 }, answers: [], walk: null, busy: false,
        };

        function say(text, isError) {
          const status = $('status');
          status.textContent = text || '';
          status.className = isError ? 'error' : '';
        }

        async function call(method, path, body) {
          const init = { method, credentials: 'same-origin', headers: {} };
          if (body !== undefined) {
            init.headers['Content-Type'] = 'application/json';
            init.body = JSON.stringify(body);
          }
          const response = await fetch(path, init);
          let json = null;
          try { json = await response.json(); } catch (e) { json = { error: response.statusText }; }
          if (!response.ok) {
            const error = new Error((json && json.error) || response.statusText);
            error.status = response.status;
            throw error;
          }
          return json;
        }

        function el(name, attrs, parent) {
          const node = document.createElementNS(SVG, name);
          for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
          if (parent) parent.appendChild(node);
          return node;
        }

        function html(name, attrs, text, parent) {
          const node = document.createElement(name);
          for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
          if (text !== undefined && text !== null) node.textContent = text;
          if (parent) parent.appendChild(node);
          return node;
        }

        // ---- loading ---------------------------------------------------------------

        async function loadFiles() {
          state.files = await call('GET', '/api/files');
          const box = $('files');
          box.textContent = '';
          state.files.forEach((file) => {
            const tab = html('button', { type: 'button', role: 'tab', 'data-file': file.index }, file.name, box);
            tab.addEventListener('click', () => { state.file = file.index; state.selected = null; loadDoc(true); });
          });
        }

        async function loadDoc(fit) {
          const doc = await call('GET', `/api/doc?file=${state.file}`);
          show(doc, fit);
        }

        function show(doc, fit) {
          // The first node of an empty routine: fit the view to it.
          if (state.doc && state.doc.model.nodes.length === 0 && doc.model.nodes.length > 0) fit = true;
          state.doc = doc;
          if (state.selected && !doc.model.nodes.some((n) => n.id === state.selected)) state.selected = null;
          document.title = `${doc.name} · routine studio`;
          for (const tab of $('files').children) {
            tab.setAttribute('aria-selected', String(Number(tab.dataset.file) === state.file));
          }
          $('undo').disabled = !doc.canUndo;
          $('redo').disabled = !doc.canRedo;
          $('import').disabled = !doc.model.clean;
          draw();
          if (fit) fitView();
          inspect();
          listDiagnostics();
          if (state.walk) walk(state.answers);
        }

        // ---- drawing ---------------------------------------------------------------

        function nodeIndex(id) {
          return state.doc.model.nodes.findIndex((n) => n.id === id);
        }

        function portX(node, port) {
          return node.x + node.width * (port + 0.5) / Math.max(1, node.options.length);
        }

        function clip(text, width) {
          const room = Math.max(4, Math.floor(width / 7.2));
          return text.length > room ? text.slice(0, room - 1) + '…' : text;
        }

        // What is on the canvas, so that a redraw replaces only what changed: after an edit of
        // one text, one node's group is drawn again, not a thousand of them.
        let drawn = { edgesKey: null, minimapKey: null, nodes: new Map() };

        function draw() {
          const model = state.doc.model;
          const view = $('viewport');
          let edges = view.querySelector('g.edges');
          let nodes = view.querySelector('g.nodes');
          if (!edges || !nodes) {
            view.textContent = '';
            edges = el('g', { class: 'edges' }, view);
            nodes = el('g', { class: 'nodes' }, view);
            drawn = { edgesKey: null, minimapKey: null, nodes: new Map() };
          }
          const walked = new Set((state.walk ? state.walk.steps : []).map((s) => s.node));
          const current = state.walk && state.walk.prompt ? state.walk.prompt.node : null;
          const marks = {};
          for (const d of model.diagnostics) {
            if (d.node === null) continue;
            if (marks[d.node] !== 'error') marks[d.node] = d.severity;
          }
          const edgesKey = JSON.stringify([model.edges, model.dangling, model.nodes.map((n) => n.id), [...walked], current]);
          if (edgesKey !== drawn.edgesKey) {
            drawn.edgesKey = edgesKey;
            edges.textContent = '';
            drawEdges(model, edges, walked, current);
          }
          const start = new Set(model.start);
          const next = new Map();
          model.nodes.forEach((node, index) => {
            const cls = ['node', node.kind];
            if (marks[index]) cls.push(marks[index]);
            if (node.id === state.selected) cls.push('selected');
            if (walked.has(node.id)) cls.push('walked');
            if (node.id === current) cls.push('current');
            if (start.has(node.id)) cls.push('start');
            const key = JSON.stringify([node, cls]);
            const slot = `${index}/${node.id}`;
            const old = drawn.nodes.get(slot);
            if (old && old.key === key) {
              next.set(slot, old);
              return;
            }
            if (old) old.g.remove();
            next.set(slot, { key, g: drawNode(node, index, cls, marks, start, nodes) });
          });
          for (const [slot, old] of drawn.nodes) if (!next.has(slot)) old.g.remove();
          drawn.nodes = next;
          applyView();
          drawMinimap();
          // For bench/studio_bench.py: when the canvas was last drawn, and how many times.
          window.studioDraws = (window.studioDraws || 0) + 1;
          window.studioDrawnAt = performance.now();
        }

        function drawEdges(model, edges, walked, current) {
          // The option each walked question was answered with: only its connections are lit.
          const chosen = {};
          for (const step of (state.walk ? state.walk.steps : [])) if (step.kind === 'question') chosen[step.node] = step.answer;
          const seen = new Set();
          for (const edge of model.edges) {
            const key = `${edge.from}/${edge.port}/${edge.to}`;
            if (seen.has(key) || edge.points.length < 2) continue;
            seen.add(key);
            const d = edge.points.map((p, i) => `${i ? 'L' : 'M'}${p[0]} ${p[1]}`).join(' ');
            const from = model.nodes[edge.from].id;
            const to = model.nodes[edge.to].id;
            const cls = ['edge'];
            const source = model.nodes[edge.from];
            const taken = edge.port === null || (source.options[edge.port] && source.options[edge.port].text === chosen[from]);
            if (walked.has(from) && taken && (walked.has(to) || to === current)) cls.push('walked');
            el('path', {
              d, class: cls.join(' '), 'marker-end': 'url(#arrow)', 'data-from': from, 'data-to': to,
              'data-port': edge.port === null ? '' : edge.port,
            }, edges);
          }
          for (const item of model.dangling) {
            const node = model.nodes[item.from];
            const x = item.port === null ? node.x + node.width / 2 : portX(node, item.port);
            const y = node.y + node.height;
            el('path', { d: `M${x} ${y} L${x} ${y + 28}`, class: 'edge dangling' }, edges);
            const label = el('text', { x: x + 4, y: y + 40, class: 'dangling-label' }, edges);
            label.textContent = `${item.id}?`;
          }
        }

        function drawNode(node, index, cls, marks, start, parent) {
          const label = `${node.kind} ${node.id}: ${node.text}` + (marks[index] ? ` (${marks[index]})` : '');
          const g = el('g', {
            class: cls.join(' '), transform: `translate(${node.x} ${node.y})`, tabindex: 0, role: 'button',
            'aria-label': label, 'data-id': node.id,
          }, parent);
          el('rect', { class: 'box', width: node.width, height: node.height, rx: 8 }, g);
          const id = el('text', { x: 10, y: 16, class: 'node-id' }, g);
          id.textContent = (start.has(node.id) ? '▶ ' : '') + node.id + (node.when ? '  when ' + node.when : '');
          const title = el('text', { x: 10, y: 36, class: 'node-text', 'data-edit': 'text' }, g);
          title.textContent = clip(node.text || (node.kind === 'missing' ? '(neither question nor habit)' : ''), node.width - 20);
          if (node.details) {
            const details = el('text', { x: 10, y: 50, class: 'node-details' }, g);
            details.textContent = clip(node.details, node.width - 20);
          }
          if (node.kind === 'question') {
            node.options.forEach((option, port) => {
              const px = portX(node, port) - node.x;
              const slot = node.width / Math.max(1, node.options.length);
              const pg = el('g', { class: option.when ? 'port conditional' : 'port', 'data-port': port }, g);
              el('title', {}, pg).textContent = option.when ? `${option.text} (when ${option.when})` : option.text;
              el('rect', { x: px - slot / 2 + 3, y: 46, width: slot - 6, height: 22, rx: 11, class: 'pill' }, pg);
              const t = el('text', { x: px, y: 61, 'text-anchor': 'middle', class: 'option-text', 'data-edit': 'option' }, pg);
              t.textContent = clip((option.when ? '? ' : '') + option.text, slot - 10);
              el('circle', { cx: px, cy: node.height, r: 6, class: 'handle', 'data-port': port }, pg);
            });
          } else {
            el('circle', { cx: node.width / 2, cy: node.height, r: 6, class: 'handle', 'data-port': '' }, g);
          }
          return g;
        }

        function applyView() {
          const v = state.view;
          $('viewport').setAttribute('transform', `translate(${v.x} ${v.y}) scale(${v.k})`);
          drawMinimapViewport();
        }

        function fitView() {
          const model = state.doc.model;
          const box = $('canvas').getBoundingClientRect();
          const w = Math.max(1, model.width), h = Math.max(1, model.height);
          const k = Math.min(1, Math.max(0.05, Math.min((box.width - 40) / w, (box.height - 40) / h)));
          state.view = { k, x: (box.width - w * k) / 2, y: 20 };
          applyView();
        }

        function centerOn(id) {
          const node = state.doc.model.nodes[nodeIndex(id)];
          if (!node) return;
          const box = $('canvas').getBoundingClientRect();
          const k = state.view.k;
          // A node already in full view stays where it is: the view moves only when it must.
          const left = state.view.x + node.x * k, top = state.view.y + node.y * k;
          if (left >= 0 && top >= 0 && left + node.width * k <= box.width && top + node.height * k <= box.height) return;
          state.view.x = box.width / 2 - (node.x + node.width / 2) * k;
          state.view.y = box.height / 2 - (node.y + node.height / 2) * k;
          applyView();
        }

        function drawMinimap() {
          const map = $('minimap');
          const model = state.doc.model;
          const key = JSON.stringify(model.nodes.map((n) => [n.x, n.y, n.width, n.height]));
          if (key === drawn.minimapKey) { drawMinimapViewport(); return; }
          drawn.minimapKey = key;
          map.textContent = '';
          // SVG elements have no `hidden`: the minimap shows from 31 nodes on.
          map.style.display = model.nodes.length > 30 ? 'block' : 'none';
          if (model.nodes.length <= 30) return;
          map.setAttribute('viewBox', `0 0 ${Math.max(1, model.width)} ${Math.max(1, model.height)}`);
          for (const node of model.nodes) el('rect', { x: node.x, y: node.y, width: node.width, height: node.height, class: 'mini-node' }, map);
          el('rect', { id: 'mini-view', class: 'mini-view' }, map);
          drawMinimapViewport();
        }

        function drawMinimapViewport() {
          const rect = $('mini-view');
          if (!rect || $('minimap').style.display === 'none') return;
          const box = $('canvas').getBoundingClientRect();
          const v = state.view;
          rect.setAttribute('x', -v.x / v.k);
          rect.setAttribute('y', -v.y / v.k);
          rect.setAttribute('width', box.width / v.k);
          rect.setAttribute('height', box.height / v.k);
        }

        // ---- editing ---------------------------------------------------------------

        // Changes go one at a time, each against the version the previous one left: a second
        // Ctrl-Z pressed before the first one's answer waits for it instead of being refused.
        let queue = Promise.resolve();
        function serially(change) {
          const run = queue.then(async () => {
            state.busy = true;
            try { return await change(); } finally { state.busy = false; }
          });
          queue = run.catch(() => {});
          return run;
        }

        function edit(operation, message) {
          return serially(() => editNow(operation, message));
        }

        async function editNow(operation, message) {
          try {
            const doc = await call('POST', '/api/edit', { file: state.file, version: state.doc.version, edit: operation });
            show(doc, false);
            say(message || 'Saved.');
            return true;
          } catch (error) {
            if (error.status === 409) {
              await loadDoc(false);
              say(error.message, true);
            } else {
              say(error.message, true);
            }
            return false;
          }
        }

        function undoRedo(direction) {
          return serially(() => undoRedoNow(direction));
        }

        async function undoRedoNow(direction) {
          try {
            show(await call('POST', `/api/${direction}`, { file: state.file, version: state.doc.version }), false);
            say(direction === 'undo' ? 'Undone.' : 'Redone.');
          } catch (error) {
            if (error.status === 409 && !/nothing/.test(error.message)) await loadDoc(false);
            say(error.message, true);
          }
        }

        function select(id, center) {
          state.selected = id;
          draw();
          inspect();
          if (center && id) centerOn(id);
        }

        async function addNode(kind) {
          const id = $('new-id').value.trim();
          const text = $('new-text').value.trim();
          if (!id || !text) { say('Give the new node an id and a text.', true); return; }
          const operation = kind === 'question'
            ? { addQuestion: { id, text, options: ['Yes', 'No'] } }
            : { addHabit: { id, name: text } };
          const after = state.selected;
          if (!(await edit(operation, `Added ${id}.`))) return;
          $('new-id').value = '';
          $('new-text').value = '';
          if (after && nodeIndex(after) >= 0) {
            const source = state.doc.model.nodes[nodeIndex(after)];
            // A question follows on from the option clicked last; a habit from its own `next`.
            const option = source.kind === 'question' ? state.selectedPort : null;
            if (source.kind !== 'question' || (option !== undefined && option !== null)) {
              await edit({ connect: { from: after, option, to: id } }, `Added ${id} after ${after}.`);
            }
          } else if (state.doc.model.start.length === 0) {
            await edit({ addStart: { _0: id } }, `Added ${id}; the routine starts there.`);
          }
          select(id, true);
        }

        async function removeNode(id) {
          let where = [];
          try {
            where = (await call('GET', `/api/references?file=${state.file}&id=${encodeURIComponent(id)}`)).references;
          } catch (error) { say(error.message, true); return; }
          const lines = where.map((r) => `line ${r.line}`).join(', ');
          const question = where.length
            ? `Delete ${id}? It is referred to at ${lines}; those references are removed too.`
            : `Delete ${id}?`;
          if (!window.confirm(question)) return;
          state.selected = null;
          await edit({ deleteNode: { _0: id } }, `Deleted ${id}.`);
        }

        // In-place text editing: an input laid over the node's text.
        function editInPlace(id, port) {
          const node = state.doc.model.nodes[nodeIndex(id)];
          if (!node || node.kind === 'missing') return;
          const input = $('inplace');
          const v = state.view;
          const stage = $('canvas').getBoundingClientRect();
          const x = port === null ? node.x + 6 : portX(node, port) - node.width / Math.max(1, node.options.length) / 2;
          const y = port === null ? node.y + 22 : node.y + 44;
          input.style.left = `${v.x + x * v.k}px`;
          input.style.top = `${v.y + y * v.k}px`;
          input.style.width = `${Math.max(160, (port === null ? node.width - 12 : node.width / node.options.length) * v.k)}px`;
          input.value = port === null ? node.text : node.options[port].text;
          input.hidden = false;
          input.dataset.id = id;
          input.dataset.port = port === null ? '' : String(port);
          input.focus();
          input.select();
          void stage;
        }

        async function commitInPlace() {
          const input = $('inplace');
          if (input.hidden) return;
          input.hidden = true;
          const id = input.dataset.id;
          const node = state.doc.model.nodes[nodeIndex(id)];
          const text = input.value.trim();
          if (!node || !text) return;
          if (input.dataset.port === '') {
            if (text === node.text) return;
            await edit(node.kind === 'question'
              ? { setQuestionText: { node: id, text } }
              : { setHabitName: { node: id, name: text } });
          } else {
            const option = Number(input.dataset.port);
            if (text === node.options[option].text) return;
            await edit({ setOptionText: { node: id, option, text } });
          }
          $('canvas').focus();
        }

        // ---- the inspector -----------------------------------------------------------

        function inspect() {
          const box = $('inspector');
          box.textContent = '';
          const index = state.selected === null ? -1 : nodeIndex(state.selected);
          if (index < 0) {
            html('p', { class: 'hint' }, 'Select a node to edit it. Drag from a handle (●) to a node to connect; double-click a text to edit it.', box);
            return;
          }
          const model = state.doc.model;
          const node = model.nodes[index];
          html('h2', {}, `${node.kind} ${node.id}`, box);
          html('p', { class: 'where' }, `line ${node.line}`, box);
          const others = model.nodes.filter((n) => n.id !== node.id && !n.id.includes('/')).map((n) => n.id);
          const form = (label, value, action, name) => {
            const row = html('div', { class: 'row' }, null, box);
            const field = html('input', { 'aria-label': label, name: name || label, value }, null, row);
            html('button', { type: 'button' }, action, row).addEventListener('click', () => field.dispatchEvent(new Event('commit')));
            field.addEventListener('keydown', (e) => { if (e.key === 'Enter') field.dispatchEvent(new Event('commit')); });
            return field;
          };
          const connectRow = (option) => {
            const row = html('div', { class: 'row' }, null, box);
            const pick = html('select', { 'aria-label': option === null ? 'Then go to' : `Option ${option + 1} leads to` }, null, row);
            html('option', { value: '' }, '→ connect to…', pick);
            for (const id of others) html('option', { value: id }, id, pick);
            pick.addEventListener('change', () => {
              if (pick.value) edit({ connect: { from: node.id, option, to: pick.value } }, `Connected to ${pick.value}.`);
            });
          };
          const targets = (port) => model.edges.filter((e) => e.from === index && e.port === port).map((e) => model.nodes[e.to].id);
          const disconnectList = (port) => {
            for (const to of targets(port)) {
              const row = html('div', { class: 'row link' }, null, box);
              html('span', {}, `→ ${to}`, row);
              html('button', { type: 'button', 'aria-label': `Disconnect ${to}` }, '✕', row)
                .addEventListener('click', () => edit({ disconnect: { from: node.id, option: port, to } }, `Disconnected ${to}.`));
            }
          };
          if (!node.id.includes('/')) {
            const rename = form('Id', node.id, 'Rename', 'id');
            rename.addEventListener('commit', () => {
              const to = rename.value.trim();
              if (to && to !== node.id) edit({ renameNode: { from: node.id, to } }, `Renamed to ${to}.`).then((ok) => { if (ok) select(to); });
            });
          }
          if (node.kind === 'question') {
            const text = form('Question', node.text, 'Save', 'question');
            text.addEventListener('commit', () => edit({ setQuestionText: { node: node.id, text: text.value.trim() } }));
            node.options.forEach((option, port) => {
              html('h3', {}, `Option ${port + 1}`, box);
              const field = form(`Option ${port + 1}`, option.text, 'Save', `option-${port}`);
              field.addEventListener('commit', () => edit({ setOptionText: { node: node.id, option: port, text: field.value.trim() } }));
              const remove = html('button', { type: 'button', class: 'quiet' }, 'Remove option', box);
              remove.addEventListener('click', () => edit({ removeOption: { node: node.id, option: port } }, 'Option removed.'));
              disconnectList(port);
              connectRow(port);
            });
            const add = form('New option', '', 'Add option', 'new-option');
            add.addEventListener('commit', () => { if (add.value.trim()) edit({ addOption: { node: node.id, text: add.value.trim() } }, 'Option added.'); });
          } else if (node.kind === 'habit') {
            const name = form('Habit', node.text, 'Save', 'habit');
            name.addEventListener('commit', () => edit({ setHabitName: { node: node.id, name: name.value.trim() } }));
            if (node.details) html('p', { class: 'where' }, node.details, box);
          }
          html('h3', {}, 'Then', box);
          disconnectList(null);
          connectRow(null);
          const isStart = model.start.includes(node.id);
          const startButton = html('button', { type: 'button' }, isStart ? 'Not a start node' : 'Make a start node', box);
          startButton.addEventListener('click', () => edit(isStart ? { removeStart: { _0: node.id } } : { addStart: { _0: node.id } }));
          if (state.doc.pinned.includes(node.id)) {
            html('button', { type: 'button' }, 'Unpin (back to the layout)', box)
              .addEventListener('click', () => pin(node.id, null, null));
          }
          html('button', { type: 'button', class: 'danger' }, 'Delete node', box).addEventListener('click', () => removeNode(node.id));
        }

        function listDiagnostics() {
          const list = $('diagnostics');
          const items = state.doc.model.diagnostics;
          // Most edits leave the list as it was: keep its elements then.
          const key = JSON.stringify(items);
          if (key === state.diagnosticsKey) return;
          state.diagnosticsKey = key;
          list.textContent = '';
          const errors = items.filter((d) => d.severity === 'error').length;
          $('check-summary').textContent = items.length === 0 ? '— no problems' : `— ${errors} error(s), ${items.length - errors} warning(s)`;
          for (const d of items) {
            const item = html('li', { class: d.severity, tabindex: 0 }, null, list);
            const where = d.line === null ? '' : `${d.line}:${d.column} `;
            item.textContent = `${where}${d.severity} [${d.code}] ${d.message}`;
            const go = () => { if (d.node !== null) select(state.doc.model.nodes[d.node].id, true); };
            item.addEventListener('click', go);
            item.addEventListener('keydown', (e) => { if (e.key === 'Enter') go(); });
          }
        }

        function pin(id, x, y) {
          return serially(() => pinNow(id, x, y));
        }

        async function pinNow(id, x, y) {
          try {
            show(await call('POST', '/api/pin', { file: state.file, node: id, x, y }), false);
            say(x === null ? `${id} follows the layout again.` : `${id} pinned.`);
          } catch (error) {
            // The node was moved on the canvas but not pinned: draw every node where it is.
            drawn.nodes.forEach((old) => { old.key = null; });
            draw();
            say(error.message, true);
          }
        }

        // ---- try it (the dry run) ------------------------------------------------------

        async function walk(answers) {
          try {
            const result = await call('POST', '/api/dryrun', { file: state.file, day: $('dry-day').value, answers });
            state.answers = answers;
            state.walk = result;
            renderWalk();
            draw();
          } catch (error) {
            state.walk = null;
            $('dry-run').textContent = error.message;
            draw();
          }
        }

        function renderWalk() {
          const box = $('dry-run');
          box.textContent = '';
          const run = state.walk;
          const steps = html('ol', { class: 'steps' }, null, box);
          for (const step of run.steps) html('li', {}, `${step.text} — ${step.answer}${step.reason ? ` (${step.reason})` : ''}`, steps);
          if (run.hint) html('p', { class: 'error' }, run.hint, box);
          if (run.prompt) {
            const prompt = run.prompt;
            html('p', { class: 'asked' }, prompt.kind === 'question' ? prompt.text : prompt.asked, box);
            const answer = (line) => walk(state.answers.concat([line]));
            if (prompt.kind === 'question') {
              for (const option of prompt.options) {
                html('button', { type: 'button', class: 'answer' }, `${option.answer}. ${option.text}`, box)
                  .addEventListener('click', () => answer(option.answer));
              }
            } else {
              if (prompt.quantity) {
                const amount = html('input', { 'aria-label': 'Amount', inputmode: 'decimal', class: 'amount' }, null, box);
                html('button', { type: 'button', class: 'answer' }, 'Record', box)
                  .addEventListener('click', () => { if (amount.value.trim()) answer(amount.value.trim()); });
              }
              html('button', { type: 'button', class: 'answer' }, 'Done', box).addEventListener('click', () => answer('y'));
              html('button', { type: 'button', class: 'answer' }, 'Skip', box).addEventListener('click', () => answer('n'));
              html('button', { type: 'button', class: 'answer' }, 'Later', box).addEventListener('click', () => answer('l'));
            }
          } else {
            html('p', { class: 'asked' }, `The run is ${run.status}.`, box);
          }
          const records = run.records.map((r) => r.value === null ? r.habit : `${r.habit} ${r.value}`);
          html('p', { class: 'records' }, records.length ? `Would record: ${records.join(', ')}` : 'Would record nothing yet.', box);
        }

        // ---- pointer and keyboard ------------------------------------------------------

        function toGraph(event) {
          const box = $('canvas').getBoundingClientRect();
          const v = state.view;
          return { x: (event.clientX - box.left - v.x) / v.k, y: (event.clientY - box.top - v.y) / v.k };
        }

        function nodeAt(event) {
          const target = document.elementFromPoint(event.clientX, event.clientY);
          const g = target && target.closest ? target.closest('g.node') : null;
          return g ? g.dataset.id : null;
        }

        function setUpPointer() {
          const canvas = $('canvas');
          let drag = null;
          let lastClick = null;
          canvas.addEventListener('pointerdown', (event) => {
            if (event.button !== 0 || !state.doc) return;
            const handle = event.target.closest('.handle');
            const nodeG = event.target.closest('g.node');
            const start = toGraph(event);
            if (handle && nodeG) {
              const port = handle.dataset.port === '' ? null : Number(handle.dataset.port);
              const line = el('path', { class: 'edge drafting' }, $('viewport'));
              drag = { kind: 'connect', from: nodeG.dataset.id, port, start, line };
            } else if (nodeG) {
              const portG = event.target.closest('.port');
              state.selectedPort = portG ? Number(portG.dataset.port) : null;
              drag = { kind: 'move', id: nodeG.dataset.id, g: nodeG, start, moved: false, port: state.selectedPort };
            } else {
              drag = { kind: 'pan', x: event.clientX, y: event.clientY, view: { ...state.view } };
            }
            canvas.setPointerCapture(event.pointerId);
          });
          canvas.addEventListener('pointermove', (event) => {
            if (!drag) return;
            const at = toGraph(event);
            if (drag.kind === 'pan') {
              state.view.x = drag.view.x + event.clientX - drag.x;
              state.view.y = drag.view.y + event.clientY - drag.y;
              applyView();
            } else if (drag.kind === 'connect') {
              drag.line.setAttribute('d', `M${drag.start.x} ${drag.start.y} L${at.x} ${at.y}`);
            } else {
              const dx = at.x - drag.start.x, dy = at.y - drag.start.y;
              if (Math.abs(dx) + Math.abs(dy) > 4) drag.moved = true;
              if (drag.moved) {
                const node = state.doc.model.nodes[nodeIndex(drag.id)];
                drag.g.setAttribute('transform', `translate(${node.x + dx} ${node.y + dy})`);
              }
            }
          });
          canvas.addEventListener('pointerup', (event) => {
            if (!drag) return;
            const done = drag;
            drag = null;
            if (done.kind === 'connect') {
              done.line.remove();
              const to = nodeAt(event);
              if (to && to !== done.from) edit({ connect: { from: done.from, option: done.port, to } }, `Connected ${done.from} to ${to}.`);
            } else if (done.kind === 'move') {
              if (done.moved) {
                const at = toGraph(event);
                const node = state.doc.model.nodes[nodeIndex(done.id)];
                pin(done.id, Math.round(node.x + at.x - done.start.x), Math.round(node.y + at.y - done.start.y));
              } else if (lastClick && lastClick.id === done.id && lastClick.port === done.port && Date.now() - lastClick.at < 500) {
                // A double click (the first click redrew the node, so the browser's dblclick
                // does not reach it): edit the text in place.
                lastClick = null;
                editInPlace(done.id, done.port);
              } else {
                lastClick = { id: done.id, port: done.port, at: Date.now() };
                select(done.id);
              }
            } else if (Math.abs(event.clientX - done.x) + Math.abs(event.clientY - done.y) < 3) {
              select(null);
            }
          });
          canvas.addEventListener('wheel', (event) => {
            event.preventDefault();
            const box = canvas.getBoundingClientRect();
            const v = state.view;
            const k = Math.min(4, Math.max(0.05, v.k * Math.exp(-event.deltaY / 500)));
            const px = event.clientX - box.left, py = event.clientY - box.top;
            v.x = px - (px - v.x) * k / v.k;
            v.y = py - (py - v.y) * k / v.k;
            v.k = k;
            applyView();
          }, { passive: false });
          canvas.addEventListener('keydown', (event) => {
            const g = event.target.closest ? event.target.closest('g.node') : null;
            if (g && event.key === 'Enter') { select(g.dataset.id); event.preventDefault(); }
            if (g && event.key === 'F2') { editInPlace(g.dataset.id, null); event.preventDefault(); }
          });
          $('minimap').addEventListener('click', (event) => {
            const map = $('minimap').getBoundingClientRect();
            const model = state.doc.model;
            const scale = Math.max(model.width / map.width, model.height / map.height);
            const x = (event.clientX - map.left) * scale, y = (event.clientY - map.top) * scale;
            const box = $('canvas').getBoundingClientRect();
            state.view.x = box.width / 2 - x * state.view.k;
            state.view.y = box.height / 2 - y * state.view.k;
            applyView();
          });
        }

        function setUpKeys() {
          document.addEventListener('keydown', (event) => {
            const typing = ['INPUT', 'SELECT', 'TEXTAREA'].includes(document.activeElement.tagName);
            const mod = event.ctrlKey || event.metaKey;
            if (mod && (event.key === 'z' || event.key === 'Z') && !typing) {
              event.preventDefault();
              undoRedo(event.shiftKey ? 'redo' : 'undo');
            } else if (mod && event.key === 'y' && !typing) {
              event.preventDefault();
              undoRedo('redo');
            } else if (!typing && (event.key === 'f' || event.key === 'F') && !mod) {
              fitView();
            } else if (!typing && event.key === '/') {
              event.preventDefault();
              $('search').focus();
            } else if (!typing && event.key === 'Delete' && state.selected) {
              removeNode(state.selected);
            }
          });
          const input = $('inplace');
          input.addEventListener('keydown', (event) => {
            if (event.key === 'Enter') { event.preventDefault(); commitInPlace(); }
            if (event.key === 'Escape') { input.hidden = true; }
          });
          input.addEventListener('blur', () => commitInPlace());
          $('search').addEventListener('keydown', (event) => {
            if (event.key !== 'Enter') return;
            const query = $('search').value.trim().toLowerCase();
            const found = state.doc.model.nodes.find((n) => n.id.toLowerCase() === query)
              || state.doc.model.nodes.find((n) => n.id.toLowerCase().includes(query) || n.text.toLowerCase().includes(query));
            if (found) { select(found.id, true); say(`Found ${found.id}.`); } else { say(`No node matches "${query}".`, true); }
          });
        }

        function setUpButtons() {
          $('add-question').addEventListener('click', () => addNode('question'));
          $('add-habit').addEventListener('click', () => addNode('habit'));
          $('undo').addEventListener('click', () => undoRedo('undo'));
          $('redo').addEventListener('click', () => undoRedo('redo'));
          $('fit').addEventListener('click', () => fitView());
          $('import').addEventListener('click', async () => {
            try { say((await call('POST', '/api/import', { file: state.file })).message); } catch (error) { say(error.message, true); }
          });
          $('dry-start').addEventListener('click', () => walk([]));
          $('dry-back').addEventListener('click', () => { if (state.answers.length) walk(state.answers.slice(0, -1)); });
        }

        // Outside edits show within a second (SPEC §19.2).
        function poll() {
          setInterval(async () => {
            if (!state.doc || state.busy) return;
            try {
              const result = await call('GET', `/api/poll?file=${state.file}&version=${encodeURIComponent(state.doc.version)}`);
              if (result.changed === true && !state.busy) {
                await loadDoc(false);
                say('The file changed on disk; this is it now.');
              }
            } catch (error) { /* the next poll tries again */ }
          }, 500);
        }

        // The bench drives edits as a click would, and reads the draw counter above.
        window.studioEdit = edit;

        async function main() {
          // The token is in the cookie now: keep it out of the address bar and of bookmarks.
          if (location.search.includes('token=')) window.history.replaceState(null, '', '/');
          setUpPointer();
          setUpKeys();
          setUpButtons();
          try {
            await loadFiles();
            await loadDoc(true);
          } catch (error) {
            say(error.message, true);
          }
          poll();
        }

        main();
        """#

    static let style = #"""
        /* routine studio: one stylesheet for the canvas and the history pages. */
        :root { --ink: #1f2328; --muted: #59636e; --line: #d0d7de; --accent: #0969da; --error: #cf222e; --warning: #9a6700; --walk: #1a7f37; font-family: system-ui, sans-serif; color: var(--ink); }
        * { box-sizing: border-box; }
        body { margin: 0; background: #f6f8fa; }
        a { color: var(--accent); }
        .bar { display: flex; gap: 1.5rem; align-items: center; padding: .4rem 1rem; background: #fff; border-bottom: 1px solid var(--line); }
        .bar nav a { margin-right: 1rem; }
        .brand { font-weight: 600; text-decoration: none; color: var(--ink); }
        .studio { display: grid; grid-template-columns: 13rem 1fr 22rem; height: calc(100vh - 2.4rem); }
        .palette, .panel { background: #fff; padding: .6rem; overflow: auto; border-right: 1px solid var(--line); }
        .panel { border-right: 0; border-left: 1px solid var(--line); }
        .palette label, .panel label { display: block; font-size: .85rem; margin: .3rem 0; }
        .palette input, .panel input, .panel select { width: 100%; padding: .25rem; font: inherit; }
        button { font: inherit; margin: .15rem .15rem .15rem 0; padding: .2rem .6rem; border: 1px solid var(--line); border-radius: 6px; background: #f6f8fa; cursor: pointer; }
        button:disabled { opacity: .45; cursor: default; }
        button.danger { color: var(--error); }
        button.quiet { font-size: .8rem; }
        h2 { font-size: 1rem; margin: .8rem 0 .3rem; }
        h3 { font-size: .9rem; margin: .6rem 0 .2rem; }
        .hint, .where { color: var(--muted); font-size: .85rem; }
        .row { display: flex; gap: .3rem; align-items: center; }
        .row input { flex: 1; }
        #files button[aria-selected="true"] { border-color: var(--accent); font-weight: 600; }
        .stage { position: relative; overflow: hidden; }
        #canvas { width: 100%; height: 100%; display: block; background: #fff; cursor: grab; touch-action: none; }
        #minimap { display: none; position: absolute; right: 8px; bottom: 8px; width: 180px; height: 140px; background: rgba(255,255,255,.9); border: 1px solid var(--line); }
        .mini-node { fill: #8c959f; }
        .mini-view { fill: none; stroke: var(--accent); stroke-width: 8; }
        .inplace { position: absolute; z-index: 2; font: inherit; padding: .1rem .3rem; border: 2px solid var(--accent); }
        .node .box { fill: #fff; stroke: #8c959f; stroke-width: 1.2; }
        .node.question .box { fill: #ddf4ff; }
        .node.habit .box { fill: #fff8c5; }
        .node.missing .box { fill: #ffebe9; }
        .node.start .box { stroke-width: 2.4; }
        .node.warning .box { stroke: var(--warning); stroke-width: 2.4; stroke-dasharray: 5 3; }
        .node.error .box { stroke: var(--error); stroke-width: 3; }
        .node.selected .box { stroke: var(--accent); stroke-width: 3.5; }
        .node.walked .box { fill: #dafbe1; }
        .node.current .box { stroke: var(--walk); stroke-width: 4; }
        .node:focus { outline: none; }
        .node:focus .box { stroke: var(--accent); stroke-dasharray: 3 2; }
        .node-id { font-size: 11px; fill: var(--muted); font-family: ui-monospace, monospace; }
        .node-text { font-size: 13px; font-weight: 600; }
        .node-details { font-size: 11px; fill: var(--muted); }
        .pill { fill: #fff; stroke: #8c959f; }
        .option-text { font-size: 11px; }
        .handle { fill: var(--accent); stroke: #fff; stroke-width: 2; cursor: crosshair; }
        .edge { fill: none; stroke: #57606a; stroke-width: 1.5; }
        .edge.walked { stroke: var(--walk); stroke-width: 3; }
        .edge.dangling { stroke: var(--error); stroke-dasharray: 4 3; }
        .edge.drafting { stroke: var(--accent); stroke-dasharray: 6 4; }
        .dangling-label { fill: var(--error); font-size: 11px; }
        #arrow path { fill: #57606a; }
        #diagnostics { padding-left: 1rem; font-size: .85rem; }
        #diagnostics li { cursor: pointer; margin: .2rem 0; }
        #diagnostics li.error, p.error, #status.error { color: var(--error); }
        #diagnostics li.warning { color: var(--warning); }
        #status { min-height: 1.2rem; font-size: .9rem; }
        .steps { font-size: .85rem; padding-left: 1.2rem; }
        .asked { font-weight: 600; white-space: pre-wrap; }
        .records { color: var(--muted); font-size: .85rem; }
        .amount { width: 6rem !important; }
        main { max-width: 70rem; margin: 1rem auto; padding: 0 1rem; background: #fff; }
        .port.conditional .pill { stroke-dasharray: 3 2; }
        """#
}
