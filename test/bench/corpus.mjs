// Generates a realistic C# corpus of async code for benchmarks: services with repositories, caches,
// loops, try/finally, blocking calls and their exemptions. Deterministic for a given size.
// Usage: node test/bench/corpus.mjs <out-dir> [lines=50000]
import fs from 'node:fs';
import path from 'node:path';

function methodTemplates(i) {
  return [
    `    public async Task<Order?> LoadOrder${i}Async(Guid id, CancellationToken ct)
    {
        if (_cache.TryGetValue(id, out var cached)) return cached;
        await _gate.WaitAsync(ct).ConfigureAwait(false);
        try
        {
            var order = await _repository.FindAsync(id, ct).ConfigureAwait(false);
            if (order is not null) _cache[id] = order;
            return order;
        }
        finally
        {
            _gate.Release();
        }
    }`,
    `    public async Task<decimal> Total${i}Async(IReadOnlyList<Guid> ids, CancellationToken ct)
    {
        decimal total = 0m;
        foreach (var id in ids)
        {
            var order = await LoadOrder${i}Async(id, ct);
            total += order?.Amount ?? 0m;
        }
        return total;
    }`,
    `    public async Task<int> Count${i}Async()
    {
        var text = File.ReadAllText(_path);
        await Task.Yield();
        return text.Length + _counter;
    }`,
    `    public int CountBlocking${i}()
    {
        return Count${i}Async().Result;
    }`,
    `    public async Task Refresh${i}Async(CancellationToken ct)
    {
        for (int attempt = 0; attempt < 3; attempt++)
        {
            try
            {
                await _client.PingAsync(ct);
                return;
            }
            catch (HttpRequestException) when (attempt < 2)
            {
                await Task.Delay(100 * attempt, ct);
            }
        }
    }`,
    `    public async Task<string> Describe${i}Async(Guid id) => await DescribeCore${i}Async(id);

    private Task<string> DescribeCore${i}Async(Guid id) => Task.FromResult(id.ToString());`,
    `    public async ValueTask<int> Peek${i}Async()
    {
        lock (_sync)
        {
            _counter++;
        }
        return await new ValueTask<int>(_counter);
    }`,
    `    public async Task<int[]> Fan${i}Async(int n)
    {
        var tasks = Enumerable.Range(0, n).Select(k => Task.Run(() => k * 2)).ToArray();
        await Task.WhenAll(tasks);
        return tasks.Select(t => t.Result).ToArray();
    }`,
  ];
}

function fileText(fileNo, methodsPerClass) {
  const methods = [];
  for (let m = 0; m < methodsPerClass; m++) {
    const templates = methodTemplates(`${fileNo}_${m}`);
    methods.push(templates[m % templates.length]);
  }
  return `using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;

namespace Bench.Generated${fileNo};

public sealed record Order(Guid Id, decimal Amount);

public interface IOrderRepository { Task<Order?> FindAsync(Guid id, CancellationToken ct); }
public interface IPingClient { Task PingAsync(CancellationToken ct); }

public sealed class OrderService${fileNo}
{
    private readonly Dictionary<Guid, Order> _cache = new();
    private readonly SemaphoreSlim _gate = new(1, 1);
    private readonly object _sync = new();
    private readonly IOrderRepository _repository;
    private readonly IPingClient _client;
    private readonly string _path;
    private int _counter;

    public OrderService${fileNo}(IOrderRepository repository, IPingClient client, string path)
    {
        _repository = repository;
        _client = client;
        _path = path;
    }

${methods.join('\n\n')}
}
`;
}

export function generateCorpus(outDir, targetLines = 50000, linesPerFile = 500) {
  fs.mkdirSync(outDir, { recursive: true });
  let total = 0;
  let fileNo = 0;
  while (total < targetLines) {
    // About 11 lines per method on average, plus a 35-line header.
    const text = fileText(fileNo, Math.max(1, Math.round((linesPerFile - 35) / 11)));
    fs.writeFileSync(path.join(outDir, `OrderService${fileNo}.cs`), text);
    total += text.split('\n').length - 1;
    fileNo++;
  }
  return { files: fileNo, lines: total };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [out, lines] = process.argv.slice(2);
  if (!out) {
    console.error('usage: node test/bench/corpus.mjs <out-dir> [lines]');
    process.exit(2);
  }
  const r = generateCorpus(out, Number(lines ?? 50000));
  console.log(`wrote ${r.files} files, ${r.lines} lines to ${out}`);
}
