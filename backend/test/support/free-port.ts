import { createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 right now (for a process that must be told its port). */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => {
        resolve(port);
      });
    });
  });
