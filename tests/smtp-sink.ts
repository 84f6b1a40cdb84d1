// A local SMTP server for tests: accepts every message on 127.0.0.1 (no TLS, no login) and hands it
// over with its envelope. The mail API test records them; the production shape writes them to files.
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent: headers and every part. */
  raw: Buffer;
}

/** `port` 0 (the default) takes a free one; the url says which. */
export async function startSmtpSink(onMail: (mail: ReceivedMail) => void, port = 0): Promise<{ url: string; close(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        onMail({ from, to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address();
  const bound = typeof address === 'object' && address ? address.port : 0;
  return { url: `smtp://127.0.0.1:${bound}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
