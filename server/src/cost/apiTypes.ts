/**
 * The cost model's view of the API signature database (server/src/signatures): one file's names (its usings, the
 * namespaces it sits in, its project's target framework and global usings) for member and type lookups, and the
 * same names seen from the runtime that runs the code for struct layouts, since a BCL struct's private fields can
 * differ between .NET 8, 9 and 10 while its public surface does not. Null everywhere when no host provided a
 * database: the cost model then answers from the workspace and its own tables, as it always did.
 */
import type { FileModel } from '../model/types';
import { usingsInScope, workspaceBasesOf, type WorkspaceIndex } from '../workspace/index';
import { nameViewOf, nameViewOver, namesWorkspaceType, type NameView } from '../workspace/nestedTypes';
import type { SignatureDatabase } from '../signatures/database';
import { fileApiScopeOf, signatureDatabase } from '../signatures/provider';
import { apiContext, definitionOf, resolveTypeText, supertypes, type ApiContext } from '../signatures/resolve';
import { instanceFields } from '../signatures/members';
import { DEFAULT_API_SCOPE, type ApiFramework, type ApiScope, type NameContext } from '../signatures/scope';
import { csharpText } from '../signatures/typeText';
import type { ApiTypeKind } from '../signatures/database';

export interface CostApi {
  /** Names, members and overloads as the file sees them (its usings, its project's target framework). */
  names: ApiContext;
  /** The same names with the framework of the runtime profile, whose implementation assemblies give struct layouts. */
  layouts: ApiContext;
}

/** What the database says about a type named in C#, for sizing it. */
export interface ApiTypeFacts {
  kind: ApiTypeKind;
  /** The qualified name, for messages. */
  fullName: string;
  /** An enum's underlying primitive (`int`, `byte`). */
  enumUnderlying?: string;
  /** A struct's instance fields in metadata order, qualified C#, for the runtime's framework; null when not recorded. */
  fields?: { name: string; typeText: string }[] | null;
  /** A struct declared [StructLayout(LayoutKind.Auto)] (the runtime lays it out by size whatever it holds). */
  autoLayout?: boolean;
  isRefStruct?: boolean;
}

/**
 * Keyed by the model's `types` array, not the model: the language server estimates each body against a copy of
 * the model whose `bodies` are that body's group (engine/costs.ts), and a cache keyed by the copy missed every
 * time, so every body built a new API context and recomputed every supertype chain it asked about. The entry
 * remembers the `usings` it was built for, the other part of the model it reads.
 */
const cache = new WeakMap<object, Map<string, { db: SignatureDatabase; version: number; usings: readonly string[]; api: CostApi }>>();

/**
 * The names context per file, shared by every runtime profile's CostApi: only struct layouts depend on the
 * runtime's framework, so the expression typing, whose answers are kept per names context (expressionTypes.ts),
 * types a method once for the two profiles a snapshot estimates instead of once per profile.
 */
const namesCache = new WeakMap<object, Map<string, { db: SignatureDatabase; version: number; usings: readonly string[]; names: ApiContext; nameContext: NameContext & { scope: ApiScope } }>>();

/**
 * The database as one file sees it, for a runtime's framework (net8.0, net9.0 or net10.0; older runtimes read
 * .NET 8's layouts, newer ones .NET 10's). `model` is the file's model (usings, types); `file` its key in the index.
 */
export function costApiFor(model: Pick<FileModel, 'usings' | 'types' | 'globalUsings'>, file: string | null, index: WorkspaceIndex | null, layoutFramework: ApiFramework | null): CostApi | null {
  const db = signatureDatabase();
  if (!db) return null;
  const version = index?.version ?? -1;
  let perModel = cache.get(model.types);
  if (!perModel) cache.set(model.types, (perModel = new Map()));
  const key = `${file ?? ''}|${layoutFramework ?? ''}`;
  const known = perModel.get(key);
  if (known && known.db === db && known.version === version && known.usings === model.usings) return known.api;
  const { names: namesContext, nameContext } = namesContextFor(db, model, file, index);
  const scope = nameContext.scope;
  const layouts = layoutFramework && layoutFramework !== scope.framework ? apiContext(db, { ...nameContext, scope: { ...scope, framework: layoutFramework } }) : namesContext;
  const api: CostApi = { names: namesContext, layouts };
  perModel.set(key, { db, version, usings: model.usings, api });
  return api;
}

