// Writes src/lib/schemas/phone-metadata-ng.json: libphonenumber-js's metadata for Nigeria only.
// The full metadata costs the browser about 40 KB; ours is under 1 KB. Re-run after upgrading
// libphonenumber-js: node scripts/make-phone-metadata.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const full = JSON.parse(readFileSync('node_modules/libphonenumber-js/metadata.min.json', 'utf8'));
const ng = { version: full.version, country_calling_codes: { 234: ['NG'] }, countries: { NG: full.countries.NG }, nonGeographic: {} };
writeFileSync('src/lib/schemas/phone-metadata-ng.json', JSON.stringify(ng) + '\n');
console.log('Wrote src/lib/schemas/phone-metadata-ng.json');
