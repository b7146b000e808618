import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LAYOUT,
  clampPanelSize,
  panelMode,
  panelWidth,
  parseLayout,
  resolveResize,
  sizeFromKey,
  sizeFromPointer,
} from './layout-math.js';

describe('side panel layout math', () => {
  it('defaults to [97, 3]', () => {
    expect(DEFAULT_LAYOUT).toEqual([97, 3]);
    expect(parseLayout(null)).toEqual([97, 3]);
  });

  it('keeps an open panel between 20 and 40 percent', () => {
    expect(clampPanelSize(10)).toBe(20);
    expect(clampPanelSize(33)).toBe(33);
    expect(clampPanelSize(75)).toBe(40);
  });

  it('reads a stored layout, repairing out-of-range and malformed ones', () => {
    expect(parseLayout('[70,30]')).toEqual([70, 30]);
    expect(parseLayout('[50,50]')).toEqual([60, 40]);
    expect(parseLayout('[88,12]')).toEqual([80, 20]);
    expect(parseLayout('[99,1]')).toEqual([97, 3]);
    expect(parseLayout('[70,20]')).toEqual([97, 3]);
    expect(parseLayout('{"a":1}')).toEqual([97, 3]);
    expect(parseLayout('not json')).toEqual([97, 3]);
  });

  it('snaps shut below the midpoint between collapsed (3) and minimum (20)', () => {
    expect(resolveResize(11)).toEqual({ collapsed: true, size: 3 });
    expect(resolveResize(12)).toEqual({ collapsed: false, size: 20 });
    expect(resolveResize(27.5)).toEqual({ collapsed: false, size: 27.5 });
    expect(resolveResize(90)).toEqual({ collapsed: false, size: 40 });
    expect(resolveResize(32.99999760646446)).toEqual({ collapsed: false, size: 33 });
  });

  it('hides the panel when fully collapsed, overlays it on small screens, otherwise shares the width', () => {
    expect(panelMode({ collapsed: false, fullCollapse: true }, false)).toBe('hidden');
    expect(panelMode({ collapsed: false, fullCollapse: true }, true)).toBe('hidden');
    expect(panelMode({ collapsed: false, fullCollapse: false }, true)).toBe('overlay');
    expect(panelMode({ collapsed: true, fullCollapse: false }, false)).toBe('collapsed');
    expect(panelMode({ collapsed: false, fullCollapse: false }, false)).toBe('open');
    expect(panelWidth('open', 30)).toBe(30);
    expect(panelWidth('collapsed', 30)).toBe(3);
    expect(panelWidth('hidden', 30)).toBe(0);
    expect(panelWidth('overlay', 30)).toBe(0);
  });

  it('measures the panel from the inline end, which is the left edge in right-to-left pages', () => {
    const box = { left: 100, width: 1000 };
    expect(sizeFromPointer(850, box, false)).toBe(25);
    expect(sizeFromPointer(350, box, true)).toBe(25);
  });

  it('moves the divider with the arrow keys in the direction of the page, Home and End to the limits', () => {
    expect(sizeFromKey('ArrowLeft', 25, false)).toBe(26);
    expect(sizeFromKey('ArrowRight', 25, false)).toBe(24);
    expect(sizeFromKey('ArrowLeft', 25, true)).toBe(24);
    expect(sizeFromKey('ArrowRight', 25, true, true)).toBe(35);
    expect(sizeFromKey('Home', 25, false)).toBe(20);
    expect(sizeFromKey('End', 25, false)).toBe(40);
    expect(sizeFromKey('a', 25, false)).toBeNull();
  });
});