function namesContextFor(db: SignatureDatabase, model: Pick<FileModel, 'usings' | 'types' | 'globalUsings'>, file: string | null, index: WorkspaceIndex | null): { names: ApiContext; nameContext: NameContext & { scope: ApiScope } } {
  const version = index?.version ?? -1;
  let perModel = namesCache.get(model.types);
  if (!perModel) namesCache.set(model.types, (perModel = new Map()));
  const key = file ?? '';
  const known = perModel.get(key);
  if (known && known.db === db && known.version === version && known.usings === model.usings) return known;
  const project = file !== null ? fileApiScopeOf(file) : null;
  const scope = project?.scope ?? DEFAULT_API_SCOPE;
  const declared = new Set(model.types.map((t) => t.name));
  let view: NameView | undefined;
  const nameContext: NameContext & { scope: ApiScope } = {
    usings: usingsInScope(model, index, file),
    globalUsings: project?.globalUsings,
    scope,
    isWorkspaceType: (name: string) => (index ? namesWorkspaceType(index, name, view ??= file !== null && index.files.has(file) ? nameViewOf(index, file) : nameViewOver(index, model)) : declared.has(name)),
    workspaceBases: (name: string, typeArguments: readonly string[]) => (index ? workspaceBasesOf(index, name, typeArguments) : []),
  };
  const entry = { db, version, usings: model.usings, names: apiContext(db, nameContext), nameContext };
  perModel.set(key, entry);
  return entry;
}

/** The kind, enum base and struct fields of a type the file names, or null when the database does not know it. */
export function apiTypeFacts(api: CostApi, typeText: string): ApiTypeFacts | null {
  const type = resolveTypeText(api.names, typeText);
  const d = type ? definitionOf(api.names, type) : undefined;
  if (!type || !d) return null;
  const facts: ApiTypeFacts = { kind: d.kind, fullName: csharpText(type, { qualified: true }) };
  if (d.kind === 'enum') facts.enumUnderlying = d.baseType ? csharpText(d.baseType) : 'int';
  if (d.kind === 'struct') {
    // The layout comes from the runtime's framework; a package struct has one layout for every framework.
    const fields = instanceFields(api.layouts, type) ?? instanceFields(api.names, type);
    facts.fields = fields ? fields.map((f) => ({ name: f.name, typeText: csharpText(f.type, { qualified: true }) })) : null;
    facts.autoLayout = d.isAutoLayout;
    facts.isRefStruct = d.isRefStruct;
  }
  return facts;
}

/** The database's framework for a runtime profile's layouts: .NET 6 and 7 are read as .NET 8, .NET 11 as .NET 10. */
export function layoutFrameworkOf(runtime: string): ApiFramework {
  const m = /^net(\d+)/.exec(runtime);
  const major = m ? Number(m[1]) : 10;
  return major >= 10 ? 'net10.0' : major === 9 ? 'net9.0' : 'net8.0';
}

/** The simple names of a type's base types and interfaces, nearest first (`Task<int>`: Task, IAsyncResult, ...). */
export function apiSupertypesOf(api: CostApi, typeText: string): string[] {
  const type = resolveTypeText(api.names, typeText);
  if (!type || !definitionOf(api.names, type)) return [];
  return supertypes(api.names, type).map((s) => (s.kind === 'named' ? definitionOf(api.names, s)?.name ?? s.name : '')).filter((n) => n !== '');
}
