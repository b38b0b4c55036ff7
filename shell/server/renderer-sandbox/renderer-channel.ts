import type { Duplex } from 'node:stream';

/**
 * One message per line of JSON over a byte stream: the renderer's file descriptor 3, a pipe from the shell locally or
 * the connection systemd hands a socket-activated renderer (deploy/). Both ends use it; stdout and stderr stay free for
 * whatever the remotes' code prints, which the shell logs and never reads as a message.
 */
export interface Channel<Out> {
  send(message: Out): void;
  close(): void;
}

/** The most one message may hold (a page's HTML and its snapshot): a longer line ends the channel. */
const MAX_LINE_CHARS = 32 * 1024 * 1024;

export function lineChannel<In, Out>(stream: Duplex, onMessage: (message: In) => void, onEnd: (reason: string) => void): Channel<Out> {
  let buffered = '';
  let ended = false;
  const end = (reason: string) => {
    if (ended) return;
    ended = true;
    stream.destroy();
    onEnd(reason);
  };
  stream.setEncoding('utf8');
  stream.on('data', (text: string) => {
    buffered += text;
    let newline = buffered.indexOf('\n');
    while (newline !== -1) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      let message: In;
      try {
        message = JSON.parse(line) as In;
      } catch {
        end('a message that is not JSON');
        return;
      }
      onMessage(message);
      if (ended) return;
      newline = buffered.indexOf('\n');
    }
    if (buffered.length > MAX_LINE_CHARS) end(`a message of more than ${MAX_LINE_CHARS} characters`);
  });
  stream.on('error', (error) => end(error.message));
  stream.on('close', () => end('closed'));
  return {
    send(message) {
      if (!ended) stream.write(`${JSON.stringify(message)}\n`);
    },
    close: () => end('closed'),
  };
}
