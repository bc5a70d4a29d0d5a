// How notes and fix titles list names: at most three, then how many more, so that a note naming the callers of a
// method a whole workspace calls stays readable in the Problems panel.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstNames, namesInProse } from '../../server/src/project/proseLists';

test('a list after a colon or in parentheses shows three names and counts the rest', () => {
  assert.equal(firstNames(['Load']), 'Load');
  assert.equal(firstNames(['Load', 'Save']), 'Load, Save');
  assert.equal(firstNames(['Load', 'Save', 'Run']), 'Load, Save, Run');
  assert.equal(firstNames(['Load', 'Save', 'Run', 'Stop', 'Open']), 'Load, Save, Run and 2 more');
});

test('a list inside a sentence joins its last name with and', () => {
  assert.equal(namesInProse(['Tray']), 'Tray');
  assert.equal(namesInProse(['Tray', 'Cli']), 'Tray and Cli');
  assert.equal(namesInProse(['Tray', 'Cli', 'Server']), 'Tray, Cli and Server');
  assert.equal(namesInProse(['Tray', 'Cli', 'Server', 'Agent']), 'Tray, Cli, Server and 1 more');
});
