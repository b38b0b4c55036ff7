/**
 * The host of one renderer under deploy/'s socket-activated unit (decision 027): systemd accepts the shell's
 * connection on RENDERER_SOCKET and starts this program for it, as a user of its own in a sandbox, with the connection
 * on file descriptor 3. It runs no remote code: it starts the renderer as the shell would (renderer-launch.ts, the
 * permission model and its flags), relays the channel both ways, and kills the renderer (SIGKILL) when the shell closes
 * the connection, which is how the shell ends a stuck renderer it cannot signal itself.
 *   node dist/server/renderer-host.mjs   (file descriptor 3: the connection)
 */
import { Socket } from 'node:net';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchRenderer } from './renderer-launch';

const connection = new Socket({ fd: 3, readable: true, writable: true });
const renderer = launchRenderer(dirname(fileURLToPath(import.meta.url)));
connection.pipe(renderer.stream);
renderer.stream.pipe(connection);
for (const [stream, sink] of [[renderer.output[0], process.stdout], [renderer.output[1], process.stderr]] as const) stream?.pipe(sink);
const end = () => {
  renderer.kill();
  connection.destroy();
};
connection.once('close', end);
connection.on('error', end);
renderer.stream.on('error', end);
void renderer.exited.then((code) => {
  connection.destroy();
  process.exitCode = code ?? 1;
});
