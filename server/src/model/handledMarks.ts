/**
 * Whether an event handler marks its event handled on every path: `e.Handled = true;` as a statement of the body
 * itself, or of the `finally` of a `try` that is one. An application's handler of WPF's unhandled-exception event
 * (`Application.DispatcherUnhandledException`) that does so keeps the process alive through an exception from the UI
 * thread; ASY020 asks the workspace for one (rules/wpfHandlers.ts), which another file's text cannot tell it.
 * A mark under a condition (`if (IsRecoverable(e.Exception)) e.Handled = true;`) does not count: some exceptions still end
 * the process.
 */
import type { SyntaxNode } from '../parse/syntaxTable';

/** Whether method `fn`, whose second parameter is `argsName`, sets `argsName.Handled = true` unconditionally. */
export function marksEventHandled(fn: SyntaxNode, argsName: string): boolean {
  const body = fn.childForFieldName('body');
  if (!body || body.type !== 'block') return false;
  const statements = body.namedChildren.filter((c) => c.type !== 'comment');
  return statements.some((s) => isHandledMark(s, argsName) || (s.type === 'try_statement' && finallyStatements(s).some((f) => isHandledMark(f, argsName))));
}

function finallyStatements(tryStatement: SyntaxNode): SyntaxNode[] {
  const clause = tryStatement.namedChildren.find((c) => c.type === 'finally_clause');
  const block = clause?.namedChildren.find((c) => c.type === 'block');
  return block ? block.namedChildren.filter((c) => c.type !== 'comment') : [];
}

function isHandledMark(statement: SyntaxNode, argsName: string): boolean {
  if (statement.type !== 'expression_statement') return false;
  const compact = statement.text.replace(/\s+/g, '');
  return compact === `${argsName}.Handled=true;`;
}
