export type { Checkpoint } from '../state/world.js';
export type { Installation, OrgUser, Access } from '../installations/installation.js';
export type { OrganizationView } from '../installations/installations.js';
export type { InstallationInput, OrganizationInput } from '../installations/organizations.js';
export { ROLES, type Role } from '../installations/roles.js';
export { openHostPage } from './host-page.js';
export { mockHost, type MockHost, type MockHostOptions } from './mock-host.js';
export type {
  BridgeMessage,
  BrowserChoice,
  DroppedMessages,
  FrameWidth,
  HostPage,
  HostMessages,
  HostPageOptions,
  HostWaits,
  HostRefusal,
  HostToast,
  SessionChoice,
} from './host-page.js';
export type { ThirdPartyCookies } from './host-browser.js';
export type { TokenFinding } from './token-watch.js';
export { TOKEN_VARIANTS, type TokenVariant } from '../auth/bad-tokens.js';
export type { ScenarioFile, ScenarioOptions, ScenarioResult } from '../scenarios/scenario-file.js';
export { startEmulator, type TestEmulator, type TestEmulatorOptions } from './start-emulator.js';
export { explore, type ExploreOptions, type ExploreReport, type Finding, type StepReport } from '../explore/explore.js';
export type { Step, Forgery, Advance, ApiFault } from '../explore/steps.js';
export type { ApiCall, PageCall } from '../explore/backend-calls.js';
export type { InvariantView, TeamInvariants, Violation } from '../explore/invariants.js';
export type { Send } from '../explore/run-sequence.js';
