import styles from './console.module.css';

/** What the last action gave: a success (announced politely) or a refusal with its reasons (announced at once). */
export type Notice = { kind: 'done'; text: string } | { kind: 'refused'; text: string; reasons?: string[] } | null;

/** The status region is always in the page, so screen readers announce its changes; a refusal is an alert. */
export function NoticeArea({ notice }: { notice: Notice }) {
  return (
    <>
      <p role="status" className={styles.done}>
        {notice?.kind === 'done' ? notice.text : ''}
      </p>
      {notice?.kind === 'refused' && (
        <div role="alert" className={styles.refused}>
          <p>{notice.text}</p>
          {notice.reasons && notice.reasons.length > 0 && (
            <ul>
              {notice.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </>
  );
}
