/**
 * C# 14 extension blocks, as the compiler lowers them. In
 *
 *     public static class QueryExtensions
 *     {
 *         extension<T>(IQueryable<T> source) where T : class
 *         {
 *             public Task<List<T>> PageAsync(int size) => ...;
 *         }
 *     }
 *
 * `PageAsync` is compiled to `public static Task<List<T>> PageAsync<T>(this IQueryable<T> source, int size)` of
 * QueryExtensions, and called as `query.PageAsync(20)` like any extension method; a `static` member of the block is a
 * static method of QueryExtensions without the receiver. The pre-parse pass (parse/prepare.ts) shows tree-sitter
 * such a block as a class with a primary constructor (`class ext<T>(IQueryable<T> source) ...`), which its grammar
 * reads; this module recognises that class by the word `extension` at its start in the source, and says what its
 * members are: the model lists no type for the block, its members are the enclosing class's, static, with the
 * receiver as their first parameter marked `this` (what the workspace index reads as an extension method).
 */
import type { SyntaxNode } from '../parse/parser';
import { namedChildOfType } from '../parse/syntaxTable';
import { normaliseTypeText } from './syntax';

/** Whether `node` is an extension block (a class the pre-parse pass made of one). */
export function isExtensionBlock(node: SyntaxNode): boolean {
  return node.type === 'class_declaration' && node.table.text.startsWith('extension', node.startIndex);
}

/** An extension block's receiver: `source` of type `IQueryable<T>`; the name is null when the block names none. */
export interface ExtensionReceiver {
  name: string | null;
  typeText: string;
}

export function receiverOf(block: SyntaxNode): ExtensionReceiver | null {
  const parameter = namedChildOfType(block, 'parameter_list')?.namedChildren.find((p) => p?.type === 'parameter') ?? null;
  const type = parameter?.childForFieldName('type');
  if (!parameter || !type) return null;
  return { name: parameter.childForFieldName('name')?.text ?? null, typeText: normaliseTypeText(type.text) };
}

/** The block's own type parameters (`T` of `extension<T>(...)`), which every member's lowered method declares first. */
export function blockTypeParameters(block: SyntaxNode): string[] {
  const list = namedChildOfType(block, 'type_parameter_list');
  return list ? list.namedChildren.filter((c) => c?.type === 'type_parameter').map((c) => (c!.childForFieldName('name') ?? c!).text) : [];
}

/** What the block's header says from its start to its members (`extension<T>(IQueryable<T> source) where T : class`). */
export function headerTextOf(block: SyntaxNode): string {
  const body = block.childForFieldName('body');
  return block.table.text.slice(block.startIndex, body ? body.startIndex : block.endIndex);
}

/**
 * The extension block whose member `fn` is (a method, an operator, a property, or one of a property's or indexer's
 * accessors), or null: a lambda or local function inside a member is the member's, not the block's.
 */
export function extensionBlockOfMember(fn: SyntaxNode): SyntaxNode | null {
  let node: SyntaxNode | null = fn;
  if (fn.type === 'accessor_declaration') node = fn.parent?.parent ?? null;
  else if (fn.type !== 'method_declaration' && fn.type !== 'property_declaration' && fn.type !== 'indexer_declaration' && fn.type !== 'operator_declaration') return null;
  const list = node?.parent;
  const block = list?.type === 'declaration_list' ? list.parent : null;
  return block && isExtensionBlock(block) ? block : null;
}
