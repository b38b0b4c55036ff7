import { describe, expect, it } from 'vitest';
import { tapsInFlight, type WriteOutcome } from './taps-in-flight';

/** Writes whose answers the test gives when it chooses; each records which tap's write sent how many units. */
function controlledWrites() {
  const sent: string[] = [];
  const answers: Array<(outcome: WriteOutcome) => void> = [];
  const write = (label: string) => (units: number) => {
    sent.push(`${label}:${units}`);
    return new Promise<WriteOutcome>((resolve) => answers.push(resolve));
  };
  const answer = async (outcome: WriteOutcome = 'continue') => {
    answers.shift()!(outcome);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { sent, write, answer };
}

describe('taps while a write is in flight', () => {
  it('are all sent, together, with the latest tap’s write, once the write in flight is answered: one write at a time', async () => {
    const writes = controlledWrites();
    const busy: boolean[] = [];
    const tap = tapsInFlight((value) => busy.push(value));
    const done = tap(1, writes.write('a'));
    void tap(1, writes.write('b'));
    void tap(2, writes.write('c'));
    expect(writes.sent).toEqual(['a:1']);
    await writes.answer();
    expect(writes.sent).toEqual(['a:1', 'c:3']);
    void tap(1, writes.write('d'));
    await writes.answer();
    expect(writes.sent).toEqual(['a:1', 'c:3', 'd:1']);
    await writes.answer();
    await done;
    expect(busy).toEqual([true, false]);
    // Idle again: the next tap is a write of its own at once.
    void tap(1, writes.write('e'));
    expect(writes.sent).toEqual(['a:1', 'c:3', 'd:1', 'e:1']);
  });

  it('drops the waiting taps when a write is refused, and takes new ones afterwards', async () => {
    const writes = controlledWrites();
    const tap = tapsInFlight(() => {});
    const done = tap(1, writes.write('a'));
    void tap(1, writes.write('b'));
    await writes.answer('stop');
    await done;
    expect(writes.sent).toEqual(['a:1']);
    void tap(1, writes.write('c'));
    expect(writes.sent).toEqual(['a:1', 'c:1']);
  });

  it('is ready for taps again after a write that throws', async () => {
    const tap = tapsInFlight(() => {});
    await expect(tap(1, () => Promise.reject(new Error('network')))).rejects.toThrow('network');
    let sent = 0;
    await tap(1, async (units) => {
      sent += units;
      return 'continue';
    });
    expect(sent).toBe(1);
  });
});
