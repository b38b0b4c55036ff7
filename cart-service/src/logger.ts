import { pino, type DestinationStream, type Level, type Logger } from 'pino';

/**
 * The service's structured logger (JSON lines on stdout unless a destination is given). Request lines never carry
 * headers, cookies or ids (see http/request-log.ts); the redaction below is a second guard for anything else.
 */
export function createLogger(level: Level | 'silent' = 'info', destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'cart-service' },
    redact: { paths: ['cookie', 'headers.cookie', 'headers["set-cookie"]', 'sessionId', 'cartId'], remove: true },
  };
  return destination ? pino(options, destination) : pino(options);
}
