import * as v from 'valibot';
import { ContactSchema } from '/work/main/src/features/contact/schemas.ts';
const show = (x: unknown) => { const r = v.safeParse(ContactSchema, x); console.log(JSON.stringify(r.issues?.map(i => ({ kind: i.kind, type: i.type, exp: i.expected, rec: i.received, input: typeof i.input === 'string' ? i.input : typeof i.input, msg: i.message, path: i.path?.map(p => p.key) })))); };
show({ foo: 1, email: 'x', first_name: 3, __proto__x: 1 });
show(JSON.parse('{"__proto__": {"a":1}, "constructor": 1}'));
show([]);
show(null);
show({ first_name: 'a'.repeat(100), last_name: ' ', email: 'a'.repeat(260) + '@x.com', phone_number: '08031234567', message: 'hi' });
