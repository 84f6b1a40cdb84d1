// Scholarship codes: drawn from the operating system's CSPRNG, shown once to the admin who makes
// them, kept only as SHA-256 hashes. 32 letters and digits (no 0/O, no 1/I), so a byte's low five
// bits pick one without bias; 10 of them are 50 bits, and guesses are limited like passwords
// (./code-tries.ts).
import { randomBytes } from 'node:crypto';
import { sha256 } from '#server/auth/tokens.ts';
import { CODE_ALPHABET, CODE_LENGTH } from '#lib/schemas/scholarships.ts';

export const newScholarshipCode = (): string => [...randomBytes(CODE_LENGTH)].map((byte) => CODE_ALPHABET[byte % 32]).join('');

/** The hash a code is found by: of its normalised form (upper case, no spaces or dashes). */
export const scholarshipCodeHash = (code: string): string => sha256(`scholarship-code:${code}`);
