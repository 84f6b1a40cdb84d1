// The deploy test's mail server: SMTP on 127.0.0.1:<port>, each message written to <dir> as .eml.
//   node scripts/deploy/mail-sink.ts <port> <dir>
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

const [port = '2525', dir = '.'] = process.argv.slice(2);
let count = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      count += 1;
      writeFileSync(join(dir, `${Date.now()}-${String(count).padStart(5, '0')}.eml`), Buffer.concat(chunks));
      callback();
    });
  },
});
server.listen(Number(port), '127.0.0.1', () => console.log(`Mail sink on smtp://127.0.0.1:${port}, writing to ${dir}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
