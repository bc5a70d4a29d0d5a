// What a heap snapshot holds, by class: the objects of each shape (their property names) with their count and own
// bytes, and, with --holding NAME, the objects that have a property NAME (a finding's `ruleId`, a local's
// `liveAcrossAwait`) with the bytes each retains, split by the property that holds them (dominator tree: what would go
// if the object went). Not a test; write a snapshot first, then:
//   ASYNCLENS_HEAP_SNAPSHOT=FILE node --expose-gc out/bench/model-memory.js DIR --index    (models, index, verdicts)
//   ASYNCLENS_HEAP_SNAPSHOT=FILE node --expose-gc out/bench/check-memory.js DIR            (after the rules)
//   node --max-old-space-size=8000 test/bench/heap-summary.mjs FILE [--top N] [--holding NAME]
// A span `{start, end}` shows as an object of no properties: numbers small enough are kept in the object itself, and
// the snapshot lists no edge for them.
import fs from 'node:fs';

const file = process.argv[2];
if (!file) {
  console.error('usage: node test/bench/heap-summary.mjs SNAPSHOT [--top N] [--holding NAME]');
  process.exit(2);
}
const option = (name) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const top = Number(option('--top') ?? 25);
const holding = option('--holding');

const snapshot = JSON.parse(fs.readFileSync(file, 'utf8'));
const meta = snapshot.snapshot.meta;
const NF = meta.node_fields.length;
const EF = meta.edge_fields.length;
const nodeTypes = meta.node_types[0];
const edgeTypes = meta.edge_types[0];
const { nodes, edges, strings } = snapshot;
const TYPE = meta.node_fields.indexOf('type');
const NAME = meta.node_fields.indexOf('name');
const SIZE = meta.node_fields.indexOf('self_size');
const EDGES = meta.node_fields.indexOf('edge_count');
const ETYPE = meta.edge_fields.indexOf('type');
const ENAME = meta.edge_fields.indexOf('name_or_index');
const ETO = meta.edge_fields.indexOf('to_node');
const N = nodes.length / NF;
const firstEdge = new Uint32Array(N + 1);
for (let i = 0, e = 0; i < N; i++) {
  firstEdge[i] = e;
  e += nodes[i * NF + EDGES] * EF;
  firstEdge[i + 1] = e;
}
const typeOf = (v) => nodeTypes[nodes[v * NF + TYPE]];
const nameOf = (v) => strings[nodes[v * NF + NAME]];
const sizeOf = (v) => nodes[v * NF + SIZE];
const propertiesOf = (v) => {
  const names = [];
  for (let k = firstEdge[v]; k < firstEdge[v + 1]; k += EF) if (edgeTypes[edges[k + ETYPE]] === 'property') names.push(strings[edges[k + ENAME]]);
  return names;
};
const mb = (bytes) => (bytes / 1e6).toFixed(2).padStart(8);
const add = (map, key, count, bytes) => {
  const row = map.get(key) ?? [0, 0];
  row[0] += count;
  row[1] += bytes;
  map.set(key, row);
};
const print = (title, map, unit = 'own') => {
  console.log(`\n## ${title}\n\n|  MB (${unit}) | count | class |\n|---:|---:|---|`);
  for (const [key, [count, bytes]] of [...map].sort((a, b) => b[1][1] - a[1][1]).slice(0, top)) console.log(`| ${mb(bytes)} | ${count} | ${key.slice(0, 150)} |`);
};

let total = 0;
const shapes = new Map();
for (let v = 0; v < N; v++) {
  total += sizeOf(v);
  const type = typeOf(v);
  const key = type === 'object' ? `${nameOf(v)}{${propertiesOf(v).join(',')}}` : type === 'string' || type === 'concatenated string' || type === 'sliced string' ? type : `${type}: ${nameOf(v).slice(0, 60)}`;
  add(shapes, key, 1, sizeOf(v));
}
console.log(`${file}: ${N} objects, ${mb(total).trim()} MB own bytes in all`);
print('by class (objects by their properties)', shapes);

