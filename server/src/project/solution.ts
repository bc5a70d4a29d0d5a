/**
 * The projects a solution names: classic .sln text (`Project("{type}") = "Name", "path\to\X.csproj", "{id}"`)
 * and the XML .slnx (`<Project Path="src/X/X.csproj" />`, inside <Folder> elements or not). Paths come back
 * relative to the solution's folder with forward slashes; only C# projects (.csproj) are kept. Pure.
 */
import { attr, parseXml, type XmlElement } from './xml';

export interface SolutionProjects {
  projects: string[];
  problems: string[];
}

export function parseSolution(fileName: string, text: string): SolutionProjects {
  return fileName.toLowerCase().endsWith('.slnx') ? parseSlnx(text) : parseSln(text);
}

function parseSln(text: string): SolutionProjects {
  const projects: string[] = [];
  const problems: string[] = [];
  const line = /^\s*Project\("\{[^}]*\}"\)\s*=\s*"[^"]*"\s*,\s*"([^"]*)"\s*,/gm;
  for (const m of text.matchAll(line)) {
    const path = m[1].replace(/\\/g, '/');
    if (path.toLowerCase().endsWith('.csproj')) projects.push(path);
  }
  if (!/Microsoft Visual Studio Solution File/i.test(text)) problems.push('not a Visual Studio solution file (no "Microsoft Visual Studio Solution File" header)');
  return { projects, problems };
}

function parseSlnx(text: string): SolutionProjects {
  const doc = parseXml(text);
  const problems = doc.problems.map((p) => `line ${p.line}: ${p.message}`);
  const projects: string[] = [];
  const visit = (e: XmlElement) => {
    for (const child of e.children) {
      if (child.name === 'Project') {
        const path = attr(child, 'Path');
        if (path && path.toLowerCase().endsWith('.csproj')) projects.push(path.replace(/\\/g, '/'));
      } else visit(child);
    }
  };
  if (doc.root) {
    if (doc.root.name !== 'Solution') problems.push(`the root element is <${doc.root.name}>, not <Solution>`);
    visit(doc.root);
  }
  return { projects, problems };
}
