/**
 * A cache of file models on disk, so a second `check` or `cost` of the same folders (a CI job whose cache step keeps
 * the folder, a pre-commit hook; cli/modelCache.ts) and the language server's indexing when the editor opens the
 * same folders again (lsp/engine/engine.ts) parse and model only the files that changed. Parsing and modelling are
 * most of what a check or an indexing costs; the index, the verdicts and the rules still run on every file, since
 * any file's change may change another's findings.
 *
 * One pack per set of folders and user of the cache (the command line and the language server run different
 * bundles, so each keeps its own instead of writing over the other's), in the user's cache folder (`models/v1` beside the package signatures,
 * host/packageSignatures.ts; ASYNCLENS_CACHE_DIR moves it, `--no-cache` or ASYNCLENS_MODEL_CACHE=off leaves it
 * out): gzip'd JSON lines, a header naming the tool that wrote it, then one line per file with its path, the
 * SHA-256 of its text, its preprocessing symbols and its model. A model is a function of those and of the code that
 * built it, so the header holds a fingerprint of the running bundle and the parser's wasm files: any other build
 * ignores the pack and writes its own. The pack holds only the files of the last run, so it never grows beyond
 * the workspace; a pack no run has used for PACK_MAX_AGE_DAYS is deleted when another is written.
 *
 * A pack that cannot be read is ignored with one line on stderr and written again; nothing the cache does can fail
 * a check. Writes go to a temporary file renamed into place, so a reader never sees half a pack.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { once } from 'node:events';
import type { FileModel } from '../model/types';
import type { SourceFile } from '../analysis/project';

const PACK_FORMAT = 1;
const PACK_MAX_AGE_DAYS = 30;
/** A pack larger than this (compressed) is not read: it could not have come from a workspace we would check. */
const MAX_PACK_BYTES = 1 << 30;

interface PackEntry {
  hash: string;
  symbols: string;
  model: FileModel;
}

/** A file's model to keep: its text was looked up in this cache (which hashed it then), or is given. */
export interface ModelToKeep {
  path: string;
  text?: string;
  preprocessorSymbols?: readonly string[];
  model: FileModel;
  /** Why the file was left out (a model cut short by its time limit); such models are not kept. */
  error?: string;
}

export interface FileModelCache {
  /** The pack file, for messages. */
  readonly file: string;
  /** The cached model of the source when its text and preprocessing symbols are the ones it was built from. */
  lookup(source: SourceFile): FileModel | null;
  /** How many lookups found a model. */
  readonly hits: number;
  /**
   * Writes the pack again when this run modelled any file afresh or a file of the pack is gone (only models without
   * an error are kept), else marks the pack as used. Returns a problem to report, or null.
   */
  save(modelled: readonly ModelToKeep[]): Promise<string | null>;
}

/** A fingerprint of the code that builds models: the bundle and the parser's wasm files, read once. */
export function toolFingerprint(files: readonly string[]): string {
  const hash = crypto.createHash('sha256');
  for (const file of files) {
    hash.update(file.length.toString()).update(path.basename(file));
    hash.update(fs.readFileSync(file));
  }
  return hash.digest('hex');
}

/** Who keeps a pack: the command line's runs, or the language server's indexing. */
export type CacheUser = 'cli' | 'server';

/** The pack file of a set of folders (their absolute paths, in any order) under the cache directory. */
export function packFileOf(directory: string, roots: readonly string[], user: CacheUser = 'cli'): string {
  const key = crypto.createHash('sha256').update([...roots].map((r) => path.resolve(r)).sort().join('\n')).digest('hex').slice(0, 24);
  return path.join(directory, 'models', `v${PACK_FORMAT}`, `${key}${user === 'cli' ? '' : `.${user}`}.jsonl.gz`);
}

// A generated file's model leaves its plain bodies out (SourceFile.generatedCode), so the flag is part of the key.
const symbolsKey = (source: { preprocessorSymbols?: readonly string[]; generatedCode?: boolean }): string =>
  JSON.stringify(source.preprocessorSymbols ?? null) + (source.generatedCode ? ' generated' : '');
const textHash = (text: string): string => crypto.createHash('sha256').update(text).digest('hex');

/**
 * Opens the cache of these folders: reads their pack when it was written by this tool. `problem` says why a pack
 * that exists could not be used (it is then written afresh at the end of the run).
 */
export async function openModelCache(options: { directory: string; roots: readonly string[]; fingerprint: string; user?: CacheUser }): Promise<{ cache: FileModelCache; problem: string | null }> {
  const file = packFileOf(options.directory, options.roots, options.user);
  const read = await readPack(file, options.fingerprint);
  const entries = read.entries;
  const hashes = new Map<string, string>();
  let hits = 0;
  const cache: FileModelCache = {
    file,
    get hits() {
      return hits;
    },
    lookup(source) {
      // Hashed whether or not the pack holds the file, so `save` needs no text of the files looked up.
      const hash = textHash(source.text);
      hashes.set(source.path, hash);
      const entry = entries.get(source.path);
      if (!entry) return null;
      if (entry.hash !== hash || entry.symbols !== symbolsKey(source)) return null;
      hits++;
      return entry.model;
    },
    async save(modelled) {
      // Every file found in the pack, and the pack holding no other: nothing to write.
      const unchanged = entries.size > 0 && hits === modelled.length && modelled.length === entries.size;
      try {
        if (unchanged) {
          // Marked as used, so pruning keeps it; a pack it cannot touch (a read-only cache) still served this run.
          try {
            const now = new Date();
            fs.utimesSync(file, now, now);
          } catch {
            // Nothing to report: the pack was read and nothing needed writing.
          }
          return null;
        }
        const kept: PackLine[] = [];
        for (const m of modelled) {
          const hash = hashes.get(m.path) ?? (m.text !== undefined ? textHash(m.text) : null);
          // A file neither looked up nor given with its text cannot be recognised by a later run.
          if (!m.error && hash !== null) kept.push({ path: m.path, hash, symbols: symbolsKey(m), model: m.model });
        }
        await writePack(file, options.fingerprint, kept);
        pruneOldPacks(path.dirname(file), file);
        return null;
      } catch (err) {
        return `the model cache could not be written to ${file} (${err instanceof Error ? err.message : String(err)}); the next run models every file again`;
      }
    },
  };
  return { cache, problem: read.problem };
}

