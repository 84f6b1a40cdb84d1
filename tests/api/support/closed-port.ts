// A local TCP port nothing listens on: taken from the OS, then released. Connecting to it is
// refused at once, as with a database or mail server that is down; and a server started for a test
// may listen on it.
import { createServer } from 'node:net';

export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('No port was assigned');
  return address.port;
}
