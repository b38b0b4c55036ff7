import type { Overrides } from './overrides';
import { clearOverrides } from './overrides';
import styles from './override-banner.module.css';

/** Visible whenever this browser runs a candidate release, with a way back to the published versions. */
export function OverrideBanner({ active }: { active: Overrides }) {
  const entries = Object.entries(active);
  if (entries.length === 0) return null;
  return (
    <aside className={styles.banner} role="status" aria-label="Version de test active" data-testid="override-banner">
      <p>
        Version de test active pour ce navigateur :{' '}
        {entries.map(([name, entry]) => (
          <code key={name}>
            {name} → {entry}
          </code>
        ))}
      </p>
      <button
        type="button"
        onClick={() => {
          clearOverrides(sessionStorage);
          window.location.reload();
        }}
      >
        Revenir aux versions publiées
      </button>
    </aside>
  );
}
