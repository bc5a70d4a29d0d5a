// ASY002's EF Core queries are looked for only where EF Core can be in play (rules/asy002-ef-core-queries.ts
// `efCoreInPlay`): the shortcut must never lose a query. A DbContext declared in one file, its DbSet queried
// synchronously in another that does not import EF Core, is found whether the declaring file names EF Core with a
// using, with an alias or fully qualified; a workspace that never names EF Core has no such query to find.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from './support';
import { analyseProject } from '../../server/src/analysis/project';

before(ready);

const query = `using System.Linq;
using System.Threading.Tasks;

public class OrderReport
{
    public async Task<int> CountAsync(ShopDb db)
    {
        await Task.Yield();
        return db.Orders.Where(o => o.Total > 10).ToList().Count;
    }
}
`;

const contexts: Record<string, string> = {
  'a using': `using Microsoft.EntityFrameworkCore;

public class Order { public int Total { get; set; } }

public class ShopDb : DbContext
{
    public DbSet<Order> Orders { get; set; } = null!;
}
`,
  'an alias': `using Ef = Microsoft.EntityFrameworkCore;

public class Order { public int Total { get; set; } }

public class ShopDb : Ef.DbContext
{
    public Ef.DbSet<Order> Orders { get; set; } = null!;
}
`,
  'fully qualified names': `public class Order { public int Total { get; set; } }

public class ShopDb : Microsoft.EntityFrameworkCore.DbContext
{
    public Microsoft.EntityFrameworkCore.DbSet<Order> Orders { get; set; } = null!;
}
`,
};

const selection = { enabled: new Set(['ASY002']), disabled: new Set<string>() };
const asy002 = (sources: { path: string; text: string }[]) =>
  analyseProject(sources, selection).files.flatMap((f) => f.findings.filter((x) => x.ruleId === 'ASY002').map((x) => `${f.path}: ${x.message}`));

for (const [how, text] of Object.entries(contexts)) {
  test(`a DbSet query in a file without the EF Core using is found when the DbContext names EF Core with ${how}`, () => {
    const found = asy002([{ path: '/w/ShopDb.cs', text }, { path: '/w/OrderReport.cs', text: query }]);
    assert.ok(found.some((f) => f.startsWith('/w/OrderReport.cs') && /ToList/.test(f)), found.join('\n') || 'no ASY002 finding');
  });
}

test('a workspace that never names EF Core has no EF Core query: LINQ to objects on a look-alike stays quiet', () => {
  const lookAlike = `using System.Collections.Generic;

public class Order { public int Total { get; set; } }

public class ShopDb
{
    public List<Order> Orders { get; set; } = new();
}
`;
  assert.deepEqual(asy002([{ path: '/w/ShopDb.cs', text: lookAlike }, { path: '/w/OrderReport.cs', text: query }]), []);
});
