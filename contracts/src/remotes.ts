/** The operators' contract: `remotes.json`, served by the shell with `Cache-Control: no-store`. */
export interface RemotesConfig {
  remotes: RemoteEntry[];
  /**
   * Origins a browser may load a candidate release from with `?mf-override=<name>@<manifest url>` (remembered
   * for that browser's session). A remote runs code in the shop's origin, so anything else is refused.
   */
  overrideOrigins?: string[];
}

export type RemoteName = 'mf_frame' | 'mf_cart' | 'mf_catalog_pages';

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
