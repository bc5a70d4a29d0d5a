/**
 * Values of BCL constants that async methods return by name: enum members and the MinValue/MaxValue of the
 * primitives. The cost model reads them to tell whether a `Task<T>` result is one the runtime caches (an enum member
 * whose value is 0 is the all-zero value of its type). One row per type; the source is the type's documentation page.
 */

export interface BclConstantsRow {
  /** The type's simple name: `DayOfWeek`, `int`. */
  type: string;
  /** Member name to value, as C# integer text (BigInt-parsable) or a real literal for floating-point types. */
  values: Record<string, string>;
  source: string;
}

const API = 'https://learn.microsoft.com/dotnet/api';

export const BCL_CONSTANTS: readonly BclConstantsRow[] = [
  { type: 'DayOfWeek', values: { Sunday: '0', Monday: '1', Tuesday: '2', Wednesday: '3', Thursday: '4', Friday: '5', Saturday: '6' }, source: `${API}/system.dayofweek` },
  { type: 'DateTimeKind', values: { Unspecified: '0', Utc: '1', Local: '2' }, source: `${API}/system.datetimekind` },
  {
    type: 'StringComparison',
    values: { CurrentCulture: '0', CurrentCultureIgnoreCase: '1', InvariantCulture: '2', InvariantCultureIgnoreCase: '3', Ordinal: '4', OrdinalIgnoreCase: '5' },
    source: `${API}/system.stringcomparison`,
  },
  {
    type: 'TaskStatus',
    values: { Created: '0', WaitingForActivation: '1', WaitingToRun: '2', Running: '3', WaitingForChildrenToComplete: '4', RanToCompletion: '5', Canceled: '6', Faulted: '7' },
    source: `${API}/system.threading.tasks.taskstatus`,
  },
  {
    type: 'HttpStatusCode',
    values: {
      Continue: '100', OK: '200', Created: '201', Accepted: '202', NoContent: '204', MovedPermanently: '301', Found: '302', NotModified: '304',
      BadRequest: '400', Unauthorized: '401', Forbidden: '403', NotFound: '404', Conflict: '409', TooManyRequests: '429',
      InternalServerError: '500', NotImplemented: '501', BadGateway: '502', ServiceUnavailable: '503', GatewayTimeout: '504',
    },
    source: `${API}/system.net.httpstatuscode`,
  },
  { type: 'SeekOrigin', values: { Begin: '0', Current: '1', End: '2' }, source: `${API}/system.io.seekorigin` },
  { type: 'int', values: { MinValue: '-2147483648', MaxValue: '2147483647' }, source: `${API}/system.int32.maxvalue` },
  { type: 'uint', values: { MinValue: '0', MaxValue: '4294967295' }, source: `${API}/system.uint32.maxvalue` },
  { type: 'long', values: { MinValue: '-9223372036854775808', MaxValue: '9223372036854775807' }, source: `${API}/system.int64.maxvalue` },
  { type: 'ulong', values: { MinValue: '0', MaxValue: '18446744073709551615' }, source: `${API}/system.uint64.maxvalue` },
  { type: 'short', values: { MinValue: '-32768', MaxValue: '32767' }, source: `${API}/system.int16.maxvalue` },
  { type: 'ushort', values: { MinValue: '0', MaxValue: '65535' }, source: `${API}/system.uint16.maxvalue` },
  { type: 'byte', values: { MinValue: '0', MaxValue: '255' }, source: `${API}/system.byte.maxvalue` },
  { type: 'sbyte', values: { MinValue: '-128', MaxValue: '127' }, source: `${API}/system.sbyte.maxvalue` },
];

/** Type names that spell the same BCL type. */
const ALIASES: Record<string, string> = { Int32: 'int', UInt32: 'uint', Int64: 'long', UInt64: 'ulong', Int16: 'short', UInt16: 'ushort', Byte: 'byte', SByte: 'sbyte' };

const BY_TYPE = new Map(BCL_CONSTANTS.map((r) => [r.type, r]));

/** The value text of `Type.Member` when the table knows it. */
export function bclConstant(typeName: string, member: string): { value: string; source: string } | null {
  const row = BY_TYPE.get(ALIASES[typeName] ?? typeName);
  const value = row?.values[member];
  return row && value !== undefined ? { value, source: row.source } : null;
}
