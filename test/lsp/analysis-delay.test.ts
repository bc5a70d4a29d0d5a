// The analysis delay (issue 14): `asynclens.analysisDelayMs` decides how long typing must pause before an edited
// document is analysed again. Checked by order, not by speed: with a 5 s delay, no diagnostics of the edited version
// come in the first second; with the delay set to 0, the next edit's diagnostics come without waiting for it.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSession, type Session } from './session';

let session: Session | null = null;
after(async () => {
  await session?.shutdown();
});

const clean = `class Orders
{
    public async System.Threading.Tasks.Task SaveAsync()
    {
        await System.Threading.Tasks.Task.Delay(1);
    }
}
`;
const blocking = clean.replace('await System.Threading.Tasks.Task.Delay(1);', 'await System.Threading.Tasks.Task.Delay(1);\n        System.Threading.Thread.Sleep(10);');

test('an edit is analysed after the configured delay, and a changed delay applies to the next edit', async () => {
  session = await startSession({ settings: { analysisDelayMs: 5000 } });
  const uri = 'untitled:Orders.cs';
  session.open(uri, clean, 1);
  // Opening a document analyses it at once, whatever the delay.
  await session.waitForDiagnostics(uri, (_d, version) => version === 1);
  session.change(uri, 2, [{ text: blocking }]);
  await new Promise((r) => setTimeout(r, 1000));
  assert.equal(session.events.some((e) => e.kind === 'diagnostics' && e.uri === uri && e.version === 2), false, 'version 2 analysed before its delay ran out');
  session.changeSettings({ analysisDelayMs: 0 });
  // Version 2 still waits out the delay it was scheduled with; by then the new setting has long arrived.
  const second = await session.waitForDiagnostics(uri, (_d, version) => version === 2, 15_000);
  assert.ok(second.some((d) => d.code === 'ASY002'), 'the edited text is what was analysed');
  session.change(uri, 3, [{ text: clean }]);
  const third = await session.waitForDiagnostics(uri, (_d, version) => version === 3, 4000);
  assert.ok(!third.some((d) => d.code === 'ASY002'), 'the blocking call is gone again');
});
