// The type of a conditional expression, as C# gives it: the branch type the other branch converts to, where the
// declarations show one (the same type twice, a null or default branch, a workspace type beside its base).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from './support';
import { createIndex, modelFile, updateFile } from '../../server/src/analysis/project';
import { typeOfExpression } from '../../server/src/workspace/typing';
import type { WorkspaceIndex } from '../../server/src/workspace/index';

before(ready);

const SOURCE = `
using System.IO;

namespace Shapes;

public abstract class Sink { }
public sealed class FileSink : Sink { }
public sealed class NullSink : Sink { }
public sealed class Other { }

public sealed class Router
{
    public void Route(bool flag, FileSink file, NullSink none, Other other, Sink any, StreamWriter writer, List<int> ints, List<string> texts, string name, FileSink? maybe, int? count, int zero)
    {
    }
}
`;

function typeOf(expression: string): string | null {
  const index: WorkspaceIndex = createIndex();
  const { model, tree } = modelFile(SOURCE);
  tree?.delete();
  updateFile(index, 'Shapes.cs', model);
  const body = model.bodies.find((b) => b.name === 'Route')!;
  return typeOfExpression(expression, body, model.bodies, index)?.typeText ?? null;
}

test('a conditional of one type twice has that type', () => {
  assert.equal(typeOf('flag ? writer : writer'), 'StreamWriter');
});

test('a null or default branch takes the other branch type', () => {
  assert.equal(typeOf('flag ? null : writer'), 'StreamWriter');
  assert.equal(typeOf('flag ? file : default'), 'FileSink');
});

test('a workspace type beside its base has the base type, cast or not', () => {
  assert.equal(typeOf('flag ? (Sink)file : none'), 'Sink');
  assert.equal(typeOf('name is { } n ? any : new FileSink()'), 'Sink');
});

test('unrelated branches, and one generic type with other arguments, are unknown', () => {
  assert.equal(typeOf('flag ? file : none'), null);
  assert.equal(typeOf('flag ? file : other'), null);
  assert.equal(typeOf('flag ? ints : texts'), null);
});

test('a conditional inside a lambda, an assignment or a string is not the expression', () => {
  assert.equal(typeOf('x => flag ? file : file'), null);
  assert.equal(typeOf('"a ? b : c"'), null);
  assert.equal(typeOf('(name == "a ? b : c" ? writer : writer)'), 'StreamWriter');
});

test('a ?? b has the type both operands share, the right one deciding whether null remains', () => {
  assert.equal(typeOf('maybe ?? file'), 'FileSink');
  assert.equal(typeOf('(maybe ?? file)'), 'FileSink');
  assert.equal(typeOf('count ?? zero'), 'int');
  assert.equal(typeOf('count ?? null'), 'int?');
  assert.equal(typeOf('maybe ?? throw new InvalidOperationException()'), 'FileSink');
  assert.equal(typeOf('maybe ?? any'), 'Sink');
  assert.equal(typeOf('maybe ?? none ?? file'), null);
});

test('a ?? b inside a lambda, an assignment or a string is not the expression', () => {
  assert.equal(typeOf('x => maybe ?? file'), null);
  assert.equal(typeOf('maybe ??= file'), null);
  assert.equal(typeOf('"a ?? b"'), null);
  assert.equal(typeOf('file ?? other'), null);
});
