// The address a code page is about: the one in its link (?email=, from the e-mail), else the one the
// browser remembers sending a code to. The page is prebuilt without it: its load script shows it
// (code-page-at-load.ts), and the first render starts from what it showed; read again after hydration.
import { useEffect, useEffectEvent, useState } from 'react';
import { EmailSchema } from '#lib/schemas/fields.ts';
import * as v from 'valibot';
import { emailAtLoad } from '../code-page-at-load.ts';
import { rememberedEmail, rememberEmail, type CodeFlow } from '../sent-codes.ts';

export function useKnownEmail(purpose: CodeFlow, onFound: (email: string) => void): string | null {
  const [known, setKnown] = useState<string | null>(() => emailAtLoad() || null);
  const found = useEffectEvent(onFound);
  useEffect(() => {
    const fromLink = v.safeParse(EmailSchema, new URLSearchParams(location.search).get('email') ?? '');
    const email = fromLink.success ? fromLink.output : rememberedEmail(purpose);
    if (!email) return;
    if (fromLink.success) rememberEmail(purpose, email);
    setKnown(email);
    found(email);
  }, []);
  return known;
}