/**
 * Reads a pack line by line as it is decompressed: the whole decompressed text of a large workspace's pack is
 * hundreds of megabytes, and holding it while its models are parsed raised the peak memory of a warm run by as much.
 */
async function readPack(file: string, fingerprint: string): Promise<{ entries: Map<string, PackEntry>; problem: string | null }> {
  const entries = new Map<string, PackEntry>();
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile() || stat.size > MAX_PACK_BYTES) return { entries, problem: `${file} is not a model pack` };
  } catch (err) {
    // No pack yet: the first run in these folders.
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { entries, problem: null };
    return { entries, problem: `the model cache ${file} could not be read (${(err as NodeJS.ErrnoException).code ?? String(err)}); every file is modelled` };
  }
  let line = 0;
  let foreign = false;
  const take = (text: string) => {
    const record = JSON.parse(text) as Record<string, unknown>;
    if (line++ === 0) {
      // Another build's pack (or another format) says nothing about this build's models.
      foreign = record.format !== PACK_FORMAT || record.tool !== fingerprint;
      return;
    }
    if (typeof record.path !== 'string' || typeof record.hash !== 'string' || typeof record.symbols !== 'string' || !record.model || typeof record.model !== 'object') {
      throw new Error(`line ${line} is not a model entry`);
    }
    entries.set(record.path, { hash: record.hash, symbols: record.symbols, model: record.model as FileModel });
  };
  const source = fs.createReadStream(file);
  const input = source.pipe(zlib.createGunzip());
  // pipe() does not pass on the file's errors (a pack removed by another run between the stat and the read): they
  // end the decompression, and the loop below reports them, instead of escaping as an unhandled stream error.
  source.on('error', (err) => input.destroy(err));
  try {
    let pending: Buffer[] = [];
    for await (const chunk of input as AsyncIterable<Buffer>) {
      let start = 0;
      for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
        pending.push(chunk.subarray(start, end));
        take(Buffer.concat(pending).toString('utf8'));
        pending = [];
        start = end + 1;
        if (foreign) break;
      }
      if (foreign) break;
      if (start < chunk.length) pending.push(chunk.subarray(start));
    }
    // A last line without its newline (only non-empty pieces are kept in `pending`).
    if (!foreign && pending.length) take(Buffer.concat(pending).toString('utf8'));
    return { entries, problem: null };
  } catch (err) {
    return { entries: new Map(), problem: `the model cache ${file} is damaged (${err instanceof Error ? err.message : String(err)}); every file is modelled and the cache written again` };
  } finally {
    source.destroy();
    input.destroy();
  }
}

/** Writes the pack line by line through gzip into a temporary file, then renames it over the old pack. */
interface PackLine extends PackEntry {
  path: string;
}

async function writePack(file: string, fingerprint: string, entries: readonly PackLine[]): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  const gzip = zlib.createGzip({ level: 1 });
  const out = fs.createWriteStream(temporary);
  gzip.pipe(out);
  const finished = new Promise<void>((resolve, reject) => {
    out.on('close', resolve);
    out.on('error', reject);
    gzip.on('error', reject);
  });
  try {
    const write = async (line: string) => {
      if (!gzip.write(line + '\n')) await Promise.race([once(gzip, 'drain'), finished]);
    };
    await write(JSON.stringify({ format: PACK_FORMAT, tool: fingerprint }));
    // One line per file, each written as it is made: the pack is never one string (a large workspace's models are
    // hundreds of megabytes of JSON).
    for (const e of entries) await write(JSON.stringify({ path: e.path, hash: e.hash, symbols: e.symbols, model: e.model }));
    gzip.end();
    await finished;
    fs.renameSync(temporary, file);
  } catch (err) {
    gzip.destroy();
    out.destroy();
    fs.rmSync(temporary, { force: true });
    throw err;
  }
}

/** Deletes packs (and temporary files left by a run that died) that no run has used for a while. */
function pruneOldPacks(directory: string, keep: string): void {
  const now = Date.now();
  for (const name of fs.readdirSync(directory)) {
    const file = path.join(directory, name);
    if (file === keep || !/\.jsonl\.gz(?:\.\d+\.\d+\.tmp)?$/.test(name)) continue;
    try {
      const age = (now - fs.statSync(file).mtimeMs) / 86_400_000;
      if (age > (name.endsWith('.tmp') ? 1 : PACK_MAX_AGE_DAYS)) fs.rmSync(file, { force: true });
    } catch {
      // Another run removed it first.
    }
  }
}
