// The UI scenarios: what a person sees of AsyncLens in the VS Code 1.139 workbench (code-server), driven
// through headless Chromium with Playwright. Every step is screenshotted into the run's artifacts folder;
// every wait has a timeout that fails with what it waited for and a screenshot of the screen at that moment.
import fs from 'node:fs';
import path from 'node:path';

const STEP_TIMEOUT_MS = 30_000;

class ScenarioContext {
  constructor({ page, baseUrl, workspace, largeFile, shotsDir, log }) {
    Object.assign(this, { page, baseUrl, workspace, largeFile, shotsDir, log });
    this.shotNo = 0;
    this.scenario = '';
  }

  /**
   * Screenshots the whole window into the artifacts folder. With `crop`, also writes a picture cut to the
   * union of those locators' boxes (plus a margin) into artifacts/readme/, the candidates for the README.
   */
  async shot(name, crop) {
    const file = path.join(this.shotsDir, `${String(++this.shotNo).padStart(2, '0')}-${this.scenario}-${name}.png`);
    await this.page.screenshot({ path: file });
    this.log(`  screenshot ${path.basename(file)}`);
    if (crop) {
      const boxes = (await Promise.all(crop.map((l) => l.first().boundingBox({ timeout: 2000 }).catch(() => null)))).filter(Boolean);
      if (boxes.length) {
        const margin = 6;
        const view = this.page.viewportSize();
        const x = Math.max(0, Math.min(...boxes.map((b) => b.x)) - margin);
        const y = Math.max(0, Math.min(...boxes.map((b) => b.y)) - margin);
        const right = Math.min(view.width, Math.max(...boxes.map((b) => b.x + b.width)) + margin);
        const bottom = Math.min(view.height, Math.max(...boxes.map((b) => b.y + b.height)) + margin);
        const cropped = path.join(this.shotsDir, 'readme', `${name}.png`);
        fs.mkdirSync(path.dirname(cropped), { recursive: true });
        await this.page.screenshot({ path: cropped, clip: { x, y, width: right - x, height: bottom - y } });
      }
    }
    return file;
  }

  /** Waits for a locator; on timeout fails with `what` and a screenshot named after it. */
  async waitFor(locator, what, { state = 'visible', timeout = STEP_TIMEOUT_MS } = {}) {
    try {
      await locator.first().waitFor({ state, timeout });
      return locator.first();
    } catch (e) {
      const file = await this.shot(`TIMEOUT-${what.replace(/[^a-z0-9]+/gi, '-').slice(0, 40)}`).catch(() => '');
      throw new Error(`timed out after ${timeout} ms waiting for ${what}${file ? ` (screenshot ${path.basename(file)})` : ''}`);
    }
  }

  /** Calls `probe` until it returns a truthy value; fails like waitFor. */
  async poll(probe, what, { timeout = STEP_TIMEOUT_MS, interval = 100 } = {}) {
    const t0 = Date.now();
    let last;
    for (;;) {
      last = await probe();
      if (last) return last;
      if (Date.now() - t0 > timeout) {
        const file = await this.shot(`TIMEOUT-${what.replace(/[^a-z0-9]+/gi, '-').slice(0, 40)}`).catch(() => '');
        throw new Error(`timed out after ${timeout} ms waiting for ${what}${file ? ` (screenshot ${path.basename(file)})` : ''}`);
      }
      await this.page.waitForTimeout(interval);
    }
  }

  /** Popup widgets (hover, Ctrl+. menu) sometimes miss their trigger: try up to three times. */
  async retry(what, attempt, times = 3) {
    for (let i = 1; ; i++) {
      try {
        return await attempt(i);
      } catch (e) {
        if (i >= times) throw e;
        this.log(`  ${what}: attempt ${i} failed (${e.message.split('\n')[0]}), retrying`);
        await this.page.keyboard.press('Escape');
      }
    }
  }

  get editor() {
    return this.page.locator('.editor-group-container.active .editor-instance .monaco-editor').first();
  }

  async text(locator) {
    return (await locator.innerText()).replace(/\s+/g, ' ').trim();
  }

