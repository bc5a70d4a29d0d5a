/**
 * Whether the C# compiler reports nullable warnings (CS8602 "Dereference of a possibly null reference", among
 * others) in a project's code, and where a file's `#nullable` directives change that. A rule that finds what the
 * compiler's nullable analysis already reports there (ASY023's awaited conditional access) shows it less loudly, so
 * that one mistake is not reported twice at the same place.
 *
 * The nullable contexts (C# language reference, "Nullable reference types", nullable contexts; the `#nullable`
 * preprocessor directive): the project's `<Nullable>` sets the warning context for every file, `enable` and
 * `warnings` turn it on, `disable` and `annotations` (and no setting) leave it off. A directive
 * `#nullable enable|disable|restore [warnings|annotations]` changes it from its line on: without a target it sets both
 * contexts, `annotations` leaves the warning context alone, and `restore` goes back to the project's setting.
 */
import type { ProjectModel } from './evaluate';

/** `<Nullable>` values whose warning context is on (MSBuild's Nullable property, as the C# compiler reads it). */
const WARNING_SETTINGS = new Set(['enable', 'warnings']);
/** `<Nullable>` values whose annotation context is on: a reference type written without `?` is declared not null. */
const ANNOTATION_SETTINGS = new Set(['enable', 'annotations']);

/**
 * Whether the project's compiler reports nullable warnings by default: its `<Nullable>` turns the warning context on
 * and its NoWarn does not silence CS8602 (nor the whole `nullable` group). Null when no project is known.
 */
export function projectNullableWarnings(project: Pick<ProjectModel, 'nullable' | 'noWarn'> | null | undefined): boolean | null {
  if (!project) return null;
  if (project.noWarn.some((id) => /^(?:CS8602|nullable)$/i.test(id))) return false;
  return WARNING_SETTINGS.has((project.nullable ?? '').trim().toLowerCase());
}

/** Whether the project's code is in an annotation context by default (`<Nullable>` enable or annotations). Null when no project is known. */
export function projectNullableAnnotations(project: Pick<ProjectModel, 'nullable'> | null | undefined): boolean | null {
  if (!project) return null;
  return ANNOTATION_SETTINGS.has((project.nullable ?? '').trim().toLowerCase());
}

const DIRECTIVE = /^[ \t]*#[ \t]*nullable[ \t]+(enable|disable|restore)\b(?:[ \t]+(warnings|annotations)\b)?/gm;

/**
 * Whether nullable warnings are on at `offset` of a file: the project's default (`projectDefault`, null when unknown)
 * changed by the `#nullable` directives above it. Null when neither the project nor a directive says.
 */
export function nullableWarningsAt(text: string, offset: number, projectDefault: boolean | null): boolean | null {
  return nullableContextAt(text, offset, projectDefault, 'warnings');
}

/** nullableWarningsAt for the annotation context: whether `T` without `?` declares a reference not null at `offset`. */
export function nullableAnnotationsAt(text: string, offset: number, projectDefault: boolean | null): boolean | null {
  return nullableContextAt(text, offset, projectDefault, 'annotations');
}

function nullableContextAt(text: string, offset: number, projectDefault: boolean | null, context: 'warnings' | 'annotations'): boolean | null {
  let on = projectDefault;
  DIRECTIVE.lastIndex = 0;
  for (let m = DIRECTIVE.exec(text); m && m.index < offset; m = DIRECTIVE.exec(text)) {
    if (m[2] !== undefined && m[2] !== context) continue;
    on = m[1] === 'enable' ? true : m[1] === 'disable' ? false : projectDefault;
  }
  return on;
}
