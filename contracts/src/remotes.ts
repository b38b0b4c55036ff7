/** The operators' contract: `remotes.json`, served by the shell with `Cache-Control: no-store`. */
export interface RemotesConfig {
  remotes: RemoteEntry[];
}

export type RemoteName = 'mf_frame' | 'mf_cart' | 'mf_catalog_pages';

export interface RemoteEntry {
  name: RemoteName;
  /** URL of the release's `mf-manifest.json`, e.g. `http://localhost:3002/1.0.0/mf-manifest.json`. */
  entry: string;
}
