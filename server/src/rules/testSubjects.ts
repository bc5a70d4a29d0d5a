/**
 * What a test is about, read from its name: a test named after a synchronous method in the unit-of-work style
 * (`Poll_Should_handle_null` for `Poll()`, `GetStream_seek` for `GetStream()`, or just `Commit`) or after the
 * synchronous path (`Should_return_configuration_sync`) calls that method on purpose. Awaiting the asynchronous twin
 * instead would test another method and leave this one untested, so the blocking rules do not ask for it.
 */
import type { MethodBody } from '../model/types';
import { bodyChain } from '../model/bodies';
import { attributeName, HARNESS_INTERFACE_METHODS, harnessAttributeOf } from '../project/testCode';
import { typeFamily, type WorkspaceIndex } from '../workspace/index';
import type { RuleContext } from './types';

/** Words that say a test is about the synchronous path as a whole. */
const SYNC_WORDS: ReadonlySet<string> = new Set(['sync', 'synchronous', 'synchronously']);

/** A name's words, lower-cased: split at underscores, digits and the start of each capitalised word (`GetHTTPStatus_sync` -> get, http, status, sync). */
function nameWords(name: string): string[] {
  return name
    .split(/[_\d]+/)
    .flatMap((part) => part.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+/g) ?? [])
    .map((w) => w.toLowerCase());
}

/**
 * Whether the test around `body` (the method itself, or the method a lambda or local function sits in, when it
 * carries a test attribute) names the synchronous call `callName` as its subject: the test's name is the call's name,
 * or starts with it and an underscore, written as the method is (the unit of work first, as in
 * `Poll_Should_handle_null`); or one of its words says sync. A name that only mentions the call's verb in passing
 * (`Can_read_two_documents` calling `Read()`) is not enough: the test may be about something else that reads.
 */
export function testExercisesSyncCall(ctx: RuleContext, body: MethodBody, callName: string): boolean {
  const test = bodyChain(body, ctx.model.bodies).find((b) => b.kind === 'method');
  if (!test || !isHarnessMethod(ctx.index, test)) return false;
  if (nameWords(test.name).some((w) => SYNC_WORDS.has(w))) return true;
  return test.name.split('_')[0] === callName;
}

/**
 * Whether a test or benchmark harness calls the method: it carries a harness attribute by name (harnessAttributeOf),
 * or a workspace attribute derived from one (`class IntegrationTestAttribute : FactAttribute`, which xUnit runs as a
 * fact), as test suites write them to skip tests without credentials or a server; or it is a method the harness calls
 * through an interface the type implements (project/testCode.ts HARNESS_INTERFACE_METHODS: IAsyncLifetime's InitializeAsync).
 */
export function isHarnessMethod(index: WorkspaceIndex, body: MethodBody): boolean {
  if (body.kind === 'method' && body.parameters.length === 0 && body.containingType) {
    // A set-up or tear-down the harness calls through an interface (xUnit's IAsyncLifetime.InitializeAsync).
    const owner = body.containingType.split('.').pop()!;
    const rows = HARNESS_INTERFACE_METHODS.filter((r) => r.methods.includes(body.name));
    if (rows.length && rows.some((r) => typeFamily(index, owner).has(r.interface))) return true;
  }
  if (body.attributes.length === 0) return false;
  if (harnessAttributeOf(body.attributes) !== null) return true;
  return body.attributes.some((written) => {
    const declared = `${attributeName(written)}Attribute`;
    const bases = [...typeFamily(index, declared)].filter((name) => name !== declared);
    return bases.length > 0 && harnessAttributeOf(bases) !== null;
  });
}
