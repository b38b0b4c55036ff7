import { describe, expect, it } from 'vitest';
import { trapTarget } from './focus-trap';

describe('trapTarget', () => {
  const items = ['close', 'field', 'submit'];

  it('wraps Tab from the last element to the first, and Shift+Tab from the first to the last', () => {
    expect(trapTarget(items, 'submit', false)).toBe('close');
    expect(trapTarget(items, 'close', true)).toBe('submit');
  });

  it('leaves moves inside the dialog to the browser', () => {
    expect(trapTarget(items, 'close', false)).toBeNull();
    expect(trapTarget(items, 'submit', true)).toBeNull();
  });

  it('brings focus back inside when it is elsewhere', () => {
    expect(trapTarget(items, 'body', false)).toBe('close');
    expect(trapTarget(items, 'body', true)).toBe('submit');
  });

  it('does nothing without focusable elements', () => {
    expect(trapTarget([], 'body', false)).toBeNull();
  });
});
