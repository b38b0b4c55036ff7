/**
 * `work` done on every item, at most `atOnce` at a time, each started as soon as another ends; the results in the
 * items' order. For I/O a server does many of at once against one host (a release's files read, uploaded), which
 * should neither queue behind one slow answer nor open them all together.
 */
export async function mapAtMost<T, R>(items: readonly T[], atOnce: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
  return results;
}
