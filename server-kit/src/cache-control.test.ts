import { describe, expect, it } from 'vitest';
import { cacheControlFor, IMMUTABLE, REVALIDATE } from './cache-control';

describe('cacheControlFor', () => {
  it('keeps hashed static files a year, as immutable', () => {
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('static/js/index.1a2b3c.js')).toBe(IMMUTABLE);
    expect(cacheControlFor('1.0.0/static/css/async/5.577eb08f36.css')).toBe(IMMUTABLE);
    expect(cacheControlFor('1.0.0\\static\\js\\remoteEntry.9f8e.js')).toBe(IMMUTABLE);
  });

  it('has browsers revalidate manifests and pages', () => {
    expect(REVALIDATE).toBe('no-cache');
    expect(cacheControlFor('index.html')).toBe(REVALIDATE);
    expect(cacheControlFor('1.0.0/mf-manifest.json')).toBe(REVALIDATE);
    expect(cacheControlFor('1.0.0/harness/index.html')).toBe(REVALIDATE);
    // A file merely named like the folder is not in it.
    expect(cacheControlFor('1.0.0/mystatic/x.js')).toBe(REVALIDATE);
    expect(cacheControlFor('static.json')).toBe(REVALIDATE);
  });
});