  /** Opens a workspace file through Quick Open (Ctrl+P), as a person who knows its name would. */
  async openFile(relPath, waitForText) {
    const { page } = this;
    const name = path.basename(relPath);
    await this.retry(`quick open ${relPath}`, async () => {
      await page.keyboard.press('Control+P');
      const input = await this.waitFor(page.locator('.quick-input-widget input'), 'the Quick Open box', { timeout: 5000 });
      await input.fill(relPath, { timeout: 5000 });
      // Enter opens the focused row: wait until the file search has put our file there, not a recent one.
      await this.waitFor(page.locator('.quick-input-widget .monaco-list-row.focused', { hasText: name }), `${relPath} focused in Quick Open`, { timeout: 10_000 });
      await page.keyboard.press('Enter');
      await this.waitFor(page.locator('.editor-group-container.active .tab.active', { hasText: name }), `the ${name} tab`, { timeout: 10_000 });
    });
    if (waitForText) await this.waitFor(this.editor.locator('.view-lines', { hasText: waitForText }), `"${waitForText}" in the editor`);
  }

  /** Runs a command by its title through the command palette (Ctrl+Shift+P). */
  async runCommand(title) {
    const { page } = this;
    await this.retry(`the command palette for "${title}"`, async () => {
      await page.keyboard.press('Control+Shift+P');
      const input = await this.waitFor(page.locator('.quick-input-widget input'), 'the command palette', { timeout: 5000 });
      await input.fill(`>${title}`, { timeout: 5000 });
      await this.waitFor(page.locator('.quick-input-widget .monaco-list-row.focused', { hasText: title }), `"${title}" focused in the palette`, { timeout: 10_000 });
      await page.keyboard.press('Enter');
    });
  }

  /** Closes the bottom panel (Problems) if it is open, to give the editor the room in pictures. */
  async hidePanel() {
    if (await this.page.locator('.markers-panel').isVisible().catch(() => false)) {
      await this.page.keyboard.press('Control+J');
      await this.poll(async () => !(await this.page.locator('.markers-panel').isVisible().catch(() => false)), 'the panel to close', { timeout: 5000 });
    }
  }

  /** Moves the cursor with Go to Line (Ctrl+G `line:column`), which also scrolls the line into view. */
  async goTo(line, column = 1) {
    const { page } = this;
    await this.retry(`go to ${line}:${column}`, async () => {
      await page.keyboard.press('Control+G');
      const input = await this.waitFor(page.locator('.quick-input-widget input'), 'the Go to Line box', { timeout: 5000 });
      // The box opens holding ':'; fill() replaces it, so the prefix is typed again.
      await input.fill(`:${line}:${column}`, { timeout: 5000 });
      await page.keyboard.press('Enter');
      await this.poll(async () => (await this.cursorLine()) === line, `the cursor on line ${line}`, { timeout: 5000 });
    });
  }

  async cursorLine() {
    const text = await this.page.locator('.statusbar-item[id="status.editor.selection"]').innerText().catch(() => '');
    const m = /Ln (\d+)/.exec(text);
    return m ? Number(m[1]) : undefined;
  }

  /** The status bar's problem counts (errors, warnings, infos) as the workbench shows them. */
  async problemCounts() {
    // The item's aria-label reads "Errors: 1, Warnings: 20, Infos: 289" and leaves out the kinds at zero.
    const text = (await this.page.locator('.statusbar-item[id="status.problems"]').getAttribute('aria-label').catch(() => '')) ?? '';
    const num = (kind) => Number(new RegExp(`${kind}: (\\d+)`, 'i').exec(text)?.[1] ?? 0);
    return { errors: num('Errors?'), warnings: num('Warnings?'), infos: num('Infos?'), text: text || 'no problems' };
  }

  /** The AsyncLens status bar item's text, e.g. "AsyncLens: 5 findings · .NET 10". */
  async asyncLensStatus() {
    return (await this.page.locator('.statusbar-item', { hasText: 'AsyncLens' }).first().innerText().catch(() => '')).trim();
  }

  async showProblems() {
    const panel = this.page.locator('.markers-panel');
    if (!(await panel.isVisible().catch(() => false))) await this.page.keyboard.press('Control+Shift+M');
    return this.waitFor(panel, 'the Problems panel');
  }

  /** Shows the Problems panel filtered by `text` (a message text, a rule id, or a glob of file paths). */
  async filterProblems(text) {
    const panel = await this.showProblems();
    const filter = await this.waitFor(this.page.locator('.markers-panel-action-filter input, .viewpane-filter input'), "the Problems panel's filter box");
    await filter.fill(text);
    // A fill can be lost while the workbench re-renders the panel (a clean CI run timed out with the box not reading the
    // text): fill again until it reads what was typed.
    await this.poll(async () => {
      if ((await filter.inputValue()) === text) return true;
      await filter.fill(text).catch(() => undefined);
      return false;
    }, `the Problems filter to read "${text}"`, { timeout: 15000, interval: 500 });
    return panel;
  }

