// Writes src/lib/schemas/phone-metadata-ng.json: Nigeria's number pattern and possible lengths,
// taken from libphonenumber-js's metadata (Google's libphonenumber data). The browser then needs
// none of libphonenumber's code (about 20 KB gzip). Re-run after upgrading libphonenumber-js:
//   node scripts/content/make-phone-metadata.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const full = JSON.parse(readFileSync('node_modules/libphonenumber-js/metadata.min.json', 'utf8'));
const [callingCode, , pattern, lengths] = full.countries.NG;
const ng = { source: `libphonenumber-js metadata ${full.version}`, callingCode, pattern, lengths };
writeFileSync('src/lib/schemas/phone-metadata-ng.json', JSON.stringify(ng, null, 2) + '\n');
console.log('Wrote src/lib/schemas/phone-metadata-ng.json');
