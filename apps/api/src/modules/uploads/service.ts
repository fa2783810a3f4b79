import { uploadRules, type UploadKind } from '@letsema/domain';
import type { Db } from '../../db/client.js';
import { files } from '../../db/schema.js';
import { newStorageKey, type Storage } from '../../lib/storage.js';
import type { KycService } from '../kyc/service.js';
import { processUpload } from './file-processing.js';

export const FILES_PREFIX = '/api/files/';

/** Stores uploads: checks the bytes, keeps the file under a random key, records who owns it. */
export function createUploadService(deps: { db: Db; storage: Storage; kyc: KycService }) {
  const { db, storage, kyc } = deps;

  return {
    async upload(userId: string, kind: UploadKind, bytes: Buffer): Promise<{ url: string }> {
      const processed = await processUpload(bytes, uploadRules[kind].accepts);
      const key = newStorageKey(processed.extension);
      const url = `${FILES_PREFIX}${key}`;
      await storage.put(key, processed.body, processed.contentType);
      try {
        await db.transaction(async (tx) => {
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
