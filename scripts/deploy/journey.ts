// The deploy test's student, through the site's public address (nginx, or the TLS proxy in front):
//   node scripts/deploy/journey.ts signup <origin> <mail dir> <email>   sign up, verify with the mailed code,
//                                                                       upload a 2 MB profile photo; prints the photo's path
//   node scripts/deploy/journey.ts photo <origin> <email> <path>        log in, and the photo is served (image/png)
//   node scripts/deploy/journey.ts price <origin> <course id>           the price the API charges
import { codeIn, outboxFiles, readMail } from '../../tests/mail-files.ts';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

const PASSWORD = 'Indigo-Lagos7';
const [command, origin = '', ...rest] = process.argv.slice(2);

async function call(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const response = await fetch(`${origin}/api/v1/${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const body = (await response.json()) as { message: string; data: Record<string, unknown> };
  if (!response.ok) throw new Error(`${init.method ?? 'POST'} ${path}: ${response.status} ${body.message}`);
  return body.data;
}

async function mailedCode(dir: string, email: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    for (const file of outboxFiles(dir).reverse()) {
      const mail = readMail(dir, file);
      if (mail.to.includes(email)) return codeIn(mail);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No code mailed to ${email} in ${dir}`);
}

async function signup(dir: string, email: string) {
  await call('user/auth/student/signup', { body: { first_name: 'Ada', last_name: 'Obi', email, password: PASSWORD } });
  const verified = await call('user/auth/student/verify-account', { body: { email, otp: await mailedCode(dir, email) } });
  const token = verified.token as string;
  // A phone-sized photo: noise does not compress, so this PNG is about 2 MB (over nginx's default 1 MB body).
  const size = { width: 840, height: 840, channels: 3 as const };
  const noise = randomBytes(size.width * size.height * 3);
  const png = await sharp(noise, { raw: size }).png({ compressionLevel: 0 }).toBuffer();
  const initiated = await call('user/initiate-upload', {
    token,
    body: { file_name: 'me.png', mime_type: 'image/png', file_size: png.length, file_type: 'user_image' },
  });
  const upload = new URL(initiated.file_url as string);
  const put = await fetch(`${origin}${upload.pathname}${upload.search}`, {
    method: 'PUT',
    headers: { 'content-type': 'image/png' },
    body: png,
  });
  if (put.status !== 200) throw new Error(`PUT of a ${png.length}-byte photo: ${put.status} ${await put.text()}`);
  const confirmed = await call(`user/uploaded-file/${String(initiated.file_id)}`, {
    method: 'PUT',
    token,
    body: { file_key: initiated.file_key, file_url: initiated.file_url },
  });
  console.error(`uploaded ${png.length} bytes`);
  console.log(new URL(confirmed.file_url as string).pathname);
}

async function photo(email: string, path: string) {
  await call('user/auth/student/login', { body: { email, password: PASSWORD } });
  const served = await fetch(`${origin}${path}`);
  const type = served.headers.get('content-type');
  if (served.status !== 200 || type !== 'image/png') throw new Error(`${path}: ${served.status} ${type}`);
  console.log(`${path}: 200 ${type}, ${(await served.arrayBuffer()).byteLength} bytes`);
}

async function price(courseId: string) {
  const data = await call(`user/courses/${courseId}`);
  console.log((data.courseDetails as { price: string }).price);
}

if (command === 'signup') await signup(rest[0]!, rest[1]!);
else if (command === 'photo') await photo(rest[0]!, rest[1]!);
else if (command === 'price') await price(rest[0]!);
else throw new Error(`Unknown command ${command}`);
