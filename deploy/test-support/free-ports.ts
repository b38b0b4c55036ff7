import { createServer, type AddressInfo } from 'node:net';

/**
 * `count` loopback ports nobody listens on at this moment, all different: each is held while the next is picked (a
 * port closed a moment ago is free again, and two picks in a row could return it twice).
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer().listen(0, '127.0.0.1'));
  await Promise.all(servers.map((server) => new Promise((resolve) => server.once('listening', resolve))));
  const ports = servers.map((server) => (server.address() as AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}
