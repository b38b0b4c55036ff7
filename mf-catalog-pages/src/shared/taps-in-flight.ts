/** What became of one write: `stop` drops the taps waiting behind it (the service refused, e.g. out of stock). */
export type WriteOutcome = 'continue' | 'stop';

/** Sends `units` in one write; made by each tap from what the page shows when it is tapped. */
export type Write = (units: number) => Promise<WriteOutcome>;

/**
 * Taps on one button while its write is on its way: none is dropped (a shopper who taps three times wants three),
 * none is sent beside it (one write at a time, each carrying the session the previous one opened). The taps made
 * meanwhile go together in the next write, sent with the latest tap's `write` once the one in flight has its answer.
 */
export function tapsInFlight(onBusy: (busy: boolean) => void): (units: number, write: Write) => Promise<void> {
  let waiting = 0;
  let latest: Write | undefined;
  let busy = false;
  return async (units, write) => {
    if (busy) {
      waiting += units;
      latest = write;
      return;
    }
    busy = true;
    onBusy(true);
    try {
      for (let next = units, send = write; next > 0; ) {
        const outcome = await send(next);
        next = outcome === 'stop' ? 0 : waiting;
        send = latest ?? send;
        waiting = 0;
        latest = undefined;
      }
    } finally {
      waiting = 0;
      latest = undefined;
      busy = false;
      onBusy(false);
    }
  };
}
