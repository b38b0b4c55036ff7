import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBucket, type TestBucket } from '@shop/server-kit/release-store/test-bucket';
import { bucketPhotoStorage, folderPhotoStorage, type PhotoStorage } from './photo-storage';

/** The same expectations of every storage: what is put is got back with its type; nothing else is. */
function storageContract(name: string, open: () => Promise<{ storage: PhotoStorage; close(): Promise<void> }>) {
  describe(`PhotoStorage: ${name}`, () => {
    let opened: Awaited<ReturnType<typeof open>>;
    beforeAll(async () => {
      opened = await open();
    });
    afterAll(() => opened.close());

    it('keeps a rendition under its key and file, with its type, and knows no other', async () => {
      const bytes = Buffer.from([0xff, 0xd8, 0xff, 0x00, 1, 2, 3]);
      await opened.storage.put('0123456789abcdef', '320x240.jpg', bytes, 'image/jpeg');
      expect(await opened.storage.get('0123456789abcdef', '320x240.jpg')).toEqual({ bytes, type: 'image/jpeg' });
      expect(await opened.storage.get('0123456789abcdef', '640x480.jpg')).toBeUndefined();
      await expect(opened.storage.get('../../etc', 'passwd')).rejects.toThrow(/not a rendition/);
    });
  });
}

storageContract('data directory', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'photos-'));
  return { storage: folderPhotoStorage(dir), close: () => rm(dir, { recursive: true, force: true }) };
});

storageContract('S3-compatible bucket (s3rver on loopback)', async () => {
  const bucket: TestBucket = await startTestBucket({ bucket: 'photos', prefix: 'boutique/photos' });
  const client = bucket.client();
  return {
    storage: bucketPhotoStorage(bucket.settings, client),
    close: async () => {
      client.destroy();
      await bucket.stop();
    },
  };
});
