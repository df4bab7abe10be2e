// The public entry of this feature: what other features may import from it (dependency rules,
// docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is internal. Only
// pages loaded later (account, onboarding) import it, so first pages never carry it.
export { ListenProviderChoice, type ListenProviderChoiceProps } from './ListenProviderChoice';
export { PROVIDER_LABELS, ProviderMark } from './ProviderMark';
