import { createHash, randomBytes } from 'node:crypto';

/**
 * What is kept of a random secret (an API token, a session id, a preview's link): its sha256. A 256-bit random value
 * needs no slow hash, and a store that leaks holds nothing that opens anything.
 */
export const digest = (value: string): string => createHash('sha256').update(value).digest('base64url');

/** 256 random bits, URL-safe: API tokens, sessions, trusted devices, preview links. */
export const newSecret = (): string => randomBytes(32).toString('base64url');
