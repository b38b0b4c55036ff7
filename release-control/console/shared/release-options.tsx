import type { RemoteOverview } from '@shop/contracts/operations';
import { formatDateTime } from './api';

/** The releases a remote's server offers, as a select's options: version, build date, and which one is live. */
export function ReleaseOptions({ remote }: { remote: RemoteOverview }) {
  return remote.releases.map((release) => (
    <option key={release.entry} value={release.entry}>
      {`${release.version} — construite le ${formatDateTime(release.builtAt)}${release.entry === remote.entry ? ' (en ligne)' : ''}`}
    </option>
  ));
}
