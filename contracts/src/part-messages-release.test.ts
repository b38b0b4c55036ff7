import { describe, expect, it } from 'vitest';
import { isMessagesChunk, messagesChunkName } from './part-messages-release';

describe('messages chunks', () => {
  it('are named after their language and group', () => {
    expect(messagesChunkName('ar-MA', 'cart')).toBe('messages-ar-MA-cart');
    expect(messagesChunkName('fr-MA')).toBe('messages-fr-MA');
  });

  it('are found among a release’s files, of any group or of the groups named', () => {
    const files = ['static/js/async/messages-fr-MA.1a.js', 'static/js/async/messages-fr-MA-header.2b.js', 'static/js/async/messages-fr-MA-navigation.3c.js', 'static/js/async/messages-ar-MA-header.4d.js', 'static/js/async/header.5e.js'];
    expect(files.filter((file) => isMessagesChunk(file, 'fr-MA'))).toEqual(files.slice(0, 3));
    expect(files.filter((file) => isMessagesChunk(file, 'fr-MA', ['header']))).toEqual([files[1]]);
    expect(files.filter((file) => isMessagesChunk(file, 'ar-MA', ['header']))).toEqual([files[3]]);
    expect(files.filter((file) => isMessagesChunk(file, 'fr-MA', ['']))).toEqual([files[0]]);
    expect(files.filter((file) => isMessagesChunk(file, 'fr-MA', []))).toEqual([]);
  });
});
