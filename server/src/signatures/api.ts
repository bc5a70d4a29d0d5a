/**
 * The signature database's questions in the currency the rest of AsyncLens uses, C# type text: what awaiting a
 * type gives and through which awaiter, whether a type is a struct and what fields it holds, what kind of type a
 * name is. This is the entry point for the cost model (awaiter types and sizes, struct sizes); expression typing
 * goes through workspace/typing.ts, which falls back to expressions.ts here.
 */
import { signatureDatabase } from './provider';
import { apiContext, definitionOf, resolveTypeText, type ApiContext } from './resolve';
import { awaitInfo, instanceFields } from './members';
import type { NameContext } from './scope';
import type { ApiTypeKind } from './database';
import { csharpText } from './typeText';

export interface ApiTypeQuestions {
  /** What kind of type the text names (`struct` for ValueTask<int>); null when the database does not know it. */
  kindOf(typeText: string): ApiTypeKind | null;
  /** The awaiter `await` of the type goes through and what the await gives (`void` for Task), as qualified C#. */
  awaitOf(typeText: string): { awaiterText: string; resultText: string } | null;
  /**
   * A struct's instance fields in layout order, their types substituted and qualified, for the scope's framework;
   * null when the text is not a struct whose layout the database has.
   */
  instanceFieldsOf(typeText: string): { name: string; typeText: string }[] | null;
  /** The full C# name the text resolves to in this file (`System.Threading.Tasks.ValueTask<int>`), or null. */
  qualifiedNameOf(typeText: string): string | null;
}

/** The questions for one file (its usings, API scope); null when no database is available. */
export function apiTypeQuestions(names: NameContext): ApiTypeQuestions | null {
  const db = signatureDatabase();
  return db ? questionsOver(apiContext(db, names)) : null;
}

export function questionsOver(ctx: ApiContext): ApiTypeQuestions {
  const resolved = (text: string) => {
    const type = resolveTypeText(ctx, text);
    return type && definitionOf(ctx, type) ? type : null;
  };
  return {
    kindOf: (text) => {
      const type = resolved(text);
      return type ? definitionOf(ctx, type)!.kind : null;
    },
    awaitOf: (text) => {
      const type = resolved(text);
      const info = type ? awaitInfo(ctx, type) : null;
      return info ? { awaiterText: csharpText(info.awaiter, { qualified: true }), resultText: csharpText(info.result, { qualified: true }) } : null;
    },
    instanceFieldsOf: (text) => {
      const type = resolved(text);
      const fields = type ? instanceFields(ctx, type) : null;
      return fields ? fields.map((f) => ({ name: f.name, typeText: csharpText(f.type, { qualified: true }) })) : null;
    },
    qualifiedNameOf: (text) => {
      const type = resolved(text);
      return type ? csharpText(type, { qualified: true }) : null;
    },
  };
}
