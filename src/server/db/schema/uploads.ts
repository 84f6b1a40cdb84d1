// Files students upload (the profile picture): the record the API's upload calls speak of. The key
// is random, never made from the uploader's file name; a file is 'stored' only once its bytes were
// checked (size and type) at confirmation, after it was moved out of its upload URL's reach.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { students } from './accounts.ts';
import { instant } from './columns.ts';

export const UPLOAD_STATUSES = ['pending', 'stored'] as const;

export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** The picture's key (file_key in the API), from initiation on: the file moves here when confirmed. */
    fileKey: text('file_key').notNull(),
    /**
     * The key the signed upload URL names, where the bytes land until confirmed (the same as file_key
     * for uploads made before there were two keys). Emptied once the URL has expired and whatever it
     * may still have written after the confirmation is deleted.
     */
    uploadKey: text('upload_key'),
    /** As the uploader named it, for display only. */
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    /** Declared at initiation, in bytes; the stored file may not be larger. */
    fileSize: integer('file_size').notNull(),
    fileType: text('file_type').notNull(),
    fileExtension: text('file_extension').notNull(),
    status: text('status', { enum: UPLOAD_STATUSES }).notNull().default('pending'),
    createdAt: instant('created_at').notNull(),
    storedAt: instant('stored_at'),
  },
  (table) => [
    uniqueIndex('uploads_file_key_key').on(table.fileKey),
    uniqueIndex('uploads_upload_key_key').on(table.uploadKey),
    index('uploads_student_idx').on(table.studentId),
    check('uploads_status_check', sql`${table.status} in ('pending', 'stored')`),
  ],
);
