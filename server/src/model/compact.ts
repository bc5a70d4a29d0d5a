/**
 * Helpers that keep a model small in memory. A model lives as long as its file is indexed (issue 14 wants a
 * million lines of them in 600 MB), so what each record costs in bytes matters as much as what it says.
 */

/**
 * The same items in an array without spare room. An array filled with push() keeps the capacity it grew to (17
 * slots for the first push on Node 20, 152 bytes), so most of a model's short lists (a call's arguments, a body's
 * calls and returns, an await's regions) were mostly empty slots; a slice holds exactly its items.
 */
export function exactly<T>(items: T[]): T[] {
  return items.slice();
}
