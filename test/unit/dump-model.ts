// Development aid: prints the model of a C# file as JSON (node out/test/unit/dump-model.js File.cs).
import fs from 'node:fs';
import { initParser, parse } from '../../server/src/parse/parser';
import { locateWasm } from '../../server/src/host/wasm';
import { buildFileModel } from '../../server/src/model/extract';

void (async () => {
  await initParser(locateWasm());
  const text = fs.readFileSync(process.argv[2], 'utf8');
  const r = parse(text);
  if (!r.tree) throw new Error(r.error);
  const model = buildFileModel(r.tree, text);
  r.tree.delete();
  console.log(JSON.stringify(model, (k, v) => (k === 'span' || k === 'nameSpan' || k === 'keywordSpan' || k === 'scope' ? undefined : v), 1));
})();
