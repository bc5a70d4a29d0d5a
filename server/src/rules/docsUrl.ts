/** Where rule documentation lives: the generated pages under server/docs/rules in the project's repository. */

/** The project's home; one constant so a fork or a mirror changes it in one place. */
export const INFORMATION_URI = 'https://github.com/asynclens/asynclens';

export function ruleDocsUrl(id: string): string {
  return `${INFORMATION_URI}/blob/main/server/docs/rules/${id.toLowerCase()}.md`;
}