if (holding) {
  // Dominators (Cooper, Harvey and Kennedy's iteration over a depth-first post-order), weak edges left out.
  const weak = edgeTypes.indexOf('weak');
  const order = new Int32Array(N).fill(-1);
  const post = new Int32Array(N);
  let count = 0;
  const stack = [0];
  const next = [firstEdge[0]];
  order[0] = -2;
  while (stack.length) {
    const v = stack[stack.length - 1];
    let k = next[next.length - 1];
    let descended = false;
    while (k < firstEdge[v + 1]) {
      const to = edges[k + ETO] / NF;
      const weakEdge = edges[k + ETYPE] === weak;
      k += EF;
      if (!weakEdge && order[to] === -1) {
        order[to] = -2;
        next[next.length - 1] = k;
        stack.push(to);
        next.push(firstEdge[to]);
        descended = true;
        break;
      }
    }
    if (!descended) {
      stack.pop();
      next.pop();
      order[v] = count;
      post[count++] = v;
    }
  }
  const predecessorCount = new Uint32Array(N + 1);
  const forEachEdge = (fn) => {
    for (let v = 0; v < N; v++) {
      if (order[v] < 0) continue;
      for (let k = firstEdge[v]; k < firstEdge[v + 1]; k += EF) if (edges[k + ETYPE] !== weak) fn(v, edges[k + ETO] / NF);
    }
  };
  forEachEdge((_, to) => predecessorCount[to]++);
  const predecessorStart = new Uint32Array(N + 1);
  for (let i = 0; i < N; i++) predecessorStart[i + 1] = predecessorStart[i] + predecessorCount[i];
  const predecessors = new Uint32Array(predecessorStart[N]);
  const fill = predecessorStart.slice();
  forEachEdge((v, to) => (predecessors[fill[to]++] = v));
  const idom = new Int32Array(N).fill(-1);
  idom[0] = 0;
  const intersect = (a, b) => {
    while (a !== b) {
      while (order[a] < order[b]) a = idom[a];
      while (order[b] < order[a]) b = idom[b];
    }
    return a;
  };
  for (let changed = true; changed;) {
    changed = false;
    for (let p = count - 1; p >= 0; p--) {
      const v = post[p];
      if (v === 0) continue;
      let found = -1;
      for (let q = predecessorStart[v]; q < predecessorStart[v + 1]; q++) {
        const u = predecessors[q];
        if (idom[u] !== -1) found = found === -1 ? u : intersect(u, found);
      }
      if (found !== -1 && idom[v] !== found) {
        idom[v] = found;
        changed = true;
      }
    }
  }
  const retained = new Float64Array(N);
  for (let v = 0; v < N; v++) retained[v] = sizeOf(v);
  for (let p = 0; p < count; p++) {
    const v = post[p];
    if (v !== 0 && idom[v] >= 0) retained[idom[v]] += retained[v];
  }
  const parts = new Map();
  let holders = 0;
  let held = 0;
  for (let v = 0; v < N; v++) {
    if (typeOf(v) !== 'object' || !propertiesOf(v).includes(holding)) continue;
    holders++;
    held += retained[v];
    add(parts, '(the object itself)', 1, sizeOf(v));
    for (let k = firstEdge[v]; k < firstEdge[v + 1]; k += EF) {
      const to = edges[k + ETO] / NF;
      if (idom[to] !== v) continue;
      const edgeType = edgeTypes[edges[k + ETYPE]];
      add(parts, `${edgeType === 'property' ? strings[edges[k + ENAME]] : `(${edgeType} ${strings[edges[k + ENAME]] ?? ''})`}: ${typeOf(to)}`, 1, retained[to]);
    }
  }
  console.log(`\n${holders} objects with a property ${holding} retain ${mb(held).trim()} MB, ${holders ? Math.round(held / holders) : 0} bytes each`);
  print(`what the objects with ${holding} retain, by the property that holds it`, parts, 'retained');
}
