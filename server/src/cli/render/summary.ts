/** Facts every renderer reports the same way: generated files left unchecked, and the projects seen with their targets and notes. */
import path from 'node:path';
import type { ProjectAnalysis } from '../../analysis/project';
import type { LoadedSources } from '../files';

export function generatedFiles(analysis: ProjectAnalysis): { file: string; reason: string }[] {
  return analysis.files.filter((f) => f.generated).map((f) => ({ file: f.path, reason: `not checked: ${f.generated}` }));
}

export interface ProjectSummary {
  project: string;
  targetFrameworks: string[];
  targetFramework: string | null;
  reason: string;
  testProject: boolean;
  files: number;
  notes: { kind: string; file: string; line: number; message: string }[];
}

function display(file: string, cwd?: string): string {
  if (!cwd) return file;
  const rel = path.relative(cwd, file);
  return (rel && !rel.startsWith('..') ? rel : file).split(path.sep).join('/');
}

/** The projects that own at least one analysed file, in path order. */
export function projectSummaries(loaded: LoadedSources, cwd?: string): ProjectSummary[] {
  const counts = new Map<string, number>();
  // Files the analysed target leaves out but another target compiles are read for that target (project/host/projects.ts).
  const otherTargets = new Map<string, Map<string, number>>();
  for (const [, context] of loaded.contexts) {
    const p = context.project;
    if (!p) continue;
    counts.set(p.path, (counts.get(p.path) ?? 0) + 1);
    if (p.targetFramework) {
      const byTarget = otherTargets.get(p.path) ?? new Map<string, number>();
      byTarget.set(p.targetFramework, (byTarget.get(p.targetFramework) ?? 0) + 1);
      otherTargets.set(p.path, byTarget);
    }
  }
  const out: ProjectSummary[] = [];
  for (const p of loaded.host.projects()) {
    if (!counts.has(p.path)) continue;
    out.push({
      project: display(p.path, cwd),
      targetFrameworks: p.targetFrameworks,
      targetFramework: p.targetFramework,
      reason: p.targetFrameworkReason,
      testProject: loaded.host.testCodeReasonOf(p) !== null,
      files: counts.get(p.path) ?? 0,
      notes: [
        ...p.notes.map((n) => ({ kind: n.kind, file: display(n.file, cwd), line: n.line, message: n.message })),
        ...[...(otherTargets.get(p.path) ?? [])].filter(([target]) => target !== p.targetFramework).map(([target, n]) => ({
          kind: 'target',
          file: display(p.path, cwd),
          line: 1,
          message: `${n} file${n === 1 ? '' : 's'} left out of ${p.targetFramework}'s Compile items but compiled for ${target}: analysed for ${target}`,
        })),
      ],
    });
  }
  return out;
}
