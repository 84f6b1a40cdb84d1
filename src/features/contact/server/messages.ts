// Contact messages and tutor requests: stored, then mailed to the staff address. A 201 means both
// happened; when the mail cannot go out the stored row is removed again and the visitor is told to
// try later (503), so a message is never kept that nobody was told about.
import { eq } from 'drizzle-orm';
import { contactMessages, type ContactKind } from '#server/db/schema.ts';
import type { ApiServices } from '#server/deps.ts';
import { MailUnavailableError } from '#server/mail/mailer.ts';
import type { ContactMessage } from '../schemas.ts';
import { composeStaffMail } from './staff-mail.ts';

export async function receiveContactMessage(services: ApiServices, kind: ContactKind, message: ContactMessage): Promise<string> {
  const { db, mailer, env } = services;
  const [row] = await db
    .insert(contactMessages)
    .values({
      kind,
      firstName: message.first_name,
      lastName: message.last_name,
      email: message.email,
      phoneNumber: message.phone_number,
      message: message.message,
    })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error('Storing a contact message returned no row');
  try {
    await mailer.send(composeStaffMail(kind, message, env.STAFF_EMAIL));
  } catch (error) {
    await db
      .delete(contactMessages)
      .where(eq(contactMessages.id, row.id))
      .catch((cleanupError: unknown) => services.log.error(`[contact] could not remove unsent message ${row.id}`, cleanupError));
    // The 503's log line then says which row was given up (by id and kind: nothing of its content).
    if (error instanceof MailUnavailableError)
      throw new MailUnavailableError(`${error.message}; ${kind} message ${row.id} removed`, { cause: error.cause });
    throw error;
  }
  await db.update(contactMessages).set({ mailedAt: services.clock() }).where(eq(contactMessages.id, row.id));
  return row.id;
}
