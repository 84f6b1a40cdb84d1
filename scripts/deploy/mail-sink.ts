// The deploy test's mail server: SMTP on 127.0.0.1:<port>, each message written to <dir> as .eml.
//   node scripts/deploy/mail-sink.ts <port> <dir>
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSmtpSink } from '../../tests/smtp-sink.ts';

const [port = '2525', dir = '.'] = process.argv.slice(2);
let count = 0;
const sink = await startSmtpSink((mail) => {
  count += 1;
  writeFileSync(join(dir, `${Date.now()}-${String(count).padStart(5, '0')}.eml`), mail.raw);
}, Number(port));
console.log(`Mail sink on ${sink.url}, writing to ${dir}`);
process.on('SIGTERM', () => void sink.close().then(() => process.exit(0)));
