/** Every remote the shell composes, by its federation name. */
export const REMOTE_NAMES = ['mf_frame', 'mf_cart', 'mf_catalog_pages'] as const;

export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Whether `value` names one of the shop's remotes (an API body's field, a path's segment, a command's argument). */
export const isRemoteName = (value: unknown): value is RemoteName => REMOTE_NAMES.includes(value as RemoteName);

/** The operators' contract: `remotes.json`, served by the shell with `Cache-Control: no-store`. */
export interface RemotesConfig {
  remotes: RemoteEntry[];
  /**
   * Origins a browser may load a candidate release from with `?mf-override=<name>@<manifest url>` (remembered
   * for that browser's session). A remote runs code in the shop's origin, so anything else is refused.
   */
  overrideOrigins?: string[];
  /**
   * A candidate release of one remote served to a share of browsers (decision 021): each browser's bucket (a cookie)
   * picks the candidate or the live release, on the server and in the browser alike. One canary at a time, so a
   * failure is always the candidate's; the operators' console starts, raises, promotes and aborts it.
   */
  canary?: Canary;
}

export interface Canary {
  name: RemoteName;
  /** The candidate release's `mf-manifest.json` (never the live one). */
  entry: string;
  /** Percent of browsers (1–100) that get the candidate. */
  share: number;
  /** ISO 8601: when this candidate started; its telemetry counts from then. */
  startedAt: string;
}

export interface RemoteEntry {
  name: RemoteName;
  /** URL of the release's `mf-manifest.json`, e.g. `http://localhost:3002/1.0.0/mf-manifest.json`. */
  entry: string;
}

/** `GET /remotes/status` on the shell's server: what each configured remote answers right now. */
export interface RemotesStatus {
  checkedAt: string;
  remotes: RemoteStatus[];
}

export interface RemoteStatus {
  name: RemoteName;
  entry: string;
  /** The version its manifest declares (`metaData.buildInfo.buildVersion`), or null when it did not answer. */
  version: string | null;
  up: boolean;
  ms: number;
  error?: string;
}

/** `config` with `name` on the release at `entry` (a switch, a roll back, a promotion, the canary's browsers). */
export function withRelease<C extends RemotesConfig>(config: C, name: RemoteName, entry: string): C {
  return { ...config, remotes: config.remotes.map((remote) => (remote.name === name ? { ...remote, entry } : remote)) };
}