  /** The line numbers of squiggles of any severity in the active editor, read from their vertical position. */
  async squiggleLines() {
    return this.editor.evaluate((editor) => {
      const lineHeight = Number.parseFloat(getComputedStyle(editor.querySelector('.view-line')).height) || 19;
      const numbers = [...editor.querySelectorAll('.margin-view-overlays .line-numbers')].map((n) => ({
        top: Number.parseFloat(n.parentElement.style.top || n.style.top || '0'), no: Number(n.textContent),
      }));
      const found = [];
      for (const s of editor.querySelectorAll('[class*="squiggly-"]')) {
        const top = Number.parseFloat(s.parentElement.style.top || s.style.top || '0');
        const line = numbers.find((n) => Math.abs(n.top - top) < lineHeight / 2);
        const kind = /squiggly-(error|warning|info|hint)/.exec(s.className)?.[1];
        if (line) found.push({ line: line.no, kind });
      }
      return found;
    });
  }
}

/** Each scenario: a name, and steps that throw on the first failed check. */
const SCENARIOS = [
  {
    id: 'open',
    name: 'open a C# file: the workbench shows it as C# and AsyncLens starts',
    async run(s) {
      const { page } = s;
      await page.goto(`${s.baseUrl}/?folder=${encodeURIComponent(s.workspace)}`);
      await s.waitFor(page.locator('.monaco-workbench'), 'the workbench', { timeout: 60_000 });
      await s.waitFor(page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'Pricing' }), 'the Explorer listing the sample workspace', { timeout: 60_000 });
      await s.openFile('Pricing/PriceCache.cs', 'GetPriceAsync');
      const lang = await s.poll(async () => {
        const t = (await page.locator('.statusbar-item[id="status.editor.mode"]').innerText().catch(() => '')).trim();
        return t === 'C#' && t;
      }, 'the language status to say C#');
      const status = await s.poll(async () => { const t = await s.asyncLensStatus(); return /AsyncLens: [\d,]+ findings? ·/.test(t) && t; },
        'the AsyncLens status bar item to report its findings (server ready)', { timeout: 60_000 });
      s.log(`  language ${lang}; status bar "${status}"`);
      await s.shot('price-cache-open');
      return { statusBar: status };
    },
  },
  {
    id: 'problems',
    name: 'squiggles in the editor and ASY diagnostics in the Problems panel',
    async run(s) {
      const { page } = s;
      await s.openFile('Workers/ReportWorker.cs', 'ReportWorker');
      await s.goTo(106, 13);
      await s.waitFor(s.editor.locator('.view-lines', { hasText: 'Thread.Sleep' }), 'Thread.Sleep on screen');
      await s.waitFor(s.editor.locator('[class*="squiggly-"]'), 'a squiggle in ReportWorker.cs');
      const squiggles = await s.poll(async () => { const l = await s.squiggleLines(); return l.some((x) => x.line === 106) && l; }, 'a squiggle on line 106 (Thread.Sleep)');
      // The list only renders the rows in view, so each rule is looked up through the panel's filter box.
      const wanted = ['ASY001', 'ASY002', 'ASY003', 'ASY004'];
      const seen = [];
      let panel;
      for (const id of wanted) {
        panel = await s.filterProblems(id);
        const row = await s.waitFor(panel.locator('.monaco-list-row', { hasText: id }), `an ${id} row in the Problems panel`);
        seen.push(`${id}: ${(await s.text(row)).slice(0, 90)}`);
      }
      // ASY010, ASY012 and ASY013 are hints: faint dots under the name (see the lens scenario), never a row here.
      panel = await s.filterProblems('ASY010');
      // The previous filter's ASY004 row goes once this filter applies; no ASY010 row may take its place.
      await s.poll(async () => (await panel.locator('.monaco-list-row', { hasText: 'ASY004' }).count()) === 0, 'the ASY010 filter to apply', { timeout: 5000 });
      const hintRows = await panel.locator('.monaco-list-row', { hasText: 'ASY010' }).count();
      if (hintRows) throw new Error(`${hintRows} ASY010 rows in the Problems panel: hints belong in the editor only`);
      panel = await s.filterProblems('Thread.Sleep');
      const sleepRow = await s.text(await s.waitFor(panel.locator('.monaco-list-row', { hasText: 'ASY002' }), 'the Thread.Sleep row'));
      if (!/\[Ln 106, Col \d+\]/.test(sleepRow)) throw new Error(`the Thread.Sleep row does not point at line 106: ${sleepRow}`);
      // For the picture: this file's problems only.
      panel = await s.filterProblems('**/ReportWorker.cs');
      // The list follows the filter box after a debounce: wait for a row the previous filter had hidden.
      await s.waitFor(panel.locator('.monaco-list-row', { hasText: 'ASY001' }), 'the ReportWorker.cs rows (ASY001 among them)');
      await s.waitFor(panel.locator('.monaco-list-row', { hasText: 'ASY002' }), 'the ReportWorker.cs rows (ASY002 among them)');
      s.log(`  squiggles on lines ${[...new Set(squiggles.map((x) => `${x.line}(${x.kind})`))].join(', ')}`);
      for (const line of seen) s.log(`  Problems ${line}`);
      await s.shot('problems-panel', [page.locator('.part.editor'), page.locator('.part.panel'), page.locator('.part.statusbar')]);
    },
  },
  {
    id: 'hover',
    name: 'the hover on an async method: signature and bytes on its first line, visible at 1440x900 and 1280x720',
    async run(s) {
      const { page } = s;
      await s.hidePanel();
      await s.openFile('Pricing/PriceCache.cs');
      const measured = {};
      for (const size of [{ width: 1440, height: 900 }, { width: 1280, height: 720 }]) {
        await page.setViewportSize(size);
        // WarmUpAsync (line 42) carries no diagnostic of its own, so its hover is the cost card alone. The cursor goes to
        // the start of its line, which the editor reveals: after the window shrinks to 720 px a line above it left the
        // name out of view (a CI run timed out waiting for the token).
        await s.goTo(42, 1);
        const card = page.locator('.monaco-hover:not(.hidden)', { hasText: /sync ≈?\d+ B · suspend ≈?\d+ B/ });
        const text = await s.retry('the hover card', async (attempt) => {
          const name = s.editor.locator('.view-line span', { hasText: /^WarmUpAsync$/ }).first();
          await s.waitFor(name, 'the WarmUpAsync token');
          await page.mouse.move(5, 5);
          if (attempt < 3) {
            await name.hover();
          } else {
            // Last try: the keyboard's Show Hover on the name, in case the mouse path keeps missing.
            await name.click();
            await page.keyboard.press('Control+K');
            await page.keyboard.press('Control+I');
          }
          await s.waitFor(card, 'the hover card with the bytes', { timeout: 10_000 });
          return s.text(card.first());
        });
        // The card's first line holds the bytes, the same as the inlay hint after WarmUpAsync's signature. The hint is
        // read again for a few seconds: the editor may still show the hints of an earlier analysis when the card comes.
        const hintNow = async () => {
          const lines = (await s.editor.locator('.view-lines').innerText()).replace(/[^\S\n]/g, ' ').split('\n');
          return /sync (≈?\d+ B) · suspend (≈?\d+ B)/.exec(lines.find((l) => l.includes('WarmUpAsync(IEnumerable')) ?? '');
        };
        const flat = text.replace(/[^\S\n]/g, ' ');
        const startsWith = (hint) => new RegExp(`^async Task<int> WarmUpAsync · sync ${hint[1]} · suspend ${hint[2]} \\(\\.NET 10\\)`).test(flat);
        const hint = await s.poll(async () => { const h = await hintNow(); return h && startsWith(h) && h; }, 'the inlay hint to show the hover card\'s bytes', { timeout: 5000 }).catch(() => null);
        if (!hint) {
          const last = await hintNow();
          if (!last) throw new Error('no inlay hint after the signature of WarmUpAsync to compare the hover with');
          throw new Error(`the hover card does not start with the signature and the inlay hint's bytes (${last[0]}): ${text.slice(0, 300)}`);
        }
        if (!/Details/.test(text) || /\| bytes per call|state machine struct field/.test(text)) throw new Error(`the hover card is not the short card with a Details link: ${text.slice(0, 400)}`);
        // Visible without scrolling: the line with the bytes lies inside the card's box and inside the window, and
        // the card has no scroll bar.
        const frame = await card.first().boundingBox();
        const bytesLine = await card.locator('p', { hasText: /sync ≈?\d+ B/ }).first().boundingBox();
        const scrolls = await card.first().evaluate((el) => [...el.querySelectorAll('.monaco-scrollable-element')].some((x) => x.scrollHeight > x.clientHeight + 1));
        if (!frame || !bytesLine || bytesLine.y < frame.y || bytesLine.y + bytesLine.height > frame.y + frame.height || bytesLine.y + bytesLine.height > size.height) {
          throw new Error(`at ${size.width}x${size.height} the bytes are not visible in the hover (card ${JSON.stringify(frame)}, bytes line ${JSON.stringify(bytesLine)})`);
        }
        if (scrolls) throw new Error(`at ${size.width}x${size.height} the hover card needs scrolling`);
        s.log(`  hover at ${size.width}x${size.height} (${Math.round(frame.width)}x${Math.round(frame.height)} px): ${text.slice(0, 200)}`);
        measured[`${size.width}x${size.height}`] = { card: { width: Math.round(frame.width), height: Math.round(frame.height) }, text: text.slice(0, 400) };
        await s.shot(`hover-card-${size.width}x${size.height}`, [card, s.editor.locator('.view-line', { hasText: 'WarmUpAsync(IEnumerable' })]);
        await page.mouse.move(5, 5);
        await page.keyboard.press('Escape');
      }
      await page.setViewportSize({ width: 1440, height: 900 });
      return measured;
    },
  },
  {
    id: 'quickfix',
    name: 'Ctrl+. on Thread.Sleep applies await Task.Delay; saved to disk; the diagnostic goes',
    async run(s) {
      const { page } = s;
      const file = path.join(s.workspace, 'Workers', 'ReportWorker.cs');
      await s.openFile('Workers/ReportWorker.cs');
      const column = fs.readFileSync(file, 'utf8').split('\n')[105].indexOf('Thread.Sleep') + 1;
      const fixItem = page.locator('.action-widget .monaco-list-row', { hasText: 'Task.Delay' });
      await s.retry('the quick fix menu', async () => {
        await s.goTo(106, column + 8);
        // Keep the mouse off the word so its hover does not cover the menu.
        await page.mouse.move(5, 5);
        await page.keyboard.press('Control+.');
        await s.waitFor(fixItem, 'the "Task.Delay" quick fix in the Ctrl+. menu', { timeout: 8000 });
      });
      const menu = await s.text(page.locator('.action-widget').first());
      s.log(`  Ctrl+. menu: ${menu.slice(0, 240)}`);
      await s.shot('quick-fix-menu', [s.editor.locator('.view-line', { hasText: 'while (!ct.IsCancellationRequested)' }), page.locator('.action-widget'), s.editor.locator('.view-line', { hasText: 'await Task.Delay(_options' })]);
      const runAsyncHint = async () => {
        const lines = (await s.editor.locator('.view-lines').innerText()).replace(/[^\S\n]/g, ' ').split('\n');
        return /(sync ≈?\d+ B|always suspends) · (suspend ≈?\d+ B|never suspends)/.exec(lines.find((l) => l.includes('RunAsync(CancellationToken ct)')) ?? '')?.[0];
      };
      const hintBefore = await runAsyncHint();
      await fixItem.first().click();
      await s.waitFor(s.editor.locator('.view-lines', { hasText: 'await Task.Delay(' }), 'await Task.Delay in the editor');
      // The fix added an await to RunAsync, so its state machine grew: its inlay hint (the one cost annotation) must
      // follow. VS Code drops its own re-request of hints when the editor loses the focus; the server asks again.
      const agreed = await s.poll(async () => { const hint = await runAsyncHint(); return hint && hint !== hintBefore && { hint }; },
        `RunAsync's inlay hint to change from "${hintBefore}" after the fix`, { timeout: 15_000 });
      s.log(`  after the fix RunAsync's hint reads ${agreed.hint} (before: ${hintBefore})`);
      await page.keyboard.press('Control+S');
      const disk = await s.poll(() => { const t = fs.readFileSync(file, 'utf8'); return t.split('\n')[105]?.includes('await Task.Delay(') && t; }, 'the fix saved to disk');
      if (disk.includes('Thread.Sleep(')) throw new Error('Thread.Sleep is still in the saved file');
      const panel = await s.filterProblems('**/ReportWorker.cs');
      await s.poll(async () => {
        const t = await s.text(panel);
        // ASY025 may now point at the same line: the new Task.Delay call does not pass the method's token.
        return t.includes('ASY001') && !/Thread\.Sleep/.test(t);
      }, 'the Thread.Sleep diagnostic to leave the Problems panel');
      await s.shot('after-fix-saved');
    },
  },
  {
    id: 'lens',
    name: 'one cost annotation per method: inlay hints after signatures, no CodeLens by default',
    async run(s) {
      await s.hidePanel();
      await s.openFile('Pricing/PriceCache.cs');
      // Line 40 in the middle of the screen shows GetPriceAsync (25) and WarmUpAsync (42) with their costs.
      await s.goTo(40, 1);
      const lines = await s.poll(async () => {
        // Inlay hints are rendered inside the line; their padding uses no-break spaces.
        const t = (await s.editor.locator('.view-lines').innerText()).replace(/[^\S\n]/g, ' ');
        const hints = t.split('\n').filter((l) => /(sync ≈?\d+ B|always suspends) · (suspend ≈?\d+ B|never suspends)/.test(l));
        return hints.length && hints;
      }, 'an inlay hint `sync N B · suspend N B` after a signature');
      const lensTexts = (await s.editor.locator('.codelens-decoration').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
      if (lensTexts.some((t) => / B\b/.test(t))) throw new Error(`CodeLens shows the cost a second time by default: ${lensTexts.join(' | ')}`);
      // ASY010 and ASY012 on GetPriceAsync are hints: dots under the name, not squiggles.
      const marks = await s.poll(async () => { const l = await s.squiggleLines(); return l.some((x) => x.line === 25) && l; }, 'the hint dots under GetPriceAsync (line 25)');
      const onName = [...new Set(marks.filter((x) => x.line === 25).map((x) => x.kind))];
      if (onName.some((k) => k !== 'hint')) throw new Error(`GetPriceAsync's ASY010/ASY012 show as ${onName.join(', ')}, not as hints`);
      s.log(`  inlay hints on: ${lines.map((l) => l.trim().slice(0, 120)).join(' | ')}; marks on line 25: ${onName.join(', ')}`);
      await s.shot('inlay-hints', [s.editor.locator('.view-line', { hasText: 'public async Task<Money> GetPriceAsync' }), s.editor.locator('.view-line', { hasText: 'foreach (var sku in skus)' })]);
      return { inlayHintLines: lines.map((l) => l.trim()) };
    },
  },
  {
    id: 'report',
    name: 'the cost report webview with its table and chart',
    async run(s) {
      const { page } = s;
      await s.openFile('Pricing/PriceCache.cs', 'GetPriceAsync');
      await s.runCommand('AsyncLens: Show Cost Report for This File');
      await s.waitFor(page.locator('.tab', { hasText: 'Async cost' }), 'the "Async cost" tab');
      // A webview is an iframe holding another iframe with the page.
      const frame = page.frameLocator('iframe.webview.ready').last().frameLocator('#active-frame');
      await s.waitFor(frame.locator('section.chart svg.bar'), 'the chart bars in the report');
      const rows = await frame.locator('table.methods tbody tr').count();
      const bars = await frame.locator('section.chart svg.bar').count();
      const heading = await s.text(frame.locator('h1'));
      if (!rows || !bars) throw new Error(`the report has ${rows} table rows and ${bars} bars`);
      s.log(`  report "${heading}": ${rows} rows, ${bars} bars`);
      // At 1280x720, beside the editor as it opens: no horizontal scrolling, one line per row.
      await page.setViewportSize({ width: 1280, height: 720 });
      const fit = await s.poll(async () => {
        const f = await frame.locator('body').evaluate((b) => {
          const heights = [...b.querySelectorAll('table.methods tbody tr')].map((r) => r.getBoundingClientRect().height);
          const line = Number.parseFloat(getComputedStyle(b).lineHeight) || Number.parseFloat(getComputedStyle(b).fontSize) * 1.4;
          return { overflow: b.scrollWidth - b.clientWidth, tallest: Math.max(...heights), line, width: b.clientWidth };
        });
        return f.width > 0 && f;
      }, 'the report laid out at 1280x720');
      if (fit.overflow > 0) throw new Error(`the report overflows its ${fit.width} px panel by ${fit.overflow} px at 1280x720`);
      if (fit.tallest > fit.line * 2 + 10) throw new Error(`a report row is ${fit.tallest} px tall: rows should be one line (${fit.line} px) at 1280x720`);
      await s.shot('cost-report-1280x720-beside', [page.locator('.tab', { hasText: 'Async cost' }), frame.locator('body')]);
      s.log(`  at 1280x720 beside the editor: panel ${fit.width} px, no overflow, tallest row ${fit.tallest} px`);
      await page.setViewportSize({ width: 1440, height: 900 });
      // Give the report room for the picture: activate its group and maximize it, as a person reading it would.
      // The click that activates the report's group races with the layout change above: a toggle that arrives while
      // the source's group is still active maximizes that group instead (seen once in CI). So the report's group is
      // checked to be active first, and a toggle that maximized the wrong group is undone before the next attempt.
      const reportTab = () => page.locator('.tab', { hasText: 'Async cost' }).first();
      const sourceTab = () => page.locator('.tab', { hasText: /^PriceCache\.cs/ }).first();
      await s.retry('maximizing the report group', async () => {
        await reportTab().click();
        await s.poll(async () => page.locator('.editor-group-container.active .tab.active', { hasText: 'Async cost' }).first().isVisible(), 'the report group to be active', { timeout: 5000 });
        await s.runCommand('View: Toggle Maximize Editor Group');
        try {
          await s.poll(async () => !(await sourceTab().isVisible()) && (await reportTab().isVisible()), 'the report group to fill the editor area', { timeout: 10_000 });
        } catch (e) {
          if (!(await reportTab().isVisible()) && (await sourceTab().isVisible())) await s.runCommand('View: Toggle Maximize Editor Group');
          throw e;
        }
      });
      await s.waitFor(frame.locator('section.chart svg.bar'), 'the chart after maximizing');
      await s.shot('cost-report', [page.locator('.tab', { hasText: 'Async cost' }), frame.locator('table.methods')]);
      await s.runCommand('View: Toggle Maximize Editor Group');
      await s.poll(async () => sourceTab().isVisible(), 'the editor groups side by side again', { timeout: 10_000 });
      // Close the report (and the rest) so the next scenario has the whole editor area. The webview keeps the
      // keyboard after the layout change; clicking its tab hands the keys back to the workbench. A command sent
      // while the webview still holds the keys is lost (seen once locally), so the close is checked and tried again.
      await s.retry('closing all editors', async () => {
        await reportTab().click();
        await s.runCommand('View: Close All Editors');
        await s.poll(async () => (await page.locator('.tab', { hasText: 'Async cost' }).count()) === 0, 'the report tab to close', { timeout: 10_000 });
      });
      return { rows, bars };
    },
  },
  {
    id: 'syntax-error',
    name: 'typing through a syntax error key by key: the method keeps its findings and hint, marked stale, until it parses',
    async run(s) {
      const { page } = s;
      await s.openFile('Data/OrderRepository.cs', 'LoadAllAsync');
      await s.goTo(32, 1);
      const hintOf = async () => {
        const lines = (await s.editor.locator('.view-lines').innerText()).replace(/[^\S\n]/g, ' ').split('\n');
        return lines.find((l) => l.includes('LoadAllAsync(CancellationToken ct)')) ?? '';
      };
      await s.poll(async () => /sync ≈?\d+\*? ?B/.test(await hintOf()) || / B · suspend/.test(await hintOf()), "LoadAllAsync's inlay hint");
      await s.poll(async () => (await s.squiggleLines()).some((x) => x.line === 35 && x.kind === 'warning'), 'the File.ReadAllText squiggle on line 35');
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      // `var x = 1` without its semicolon: a syntax error in LoadAllAsync for every key after the first.
      const seen = [];
      for (const key of 'var x = 1') {
        await page.keyboard.type(key);
        // A typist's pace, slower than the analysis debounce (150 ms): each key's analysis has time to arrive.
        await page.waitForTimeout(400);
        seen.push((await s.squiggleLines()).some((x) => x.line === 36 && x.kind === 'warning'));
      }
      const stale = await s.poll(async () => { const h = await hintOf(); return /· stale/.test(h) && h; }, "LoadAllAsync's hint to say stale while the line has no semicolon", { timeout: 10_000 });
      await s.poll(async () => (await s.squiggleLines()).some((x) => x.line === 36 && x.kind === 'warning'), 'the File.ReadAllText squiggle, moved to line 36, to stay while the method does not parse');
      const vanished = seen.filter((x) => !x).length;
      if (vanished) throw new Error(`the File.ReadAllText squiggle vanished after ${vanished} of 9 keys while the method did not parse`);
      await s.shot('typing-syntax-error-stale', [s.editor.locator('.view-line', { hasText: 'LoadAllAsync(CancellationToken ct)' }), s.editor.locator('.view-line', { hasText: 'var snapshot = File.ReadAllText' })]);
      await page.keyboard.type(';');
      await s.poll(async () => { const h = await hintOf(); return / B/.test(h) && !/stale/.test(h); }, 'the hint to be fresh once the method parses again', { timeout: 10_000 });
      await s.poll(async () => (await s.squiggleLines()).some((x) => x.line === 36 && x.kind === 'warning'), 'the File.ReadAllText squiggle on line 36 after the semicolon');
      await s.shot('typing-parsed-again');
      // Put the file back as it was (the line is deleted, the file saved) for the scenarios after this one.
      await page.keyboard.press('Escape');
      await page.keyboard.press('Control+Shift+K');
      await page.keyboard.press('Control+S');
      s.log(`  while typing: hint "${stale.trim().slice(-60)}"; the squiggle was missing after ${vanished} of 9 keys (checked 400 ms after each key)`);
      return { staleHint: stale.trim(), squiggleMissingAfterKeys: vanished };
    },
  },
  {
    id: 'typing',
    name: 'typing in a 10,000-line file keeps diagnostics current',
    async run(s) {
      const { page } = s;
      const rel = path.relative(s.workspace, s.largeFile.file).split(path.sep).join('/');
      const lines = fs.readFileSync(s.largeFile.file, 'utf8').split('\n');
      const firstSleep = lines.findIndex((l) => l.includes('Thread.Sleep(')) + 1;
      const opened = Date.now();
      await s.openFile(rel, 'LedgerReplay');
      // The file's first Thread.Sleep is on screen at the top: its squiggle means the file's diagnostics arrived.
      await s.poll(async () => (await s.squiggleLines()).some((x) => x.line === firstSleep), `the squiggle on line ${firstSleep}, the first diagnostics of the large file`, { timeout: 60_000 });
      const firstDiagnosticsMs = Date.now() - opened;
      const initial = await s.problemCounts();
      // A line inside a method body in the middle of the file: `total += i;` of a ReplayBatch method.
      let target = lines.findIndex((l, i) => i > 5000 && l.trim() === 'total += i;') + 1;
      await s.goTo(target, 1);
      await page.keyboard.press('End');
      const before = await s.problemCounts();
      await s.shot('large-file-before-typing');
      // Type a new blocking call on its own line, key by key, like a person.
      await page.keyboard.press('Enter');
      target += 1;
      const typedAt = Date.now();
      await page.keyboard.type('Thread.Sleep(5);', { delay: 30 });
      const typingMs = Date.now() - typedAt;
      const lastKey = Date.now();
      await s.poll(async () => (await s.squiggleLines()).some((x) => x.line === target), `a squiggle under the typed Thread.Sleep on line ${target}`, { timeout: 60_000 });
      const appearMs = Date.now() - lastKey;
      const during = await s.problemCounts();
      await s.shot('large-file-typed-blocking-call');
      // Remove the line again (Ctrl+Shift+K deletes it) and watch the diagnostic go.
      const deletedAt = Date.now();
      await page.keyboard.press('Control+Shift+K');
      await s.poll(async () => !(await s.squiggleLines()).some((x) => x.line === target) && (await s.problemCounts()).warnings === before.warnings,
        'the typed diagnostic to go after deleting the line', { timeout: 60_000 });
      const clearMs = Date.now() - deletedAt;
      await s.shot('large-file-after-delete');
      s.log(`  first diagnostics ${firstDiagnosticsMs} ms after opening (${initial.text}); typed 16 keys in ${typingMs} ms;`
        + ` new squiggle ${appearMs} ms after the last key (${during.text}); gone ${clearMs} ms after deleting the line`);
      return { lines: s.largeFile.lines, firstDiagnosticsMs, typingMs, squiggleAfterLastKeyMs: appearMs, clearedAfterDeleteMs: clearMs };
    },
  },
];

export async function runScenarios(options) {
  const s = new ScenarioContext(options);
  const results = [];
  s.page.setDefaultTimeout(STEP_TIMEOUT_MS);
  for (const scenario of SCENARIOS) {
    s.scenario = scenario.id;
    const t0 = Date.now();
    s.log(`scenario: ${scenario.name}`);
    try {
      const measurements = await scenario.run(s);
      results.push({ name: scenario.name, status: 'passed', ms: Date.now() - t0, measurements });
    } catch (e) {
      await s.shot('FAILED').catch(() => undefined);
      results.push({ name: scenario.name, status: 'failed', ms: Date.now() - t0, message: e.message.split('\n')[0] });
      s.log(`  FAILED: ${e.message.split('\n')[0]}`);
      // Leave no popup or half-typed quick input behind for the next scenario.
      for (let i = 0; i < 3; i++) await s.page.keyboard.press('Escape').catch(() => undefined);
    }
  }
  return results;
}
