// Makes the raster icons (apple-touch-icon, the web app manifest's icons, favicon.ico, og-image) from
// public/favicon.svg: node scripts/content/make-icons.mjs
import sharp from 'sharp';
import { readFileSync, writeFileSync } from 'node:fs';
await sharp(readFileSync('public/favicon.svg'), { density: 900 })
  .resize(180, 180)
  .flatten({ background: '#1e1b4b' })
  .png({ compressionLevel: 9, palette: true })
  .toFile('public/icons/apple-touch-icon.png');
// The manifest's icons (src/pages/manifest.webmanifest.ts): the logo on its navy square at 192 and 512,
// and a maskable one whose mark stays inside the middle 80 % a launcher may cut to a circle.
for (const size of [192, 512]) {
  await sharp(readFileSync('public/favicon.svg'), { density: 2400 })
    .resize(size, size)
    .flatten({ background: '#1e1b4b' })
    .png({ compressionLevel: 9, palette: true })
    .toFile(`public/icons/icon-${size}.png`);
}
const mark = readFileSync('public/favicon.svg', 'utf8').replace(/<rect [^>]*\/>/, '');
const maskable = mark.replace('viewBox="0 0 36 36"', 'viewBox="-9 -9 54 54"').replace(/width="36" height="36"/, 'width="512" height="512"');
await sharp(Buffer.from(maskable), { density: 900 })
  .resize(512, 512)
  .flatten({ background: '#1e1b4b' })
  .png({ compressionLevel: 9, palette: true })
  .toFile('public/icons/icon-maskable-512.png');
const png32 = await sharp(readFileSync('public/favicon.svg'), { density: 300 }).resize(32, 32).png().toBuffer();
// An .ico holding one 32x32 PNG image (Vista+ format).
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(1, 4);
header.writeUInt8(32, 6);
header.writeUInt8(32, 7);
header.writeUInt8(0, 8);
header.writeUInt8(0, 9);
header.writeUInt16LE(1, 10);
header.writeUInt16LE(32, 12);
header.writeUInt32LE(png32.length, 14);
header.writeUInt32LE(22, 18);
writeFileSync('public/favicon.ico', Buffer.concat([header, png32]));
const og = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630"><rect width="1200" height="630" fill="#1e1b4b"/><rect x="60" y="60" width="1080" height="510" rx="24" fill="none" stroke="#b45309" stroke-width="6" stroke-dasharray="18 12"/><g transform="translate(120 215) scale(5.6)"><path d="M8 26 18 8l10 18M12.5 19h11" fill="none" stroke="#fde7c7" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/><circle cx="18" cy="27.5" r="2" fill="#b45309"/></g><text x="360" y="300" font-family="DejaVu Serif, Georgia, serif" font-size="64" font-weight="700" fill="#ffffff">Adire Fashion Academy</text><text x="360" y="380" font-family="DejaVu Sans, sans-serif" font-size="34" fill="#fde7c7">Africa's Leading Fashion Academy · Lagos</text></svg>`,
);
await sharp(og).png({ compressionLevel: 9, palette: true }).toFile('public/icons/og-image.png');
console.log('icons done');
