/**
 * Client interfaces of strongly typed hubs: the `IChatClient` of a workspace `ChatHub : Hub<IChatClient>`
 * (knowledge/typedHubClients.ts). The framework sends a call of such an interface's method to the clients under
 * the method's name, so the name belongs to the wire protocol, not to the C# naming convention.
 */
import type { TypeDeclaration } from '../model/types';
import { splitTopLevel } from '../model/syntax';
import { indexMemo, stripGenerics, typeFamily, workspaceBasesOf, type WorkspaceIndex } from '../workspace/index';
import { typedHubClientBase } from '../knowledge/typedHubClients';
import { fileImportsNamespace } from './asy001-004-blocking-common';

interface ClientOfHub {
  client: string;
  nameAttribute: string;
}

/** How far up a chain of workspace base classes (`ChatHub : AppHub<IChatClient>`, `AppHub<T> : Hub<T>`) to look. */
const MAX_BASE_DEPTH = 4;

/** `Hub<IChatClient>` -> ['IChatClient']; a type without type arguments has none. */
function typeArgumentsOf(typeText: string): string[] {
  const lt = typeText.indexOf('<');
  const gt = typeText.lastIndexOf('>');
  return lt === -1 || gt < lt ? [] : splitTopLevel(typeText.slice(lt + 1, gt));
}

/**
 * The client interface a base type as written names, when it is a typed hub base of a framework the file imports
 * (or names qualified), following the workspace's own generic base classes down to it; null otherwise.
 */
function clientOfBase(index: WorkspaceIndex, file: string, usings: readonly string[], base: string, depth = 0): ClientOfHub | null {
  const simple = stripGenerics(base);
  const args = typeArgumentsOf(base);
  const row = typedHubClientBase(simple, args.length);
  if (row) {
    const head = base.replace(/<.*$/s, '').replace(/^global::/, '').trim();
    const qualified = row.namespaces.some((ns) => head === `${ns}.${simple}`);
    const imported = row.namespaces.some((ns) => fileImportsNamespace(index, file, usings, ns));
    if (qualified || imported) return { client: stripGenerics(args[row.clientArgument]!), nameAttribute: row.nameAttribute };
  }
  if (depth >= MAX_BASE_DEPTH) return null;
  for (const next of workspaceBasesOf(index, simple, args)) {
    const found = clientOfBase(index, file, usings, next, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Every interface the workspace's typed hubs call their clients through, with the interfaces they derive from, by
 * simple name, each with the attribute that would rename its methods on the wire.
 */
function typedHubClientInterfaces(index: WorkspaceIndex): ReadonlyMap<string, string> {
  return indexMemo(index, 'typedHubClientInterfaces', () => {
    const names = new Map<string, string>();
    for (const [file, model] of index.files) {
      for (const type of model.types) {
        if (type.kind !== 'class' || type.baseTypes.length === 0) continue;
        const found = clientOfBase(index, file, model.usings, type.baseTypes[0]!);
        // The proxy implements the interface's inherited methods too, under their own names.
        if (found) for (const name of typeFamily(index, found.client)) names.set(name, found.nameAttribute);
      }
    }
    return names;
  });
}

/**
 * Whether this interface method is sent to a typed hub's clients under its own name: the interface is a typed hub's
 * client interface and the method's declaration (`declarationHead`, its text before the name, attributes included)
 * gives no other wire name through the row's attribute.
 */
export function isTypedHubClientMethod(index: WorkspaceIndex, type: TypeDeclaration, declarationHead: string): boolean {
  if (type.kind !== 'interface') return false;
  const nameAttribute = typedHubClientInterfaces(index).get(type.name);
  if (nameAttribute === undefined) return false;
  return !new RegExp(`\\[\\s*(?:[\\w.]+\\.)?${nameAttribute}(?:Attribute)?\\s*\\(`).test(declarationHead);
}
