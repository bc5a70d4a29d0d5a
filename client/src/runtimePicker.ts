/**
 * The runtime profile picker: lists the profiles the `asynclens.runtime` setting allows and writes the choice
 * to the workspace settings, so a team shares the profile their code targets.
 */
import * as vscode from 'vscode';
import { runtimeLabel } from './statusText';

interface RuntimeSetting {
  enum?: string[];
  enumDescriptions?: string[];
  default?: string;
}

/** The setting's schema as the manifest declares it, so the picker and the Settings editor never disagree. */
function runtimeSchema(extension: vscode.Extension<unknown>): RuntimeSetting {
  const configuration = extension.packageJSON?.contributes?.configuration;
  const sections: { properties?: Record<string, RuntimeSetting> }[] = Array.isArray(configuration) ? configuration : [configuration ?? {}];
  for (const section of sections) {
    const setting = section.properties?.['asynclens.runtime'];
    if (setting) return setting;
  }
  return {};
}

export async function selectRuntime(extension: vscode.Extension<unknown>): Promise<void> {
  const schema = runtimeSchema(extension);
  const config = vscode.workspace.getConfiguration('asynclens');
  const current = config.get<string>('runtime', schema.default ?? '');
  const items = (schema.enum ?? []).map((id, i) => ({
    id,
    label: runtimeLabel(id),
    description: [id, id === schema.default ? 'default' : ''].filter(Boolean).join(' · '),
    detail: schema.enumDescriptions?.[i],
    picked: id === current,
  }));
  const active = items.find((i) => i.id === current);
  const picker = vscode.window.createQuickPick<(typeof items)[number]>();
  picker.title = 'AsyncLens: runtime profile';
  picker.placeholder = `Which runtime should costs be estimated for? (now ${runtimeLabel(current)})`;
  picker.items = items;
  picker.matchOnDescription = true;
  picker.matchOnDetail = true;
  if (active) picker.activeItems = [active];
  const choice = await new Promise<(typeof items)[number] | undefined>((resolve) => {
    picker.onDidAccept(() => resolve(picker.selectedItems[0] ?? picker.activeItems[0]));
    picker.onDidHide(() => resolve(undefined));
    picker.show();
  });
  picker.dispose();
  if (!choice || choice.id === current) return;
  // Without an open folder there are no workspace settings to write, so the user settings take the choice.
  const target = vscode.workspace.workspaceFolders?.length ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  await config.update('runtime', choice.id, target);
}
