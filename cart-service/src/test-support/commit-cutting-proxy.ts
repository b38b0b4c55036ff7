import { connect, createServer, type Socket } from 'node:net';

/** PostgreSQL's simple-query COMMIT as node-postgres sends it, up to its terminating zero byte. */
const COMMIT_QUERY = Buffer.from('COMMIT\0', 'utf8');

export interface CommitCuttingProxy {
  /** postgres://shop@127.0.0.1:<proxy port>/<database> */
  urlFor(database: string): string;
  /** While set, the next COMMIT a client sends reaches the server and that client's connection is cut at once. */
  cutNextCommit: boolean;
  /**
   * Settles once the server has closed the cut connection, so after it answered that COMMIT: the client learns of the
   * cut at once, the server commits a moment later, and a read in between would not see the commit yet.
   */
  cutConnectionClosed(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of a PostgreSQL server that can lose a connection at the worst moment: COMMIT sent, the
 * server commits, the client never hears back (the primary killed between the two, as a failover may).
 */
export async function startCommitCuttingProxy(postgresPort: number): Promise<CommitCuttingProxy> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => undefined); // a cut connection resets: expected here
    return socket;
  };
  let cutClosed: Promise<void> | undefined;
  const proxy: CommitCuttingProxy = {
    urlFor: () => '',
    cutNextCommit: false,
    cutConnectionClosed: () => cutClosed ?? Promise.reject(new Error('no connection has been cut')),
    close: () => Promise.resolve(),
  };
  const server = createServer((client) => {
    track(client);
    const upstream = track(connect(postgresPort, '127.0.0.1'));
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    upstream.once('close', () => client.destroy());
    client.once('close', () => upstream.end());
    client.on('data', (chunk: Buffer) => {
      if (proxy.cutNextCommit && chunk.includes(COMMIT_QUERY)) {
        proxy.cutNextCommit = false;
        cutClosed = new Promise((resolve) => upstream.once('close', () => resolve()));
        client.destroy(); // before the server's answer can come back
        upstream.end(chunk); // the server still reads COMMIT, then end of connection
        return;
      }
      upstream.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  proxy.urlFor = (database) => `postgres://shop@127.0.0.1:${port}/${database}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return proxy;
}
