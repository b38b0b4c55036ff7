// The part of autocannon 9's API the benches use (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    /** Each request's path may be changed before it is sent (autocannon's `setupRequest`). */
    requests?: Array<{ setupRequest?: (request: { path: string }) => { path: string } }>;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
