/** The cost model's public surface: estimate async bodies per runtime profile (see README.md in this folder). */
export { estimateFile, estimateMethod, type AwaitCost, type CalleeCost, type EstimateContext, type GenericCost, type InstantiationCost, type MethodCost } from './estimate';
export type { BodyAllocation } from './closures';
export { calledBody, instantiationsOf, type TypeArguments } from './generics';
export { RUNTIME_PROFILES, isRuntimeProfile, traitsOf, type BuildConfiguration, type EstimateOptions, type RuntimeProfile } from './profiles';
export type { LayoutField, StateMachineLayout } from './stateMachine';
export { shapeOfTypeText, type TypeShape } from './typeLayout';
