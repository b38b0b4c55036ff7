import type { Redis } from 'ioredis';
import { digest, newSecret } from '../shared/secrets';

/** A browser stays trusted for an operator this long after its last successful login there. */
export const TRUSTED_DEVICE_TTL_MS = 180 * 24 * 3600 * 1000;

/**
 * Browsers where an operator has logged in successfully (OWASP's device cookies): a random id in a cookie, only its
 * digest stored, with the operator's name. A login from such a browser, for that operator, is not held by the limits
 * that others' attempts spend (login-limits.ts), so a flood of wrong passwords cannot lock the operator out.
 */
export interface TrustedDevices {
  /** A new trusted browser for `operator`: the id for its cookie. */
  trust(operator: string): Promise<string>;
  /** The operator this browser is trusted for, if any. */
  operatorOf(id: string): Promise<string | undefined>;
}

/** One shell's memory (a restart forgets them: the operator's next login trusts the browser again). */
export class MemoryTrustedDevices implements TrustedDevices {
  #devices = new Map<string, { operator: string; expires: number }>();

  async trust(operator: string): Promise<string> {
    const id = newSecret();
    const now = Date.now();
    for (const [key, device] of this.#devices) if (device.expires <= now) this.#devices.delete(key);
    this.#devices.set(digest(id), { operator, expires: now + TRUSTED_DEVICE_TTL_MS });
    return id;
  }

  async operatorOf(id: string): Promise<string | undefined> {
    const device = this.#devices.get(digest(id));
    return device && device.expires > Date.now() ? device.operator : undefined;
  }
}

/** Shared by every shell, expiring in Redis itself. */
export class RedisTrustedDevices implements TrustedDevices {
  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
  ) {}

  async trust(operator: string): Promise<string> {
    const id = newSecret();
    await this.client.set(`${this.prefix}device:${digest(id)}`, operator, 'PX', TRUSTED_DEVICE_TTL_MS);
    return id;
  }

  async operatorOf(id: string): Promise<string | undefined> {
    return (await this.client.get(`${this.prefix}device:${digest(id)}`)) ?? undefined;
  }
}
