/** A tiny fetch wrapper with a cookie jar, for HTTP tests against a real server. */
export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON, or undefined when the body is not JSON. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any JSON the service answers; each test's expect() states the shape it checks
  body: any;
  setCookies: string[];
}

export interface RequestOptions {
  method?: string;
  /** Serialised as JSON with Content-Type application/json. */
  json?: unknown;
  body?: string | Uint8Array;
  headers?: Record<string, string>;
}

export class CookieClient {
  readonly cookies = new Map<string, string>();

  constructor(
    public baseUrl: string,
    private readonly defaultHeaders: Record<string, string> = { Origin: 'http://localhost:3000' },
  ) {}

  get(path: string, headers: Record<string, string> = {}): Promise<TestResponse> {
    return this.request(path, { method: 'GET', headers });
  }

  post(path: string, json: unknown, headers: Record<string, string> = {}): Promise<TestResponse> {
    return this.request(path, { method: 'POST', json, headers });
  }

  cookieHeader(): string {
    return cookieHeaderOf(this.cookies);
  }

  /** A copy sharing the current cookies (e.g. to talk to a second instance as the same visitor). */
  withBaseUrl(baseUrl: string): CookieClient {
    const copy = new CookieClient(baseUrl, this.defaultHeaders);
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }

  async request(path: string, options: RequestOptions = {}): Promise<TestResponse> {
    const method = options.method ?? 'GET';
    const headers: Record<string, string> = method === 'GET' || method === 'HEAD' ? {} : { ...this.defaultHeaders };
    let body: string | Uint8Array | undefined = options.body;
    if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    Object.assign(headers, options.headers);
    if (this.cookies.size > 0 && !('Cookie' in headers)) headers.Cookie = this.cookieHeader();
    const response = await fetch(this.baseUrl + path, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    const setCookies = response.headers.getSetCookie();
    applySetCookies(this.cookies, setCookies);
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, text, body: parsed, setCookies };
  }
}

/** The `Cookie` header a browser holding `jar` sends. */
export function cookieHeaderOf(jar: ReadonlyMap<string, string>): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** What a browser does with an answer's `Set-Cookie` lines: each sets its cookie, or deletes it (empty or expired). */
export function applySetCookies(jar: Map<string, string>, setCookies: readonly string[]): void {
  for (const line of setCookies) {
    const [pair = '', ...attributes] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expires = attributes.find((a) => a.trim().toLowerCase().startsWith('expires='));
    const expired = expires !== undefined && Date.parse(expires.split('=')[1] ?? '') < Date.now();
    if (!value || expired) jar.delete(name);
    else jar.set(name, value);
  }
}
