/**
 * A virtual shopper: its own cookie jar, a loop of page, manifests, catalogue and cart requests through the shell, an
 * order from time to time; it remembers what the shop acknowledged and what it never heard back about, so the end of
 * the run can check that nothing acknowledged was lost.
 */
import { randomBytes } from 'node:crypto';

export interface RequestRecord {
  /** When the request was sent, ms since the epoch. */
  sentAt: number;
  /** When the answer (or the failure) came, ms since the epoch. */
  at: number;
  ok: boolean;
  method: string;
  url: string;
  /** The answer's status; undefined when none came (refused, reset, timed out). */
  status?: number;
  /** The status and headers came, then the body was cut: the process writing it died mid-answer. */
  cut?: boolean;
}

export interface AcknowledgedOrder {
  number: string;
  /** productId → quantity, as the 201/200 answer listed them. */
  lines: Map<string, number>;
  /** What the shopper knew the cart held when it ordered: acknowledged adds and adds whose answer was lost. */
  expected: { acknowledged: Map<string, number>; uncertain: Map<string, number> };
  /** The first answer was lost and a retry with the same Idempotency-Key gave the order. */
  retried: boolean;
  /** When its first attempt was sent, ms since the epoch: it cannot have been committed before. */
  sentAt: number;
  /** The cookies right after the order's answer: placing an order rotates the session, and only that one reads it. */
  ownerCookie: string;
}

export interface ShopperTargets {
  /** The shell, on loopback. */
  base: string;
  /** The shop's origin as cart-service checks it (`SHOP_ORIGIN`). */
  origin: string;
  manifests: string[];
  productIds: string[];
}

const REQUEST_TIMEOUT_MS = 5_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n);

interface OrderAnswer {
  number: string;
  lines: { productId: string; quantity: number }[];
}

/** The order a 200/201 answer holds, or undefined when its body is not one (an answer that was cut). */
function orderIn(body: unknown): OrderAnswer | undefined {
  const order = (body as { order?: Partial<OrderAnswer> } | null)?.order;
  return typeof order?.number === 'string' && Array.isArray(order.lines) ? (order as OrderAnswer) : undefined;
}

export const delivery = {
  fullName: 'Samira Alaoui',
  phone: '0612345678',
  city: 'Casablanca',
  address: '12 rue des Orangers, Maârif',
};

export class Shopper {
  private readonly jar = new Map<string, string>();
  /** Adds answered 200 since the last acknowledged order. */
  acknowledged = new Map<string, number>();
  /** Adds whose answer never came (network error, 5xx) since the last acknowledged order: applied or not. */
  uncertain = new Map<string, number>();
  readonly orders: AcknowledgedOrder[] = [];
  readonly problems: string[] = [];
  iterations = 0;
  /** Adds over the whole run whose answer never came. */
  lostAnswers = 0;
  /** Answers to an order that said success without holding the order (cut on the way). */
  incompleteAnswers = 0;

  constructor(
    readonly id: number,
    private readonly targets: ShopperTargets,
    private readonly record: (entry: RequestRecord) => void,
  ) {}

  cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** One request; every Set-Cookie goes into the jar (the session cookie is re-signed on changes and orders). */
  async request(
    url: string,
    init: RequestInit = {},
    options: { count?: boolean; cookie?: string } = {},
  ): Promise<{ status: number; body: unknown } | undefined> {
    const headers = new Headers(init.headers);
    const cookie = options.cookie ?? this.cookieHeader();
    if (cookie && url.startsWith(this.targets.base)) headers.set('Cookie', cookie);
    const method = init.method ?? 'GET';
    const sentAt = Date.now();
    let response: Response;
    try {
      response = await fetch(url, { ...init, headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch {
      if (options.count !== false) this.record({ sentAt, at: Date.now(), ok: false, method, url });
      return undefined;
    }
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      if (eq > 0) this.jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      // Its status came, its body did not: the answer is no more use than a lost one.
      if (options.count !== false) this.record({ sentAt, at: Date.now(), ok: false, method, url, status: response.status, cut: true });
      return undefined;
    }
    let body: unknown = text;
    if ((response.headers.get('Content-Type') ?? '').includes('json')) {
      try {
        body = JSON.parse(text);
      } catch {
        // keep the text
      }
    }
    if (options.count !== false) this.record({ sentAt, at: Date.now(), ok: response.ok, method, url, status: response.status });
    return { status: response.status, body };
  }

  private json(body: unknown): RequestInit {
    return {
      method: 'POST',
      headers: { Origin: this.targets.origin, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    };
  }

  /** Shops until `running()` turns false, then finishes its iteration (an order in flight gets its definite answer). */
  async run(running: () => boolean): Promise<void> {
    const { base, manifests, productIds } = this.targets;
    while (running()) {
      this.iterations += 1;
      await this.request(`${base}${Math.random() < 0.5 ? '/' : '/shop/face'}`);
      for (const manifest of manifests) await this.request(manifest);
      await this.request(`${base}/api/products`);

      const productId = productIds[Math.floor(Math.random() * productIds.length)]!;
      const quantity = 1 + Math.floor(Math.random() * 2);
      const answer = await this.request(`${base}/api/cart/add`, this.json({ productId, quantity }));
      if (answer?.status === 200) add(this.acknowledged, productId, quantity);
      else if (answer === undefined || answer.status >= 500) {
        add(this.uncertain, productId, quantity);
        this.lostAnswers += 1;
      }
      else this.problems.push(`add ${productId}×${quantity} answered ${answer.status}: ${JSON.stringify(answer.body)}`);

      const held = [...this.acknowledged.values()].reduce((a, b) => a + b, 0);
      if (held >= 4 && Math.random() < 0.3) await this.placeOrder();
      await sleep(30);
    }
  }

  /**
   * POST /api/orders, retried with the same Idempotency-Key until a definite answer, as the checkout page does: a lost
   * answer may hide a placed order, and the retry finds it.
   */
  private async placeOrder(): Promise<void> {
    const key = randomBytes(12).toString('base64url');
    const sentAt = Date.now();
    const deadline = sentAt + 45_000;
    let attempts = 0;
    while (Date.now() < deadline) {
      attempts += 1;
      const answer = await this.request(`${this.targets.base}/api/orders`, {
        ...this.json(delivery),
        headers: { Origin: this.targets.origin, 'Content-Type': 'application/json', 'Idempotency-Key': key },
      });
      const succeeded = answer !== undefined && (answer.status === 201 || answer.status === 200);
      const order = succeeded ? orderIn(answer.body) : undefined;
      if (order) {
        this.orders.push({
          number: order.number,
          lines: new Map(order.lines.map((line) => [line.productId, line.quantity])),
          expected: { acknowledged: this.acknowledged, uncertain: this.uncertain },
          retried: attempts > 1,
          sentAt,
          ownerCookie: this.cookieHeader(),
        });
        this.acknowledged = new Map();
        this.uncertain = new Map();
        return;
      }
      // A success without its order is an answer that did not arrive whole: its outcome is unknown, as a lost answer's
      // is, and a retry with the same key tells. Counted, so the run shows whether the shop still sends any.
      if (succeeded) this.incompleteAnswers += 1;
      else if (answer && answer.status < 500) {
        this.problems.push(`order (key ${key}, attempt ${attempts}) answered ${answer.status}: ${JSON.stringify(answer.body)}`);
        return;
      }
      await sleep(200);
    }
    this.problems.push(`order (key ${key}) got no definite answer in 45 s (${attempts} attempts)`);
  }
}
