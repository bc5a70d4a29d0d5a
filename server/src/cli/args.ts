/** A small argument parser for `asynclens <command> [paths...] --flag value`: no dependency needed for this. */
import { UsageError } from './io';

export interface ParsedArgs {
  positionals: string[];
  flags: Map<string, string | true>;
}

/**
 * Parses `--name value`, `--name=value` and boolean `--name`. `valued` lists the flags that take a value,
 * so `--no-color path` does not swallow the path.
 */
export function parseArgs(argv: string[], valued: readonly string[], booleans: readonly string[]): ParsedArgs {
  const positionals: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!a.startsWith('--')) {
      positionals.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = eq === -1 ? a.slice(2) : a.slice(2, eq);
    if (valued.includes(name)) {
      const value = eq !== -1 ? a.slice(eq + 1) : argv[++i];
      if (value === undefined || (eq === -1 && value.startsWith('--'))) throw new UsageError(`--${name} needs a value`);
      flags.set(name, value);
    } else if (booleans.includes(name)) {
      if (eq !== -1) throw new UsageError(`--${name} takes no value`);
      flags.set(name, true);
    } else {
      throw new UsageError(`unknown option --${name}`);
    }
  }
  return { positionals, flags };
}

export function stringFlag(args: ParsedArgs, name: string, fallback: string, allowed?: readonly string[]): string {
  const v = args.flags.get(name);
  const value = typeof v === 'string' ? v : fallback;
  if (allowed && !allowed.includes(value)) throw new UsageError(`--${name} must be one of ${allowed.join(', ')} (got ${value})`);
  return value;
}
