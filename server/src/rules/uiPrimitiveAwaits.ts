/**
 * Whether an await's operand is a UI-framework primitive that practically never faults (knowledge/uiPrimitiveAwaits.ts:
 * Avalonia's `Animation.RunAsync`, `DragDrop.DoDragDrop`, the storage pickers), with a receiver the row allows. ASY020
 * and ASY021 (through rules/faultFreeCalls.ts awaitCannotFault) do not count such an await as one whose exception
 * escapes an async void handler: the fifth seeded reading of the fortieth session found eleven handlers of
 * StabilityMatrix and v2rayN reported whose only await was one of these.
 */
import type { MethodBody } from '../model/types';
import { bodyChain, declaresLocalOrParameter, keptLocal } from '../model/bodies';
import { splitCallText } from '../model/syntax';
import { containerOf, typeFamily, typesNamed, type WorkspaceIndex } from '../workspace/index';
import { fileImportsNamespace } from './asy001-004-blocking-common';
import { UI_PRIMITIVE_AWAITS, type UiPrimitiveAwait } from '../knowledge/uiPrimitiveAwaits';

/** The row the awaited call (`operand`, without ConfigureAwait) matches in `body`, or undefined. */
export function uiPrimitiveAwaited(index: WorkspaceIndex, file: string, body: MethodBody, operand: string): UiPrimitiveAwait | undefined {
  const call = splitCallText(operand);
  if (!call || call.receiver === null) return undefined;
  const receiver = call.receiver.trim();
  return UI_PRIMITIVE_AWAITS.find((row) => row.members.includes(call.name) && receiverFits(index, file, body, row, receiver));
}

function receiverFits(index: WorkspaceIndex, file: string, body: MethodBody, row: UiPrimitiveAwait, receiver: string): boolean {
  const bodies = index.files.get(file)?.bodies ?? [];
  const chain = bodyChain(body, bodies);
  const imports = () => fileImportsNamespace(index, file, index.files.get(file)?.usings ?? [], row.namespace);
  switch (row.receiver.kind) {
    case 'staticType': {
      // `DragDrop` where the file imports Avalonia.Input, or `Avalonia.Input.DragDrop`; a workspace type or a value of
      // that name is something else.
      const type = row.receiver.type;
      if (receiver === `${row.namespace}.${type}` || receiver === `global::${row.namespace}.${type}`) return true;
      return receiver === type && imports() && !declaresLocalOrParameter(chain, type) && !workspaceDeclares(index, file, chain, row, type);
    }
    case 'inheritedProperty': {
      // `StorageProvider` (or `this.StorageProvider`) read from a framework base: no workspace type of the caller's
      // family declares a member of that name, which would be the one read instead.
      const property = row.receiver.property;
      if (receiver !== property && !new RegExp(String.raw`^this\s*\.\s*${property}$`).test(receiver)) return false;
      if (!imports() || declaresLocalOrParameter(chain, property) || workspaceDeclares(index, file, chain, row, property)) return false;
      const owner = chain.map((b) => b.containingType).find((t) => t !== null);
      if (!owner) return false;
      return ![...typeFamily(index, owner)].some((name) => typesNamed(index, name).some((ref) => !ofFramework(row, ref.type.fullName) && ref.type.members.some((m) => m.name === property)));
    }
    case 'newLocal': {
      // `var animation = new Animation { ... }` (or `Animation animation = new() { ... }`), never assigned again.
      const { type, refusedIn } = row.receiver;
      if (!/^@?[A-Za-z_]\w*$/.test(receiver)) return false;
      const kept = keptLocal(body, bodies, receiver);
      const creation = kept?.local.initializerText?.trim() ?? '';
      const qualified = new RegExp(String.raw`^new\s+(?:global::)?${row.namespace.replace(/\./g, String.raw`\.`)}\.${type}\b`).test(creation);
      const simple = new RegExp(String.raw`^new\s+${type}\b`).test(creation) || (/^new\s*\(/.test(creation) && kept?.local.typeText?.trim() === type);
      if (!qualified && !(simple && imports() && !workspaceDeclares(index, file, chain, row, type))) return false;
      return !refusedIn.some((word) => new RegExp(String.raw`\b${word}\b`).test(creation));
    }
  }
}

/**
 * Whether a workspace type of this name, outside the framework's own namespaces, could be the one the name means in
 * the calling file (a code base's own `DragDrop` helper): it is declared in that file, in the caller's namespace or
 * one around it, or in a namespace the file imports. A type in the framework's namespaces is the framework's: a code
 * base that vendors it, or a fixture's stand-in.
 */
function workspaceDeclares(index: WorkspaceIndex, file: string, chain: readonly MethodBody[], row: UiPrimitiveAwait, name: string): boolean {
  const owner = chain.map((b) => b.containingType).find((t) => t !== null) ?? null;
  const ownerFullName = owner ? typesNamed(index, owner.split('.').pop()!).find((ref) => ref.file === file)?.type.fullName ?? null : null;
  const usings = index.files.get(file)?.usings ?? [];
  return typesNamed(index, name).some((ref) => {
    if (ofFramework(row, ref.type.fullName)) return false;
    if (ref.file === file || ownerFullName === null) return true;
    const namespace = containerOf(ref.type);
    return namespace === '' || ownerFullName.startsWith(`${namespace}.`) || fileImportsNamespace(index, file, usings, namespace);
  });
}

/** A full type name in the row's framework's namespaces (`Avalonia.Controls.Window` for an Avalonia row). */
function ofFramework(row: UiPrimitiveAwait, fullName: string): boolean {
  const root = row.namespace.split('.')[0];
  return fullName === root || fullName.startsWith(`${root}.`);
}
