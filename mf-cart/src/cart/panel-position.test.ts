import { describe, expect, it } from 'vitest';
import { mobilePanelGeometry } from './panel-position';

describe('mobilePanelGeometry', () => {
  it('on a 375x667 phone: 92% of the width, under the button, at most 70% of the height, inside the screen', () => {
    const g = mobilePanelGeometry({ bottom: 60, right: 360 }, 375, 667);
    expect(g.width).toBeCloseTo(345);
    expect(g.top).toBe(68);
    expect(g.maxHeight).toBeCloseTo(466.9);
    expect(g.left).toBeGreaterThanOrEqual(0);
    expect(g.left + g.width).toBeLessThanOrEqual(375);
  });

  it('on a 768 px tablet: capped at 360 px and aligned with the button’s right edge', () => {
    const g = mobilePanelGeometry({ bottom: 80, right: 700 }, 768, 1024);
    expect(g.width).toBe(360);
    expect(g.left + g.width).toBe(700);
  });

  it('stays on screen when the button is near the left edge', () => {
    const g = mobilePanelGeometry({ bottom: 80, right: 50 }, 768, 1024);
    expect(g.left).toBeGreaterThanOrEqual(0);
  });
});
