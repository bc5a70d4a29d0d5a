/**
 * Which runtime profile a file's costs are estimated for when the setting is "auto": its project's target
 * framework picks .NET 6-10; .NET Standard and .NET Framework get the closest profile, marked as an estimate
 * with the reason, because the .NET (Core) figures do not describe them. Pure.
 */
import type { RuntimeProfile, RuntimeSetting } from '../config/settings';
import { parseTargetFramework } from './frameworks';

export type { RuntimeSetting };

/** The profile used when nothing says otherwise: a file outside any project, a project without a target. */
export const FALLBACK_PROFILE: RuntimeProfile = 'net10';

export interface RuntimeChoice {
  profile: RuntimeProfile;
  /** The target framework that decided it, or null. */
  targetFramework: string | null;
  /** Why this profile, in one sentence a hover or a report can show. */
  reason: string;
  /** True when the profile only approximates the target's runtime (netstandard, .NET Framework, newer than modelled). */
  approximate: boolean;
}

export interface RuntimeInputs {
  /** The project's analysed target framework, or null outside a project. */
  targetFramework: string | null;
  /** The project's <Features> property: `runtime-async=on` selects the runtime-async profile. */
  features?: string | null;
  /** The project's file name, for the reason. */
  projectName?: string | null;
}

const MODELLED_MAJORS = [6, 7, 8, 9, 10];

export function chooseRuntime(setting: RuntimeSetting, inputs: RuntimeInputs | null): RuntimeChoice {
  const tfm = inputs?.targetFramework ?? null;
  if (setting !== 'auto') {
    return { profile: setting, targetFramework: tfm, reason: `the runtime setting says ${setting}`, approximate: false };
  }
  const of = inputs?.projectName ? ` of ${inputs.projectName}` : '';
  if (!tfm) {
    return {
      profile: FALLBACK_PROFILE,
      targetFramework: null,
      reason: inputs ? `the project${of} names no target framework: ${FALLBACK_PROFILE} is assumed` : `the file belongs to no project: ${FALLBACK_PROFILE} is assumed`,
      approximate: false,
    };
  }
  const tf = parseTargetFramework(tfm);
  const runtimeAsync = /(^|;)\s*runtime-async\s*=\s*on\s*(;|$)/i.test(inputs?.features ?? '');
  if (!tf) return { profile: FALLBACK_PROFILE, targetFramework: tfm, reason: `the target ${tfm}${of} is not one AsyncLens knows: ${FALLBACK_PROFILE} is assumed`, approximate: true };
  if (tf.identifier === '.NETCoreApp') {
    const major = tf.version[0];
    if (runtimeAsync) return { profile: 'net11-runtime-async', targetFramework: tfm, reason: `the target is ${tfm}${of} with <Features>runtime-async=on</Features>`, approximate: major < 11 };
    if (MODELLED_MAJORS.includes(major)) return { profile: `net${major}` as RuntimeProfile, targetFramework: tfm, reason: `the target is ${tfm}${of}`, approximate: false };
    if (major > 10) return { profile: 'net10', targetFramework: tfm, reason: `the target is ${tfm}${of}; .NET 10 is the newest compiler state machine AsyncLens has measured, shown as an estimate`, approximate: true };
    return { profile: 'net6', targetFramework: tfm, reason: `the target is ${tfm}${of}, older than any measured runtime; .NET 6, the closest, is shown as an estimate`, approximate: true };
  }
  if (tf.identifier === '.NETStandard') {
    return {
      profile: FALLBACK_PROFILE,
      targetFramework: tfm,
      reason: `the target is ${tfm}${of}: a .NET Standard library runs on whatever runtime loads it, so no single runtime's figures apply; ${FALLBACK_PROFILE} is shown as an estimate`,
      approximate: true,
    };
  }
  return {
    profile: 'net6',
    targetFramework: tfm,
    reason: `the target is ${tfm}${of}: the .NET Core figures do not apply to .NET Framework, whose older async machinery allocates more per suspension; .NET 6, the closest measured runtime, is shown as an estimate`,
    approximate: true,
  };
}
