// Deeply nested C# that was once quadratic or cubic to analyse (issue 10), shared by the benchmark and the tests.

/** The shapes issue 10 measured (and a few more), at size n. */
export function deepShapes(n: number): Record<string, string> {
  const wrap = (body: string, extra = '') => `using System;\nusing System.Threading.Tasks;\nnamespace Deep;\npublic class C\n{\n    public async Task<object> M(Task<object> t)\n    {\n${body}\n    }\n${extra}}\n`;
  let lambdas = 'await Task.Yield();';
  for (let i = 0; i < 2 * n; i++) lambdas = `Func<Task> f${i} = async () => { ${lambdas} };`;
  let locals = 'await Task.Yield();';
  for (let i = 0; i < 2 * n; i++) locals = `async Task L${i}() { ${locals} }`;
  let blocks = 'await t;';
  for (let i = 0; i < n; i++) blocks = `if (t != null) { await t; ${blocks} }`;
  return {
    [`${n} nested awaits`]: wrap(`        return ${'await '.repeat(n)}t;`),
    [`${2 * n} nested async lambdas`]: wrap(`        ${lambdas}\n        return await t;`),
    [`${2 * n} nested local functions`]: wrap(`        ${locals}\n        return await t;`),
    [`.Result chain of ${n}`]: wrap(`        var x = t${'.Result'.repeat(n)};\n        return await t;`),
    [`${n} nested ifs, an await in each`]: wrap(`        ${blocks}\n        return await t;`),
    [`${n} nested calls with awaited arguments`]: wrap(`        return ${'Id(await '.repeat(n)}t${')'.repeat(n)};`, '    static Task<object> Id(object o) => Task.FromResult(o);\n'),
    // A fluent chain, one call per line, each with a lambda (seed data written as `.Alter(key, x => ...)` thousands
    // of times): typing each call's receiver once read the whole chain before it.
    [`fluent chain of ${3 * n} calls`]: wrap(`        var c = this${'\n            .Alter("key", x => x.Name = "value")'.repeat(3 * n)};\n        return await t;`,
      '    public string Name { get; set; } = "";\n    C Alter(string key, Action<C> change) { change(this); return this; }\n'),
  };
}

