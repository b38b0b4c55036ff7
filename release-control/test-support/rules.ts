// What release control enforces and counts by, for tests that reach it through the shell.
export { TELEMETRY_LIMITS } from '../server/canary/telemetry-endpoint';
export { VIEW_TOKENS } from '../server/canary/view-tokens';
export { LOGIN_LIMITS } from '../server/accounts/login-limits';
export { routeKind } from '../server/metrics/shop-metrics';
