// Methods that query and save through EF Core, as a service over a DbContext would. The context is ShopContext on
// the in-memory provider, whose queries complete synchronously; only SaveChangesAsync (through its interceptor) suspends.
namespace Calibration;

using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.EntityFrameworkCore;

public static class EfCoreEntries
{
    // Probe: FindAsync gives a ValueTask<Order?> (the entity is tracked after the first call); the customer's name is returned.
    [Probe(Paths.Sync, Args = "ApiSources.Shop, 1", Baseline = nameof(FindCustomer_Calls))]
    public static async Task<string?> Ef_FindCustomer(ShopContext db, int id)
    {
        Order? order = await db.Orders.FindAsync(id);
        return order?.Customer;
    }

    public static ValueTask<Order?> FindCustomer_Calls(ShopContext db, int id) => db.Orders.FindAsync(id);

    // Probe: CountAsync with a predicate (an expression tree built per call, in both the entry and its baseline).
    [Probe(Paths.Sync, Args = "ApiSources.Shop, default", Baseline = nameof(CountLarge_Calls))]
    public static async Task<int> Ef_CountLarge(ShopContext db, CancellationToken ct)
    {
        int count = await db.Orders.CountAsync(o => o.Total > 100m, ct);
        return count;
    }

    public static Task<int> CountLarge_Calls(ShopContext db, CancellationToken ct) => db.Orders.CountAsync(o => o.Total > 100m, ct);

    // Probe: AsNoTracking().OrderBy(...).ToListAsync(): a Task<List<Order>> through IQueryable's extension methods.
    [Probe(Paths.Sync, Args = "ApiSources.Shop", Baseline = nameof(ListOrders_Calls))]
    public static async Task<int> Ef_ListOrders(ShopContext db)
    {
        List<Order> orders = await db.Orders.AsNoTracking().OrderBy(o => o.Id).ToListAsync();
        return orders.Count;
    }

    public static Task<List<Order>> ListOrders_Calls(ShopContext db) => db.Orders.AsNoTracking().OrderBy(o => o.Id).ToListAsync();

    // Probe: SaveChangesAsync(ct) on the workspace's DbContext subclass (a method of its API base); the count is returned.
    [Probe(Paths.Sync | Paths.Suspend, Args = "ApiSources.Shop, default", Baseline = nameof(SaveChanges_Calls))]
    public static async Task<int> Ef_SaveChanges(ShopContext db, CancellationToken ct)
    {
        int written = await db.SaveChangesAsync(ct);
        return written;
    }

    public static Task<int> SaveChanges_Calls(ShopContext db, CancellationToken ct) => db.SaveChangesAsync(ct);
}
