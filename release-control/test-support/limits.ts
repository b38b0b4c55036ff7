// The limits release control enforces, for tests that reach them through the shell.
export { TELEMETRY_LIMITS } from '../server/canary/telemetry-endpoint';
export { VIEW_TOKENS } from '../server/canary/view-tokens';
export { LOGIN_LIMITS } from '../server/accounts/login-limits';
