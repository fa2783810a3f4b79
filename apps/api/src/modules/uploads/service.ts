import { uploadMessages, uploadRules, type UploadKind } from '@letsema/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files, users } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { newStorageKey, type Storage } from '../../lib/storage.js';
import { readCooperativeSettings, uploadQuotaBytes, type CooperativeDefaults } from '../cooperative/settings.js';
import type { KycService } from '../kyc/service.js';
import { processUpload } from './file-processing.js';

export const FILES_PREFIX = '/api/files/';

/** Stores uploads: checks the bytes, keeps the file under a random key, records who owns it. */
export function createUploadService(deps: {
  db: Db;
  storage: Storage;
  kyc: KycService;
  /** The installation's defaults of the cooperative's settings, of which the quota of files each account may keep. */
  defaults: CooperativeDefaults;
}) {
  const { db, storage, kyc } = deps;

  return {
    async upload(userId: string, kind: UploadKind, bytes: Buffer): Promise<{ url: string }> {
      const processed = await processUpload(bytes, uploadRules[kind].accepts);
      const key = newStorageKey(processed.extension);
      const url = `${FILES_PREFIX}${key}`;
      await storage.put(key, processed.body, processed.contentType);
      try {
        await db.transaction(async (tx) => {
          // The account's row is locked so that parallel uploads cannot both slip under the quota.
          await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
          const [used] = await tx
            .select({ bytes: sql<number>`coalesce(sum(${files.size}), 0)::bigint` })
            .from(files)
            .where(eq(files.ownerId, userId));
          const { uploadQuotaMb } = await readCooperativeSettings(tx, deps.defaults);
          if (Number(used?.bytes ?? 0) + processed.body.length > uploadQuotaBytes({ uploadQuotaMb })) {
            throw new AppError('PAYLOAD_TOO_LARGE', uploadMessages.quotaFull(uploadQuotaMb));
          }
          await tx.insert(files).values({
            key,
            ownerId: userId,
            kind,
            contentType: processed.contentType,
            size: processed.body.length,
          });
          if (kind === 'profile-picture') await kyc.attachMemberDocument(tx, userId, 'profilePictureUrl', url);
          if (kind === 'id-document') await kyc.attachMemberDocument(tx, userId, 'idDocumentUrl', url);
        });
      } catch (error) {
        // Nothing refers to the stored bytes if the record was not written.
        await storage.delete(key).catch(() => undefined);
        throw error;
      }
      return { url };
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
