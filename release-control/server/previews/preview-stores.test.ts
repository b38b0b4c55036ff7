import { mkdtemp, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { redisForFile } from '../../test-support/for-file';
import { FilePreviewStore } from './preview-store';
import { previewRecord, previewStoreContract } from './preview-store.contract';
import { RedisPreviewStore } from './redis-preview-store';

const redis = redisForFile();

previewStoreContract('FilePreviewStore', async () => new FilePreviewStore(join(await mkdtemp(join(tmpdir(), 'shop-previews-')), 'previews.json')));
previewStoreContract('RedisPreviewStore', async () => new RedisPreviewStore(redis.client(), redis.prefix()));

describe('FilePreviewStore', () => {
  it('keeps its file readable by its owner only, and keeps both of two previews saved at once', async () => {
    const path = join(await mkdtemp(join(tmpdir(), 'shop-previews-')), 'previews.json');
    const store = new FilePreviewStore(path);
    await Promise.all([store.save(previewRecord()), store.save(previewRecord())]);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await new FilePreviewStore(path).list()).toHaveLength(2);
  });
});
