import { describe, expect, it } from 'vitest';
import { readReleaseStoreConfig, ReleaseStoreConfigError } from './store-config';

describe('readReleaseStoreConfig', () => {
  it('publishes to a bucket on an S3-compatible server, path-style, its public URL the endpoint’s by default', () => {
    const env = { RELEASES_BUCKET: 'releases', RELEASES_PREFIX: '/boutique/versions/', AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9000/', AWS_REGION: 'eu-west-3' };
    expect(readReleaseStoreConfig('mf_cart', env)).toEqual({
      kind: 'bucket',
      bucket: 'releases',
      prefix: 'boutique/versions',
      publicBase: 'http://127.0.0.1:9000/releases/boutique/versions',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-3',
    });
    expect(readReleaseStoreConfig('mf_cart', { RELEASES_BUCKET: 'releases', AWS_ENDPOINT_URL: 'https://s3.example.net' })).toMatchObject({
      prefix: '',
      publicBase: 'https://s3.example.net/releases',
      endpoint: 'https://s3.example.net',
      region: 'us-east-1',
    });
  });

  it('publishes to a bucket on AWS with the public URL given, a CDN’s, the prefix included', () => {
    const env = { RELEASES_BUCKET: 'maison-argane-releases', RELEASES_PREFIX: 'v', RELEASES_PUBLIC_URL: 'https://cdn.maison-argane.ma/v/', AWS_ENDPOINT_URL: '' };
    expect(readReleaseStoreConfig('mf_frame', env)).toEqual({
      kind: 'bucket',
      bucket: 'maison-argane-releases',
      prefix: 'v',
      publicBase: 'https://cdn.maison-argane.ma/v',
      endpoint: undefined,
      region: 'us-east-1',
    });
  });

  it('publishes to a release server’s folder without a bucket, served by default on the remote’s own port', () => {
    expect(readReleaseStoreConfig('mf_cart', { RELEASES_DIR: 'dist', RELEASES_BUCKET: '' }, '/srv/mf-cart')).toEqual({
      kind: 'folder',
      root: '/srv/mf-cart/dist',
      publicBase: 'http://localhost:3002',
    });
    expect(readReleaseStoreConfig('mf_catalog_pages', { RELEASES_DIR: '/srv/pages', RELEASES_PUBLIC_URL: 'https://pages.example.ma' })).toEqual({
      kind: 'folder',
      root: '/srv/pages',
      publicBase: 'https://pages.example.ma',
    });
  });

  it('says which variable to set when there is neither a bucket nor a folder', () => {
    expect(() => readReleaseStoreConfig('mf_cart', {})).toThrow(/^Configuration de publication invalide :\n {2}- RELEASES_BUCKET : définissez le seau où publier \(ou RELEASES_DIR/);
  });

  it('lists every bad variable at once', () => {
    const env = {
      RELEASES_BUCKET: 'Bad_Bucket',
      RELEASES_PREFIX: 'a/../b',
      RELEASES_PUBLIC_URL: 'ftp://cdn.example',
      AWS_ENDPOINT_URL_S3: 'localhost:9000',
      AWS_REGION: 'Europe (Paris)',
    };
    let error: unknown;
    try {
      readReleaseStoreConfig('mf_cart', env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ReleaseStoreConfigError);
    expect((error as ReleaseStoreConfigError).problems.map((problem) => problem.split(' : ')[0])).toEqual([
      'RELEASES_BUCKET',
      'RELEASES_PREFIX',
      'RELEASES_PUBLIC_URL',
      'AWS_ENDPOINT_URL_S3',
      'AWS_REGION',
    ]);
    expect(() => readReleaseStoreConfig('mf_cart', { RELEASES_BUCKET: 'releases' })).toThrow(/- RELEASES_PUBLIC_URL : requis pour un seau d’AWS/);
  });
});
